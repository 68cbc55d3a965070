import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  makeStyles,
} from '@fluentui/react-components';
import { AddRegular, SubtractRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiKey, type ApiKeyInput, endpoints } from '@shared';
import { call } from '../../../api/client';
import { useData } from '../../../api/use-data';
import { handleError, showSuccess } from '../../../feedback/handle-error';
import { hasClaim, sessionAtom } from '../../../session/session';
import { formatDate } from '../../../table/format';
import { Collapse } from '../../../ui/Collapse';
import { Panel } from '../../../ui/Panel';
import { ApiKeyForm } from './ApiKeyForm';
import { KeyShownOnceDialog } from './KeyShownOnceDialog';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: '8px', marginBottom: '8px' },
  title: { flexGrow: 1, margin: 0 },
  intro: { display: 'block', marginBottom: '12px' },
});
const KEYS = ['api-keys'] as const;

/** Administration → Integrations → API keys: create (shown once), list, revoke. */
export function ApiKeysPanel() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  const canEdit = hasClaim(session, 'Administration.Integrations.Edit');
  const keys = useData(KEYS, () => call(endpoints.apiKeys), t('apiKeys.loadFailed'));
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string }>();
  const [revoking, setRevoking] = useState<ApiKey>();

  const create = async (input: ApiKeyInput) => {
    try {
      const answer = await call(endpoints.createApiKey, { body: input });
      setCreated({ name: answer.apiKey.name, key: answer.key });
      setAdding(false);
      void keys.invalidate();
      return true;
    } catch (err) {
      handleError(err, t('apiKeys.createFailed'));
      return false;
    }
  };
  const revoke = async () => {
    if (!revoking) return;
    try {
      showSuccess(await call(endpoints.revokeApiKey, { params: { id: revoking.id } }), t('apiKeys.revoke'));
      setRevoking(undefined);
      void keys.invalidate();
    } catch (err) {
      handleError(err, t('apiKeys.revokeFailed'));
    }
  };
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : t('apiKeys.never'));

  return (
    <div data-testid="api-keys">
      <div className={styles.bar}>
        <Title3 as="h2" className={styles.title}>
          {t('apiKeys.title')}
        </Title3>
        {canEdit && (
          <Button appearance="primary" icon={adding ? <SubtractRegular /> : <AddRegular />} onClick={() => setAdding((a) => !a)} aria-expanded={adding}>
            {t('apiKeys.create')}
          </Button>
        )}
      </div>
      <Text className={styles.intro}>{t('apiKeys.intro')}</Text>
      {canEdit && (
        <Collapse open={adding} testId="api-key-create">
          <Panel>
            <ApiKeyForm onSubmit={create} />
          </Panel>
        </Collapse>
      )}
      <Panel>
        <Table aria-label={t('apiKeys.title')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('apiKeys.name')}</TableHeaderCell>
              <TableHeaderCell>{t('apiKeys.keyId')}</TableHeaderCell>
              <TableHeaderCell>{t('apiKeys.reach')}</TableHeaderCell>
              <TableHeaderCell>{t('apiKeys.createdAt')}</TableHeaderCell>
              <TableHeaderCell>{t('apiKeys.lastUsed')}</TableHeaderCell>
              <TableHeaderCell>{t('apiKeys.status')}</TableHeaderCell>
              <TableHeaderCell>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(keys.data ?? []).map((k) => (
              <TableRow key={k.id}>
                <TableCell>
                  <bdi>{k.name}</bdi>
                </TableCell>
                <TableCell>
                  <bdi dir="ltr">hgs_live_{k.keyId}…</bdi>
                </TableCell>
                <TableCell>{k.hotelName ?? t('apiKeys.wholeChain')}</TableCell>
                <TableCell>
                  {date(k.createdAt)}
                  {k.createdBy && <Text size={200}> · {k.createdBy}</Text>}
                </TableCell>
                <TableCell>{date(k.lastUsedAt)}</TableCell>
                <TableCell>
                  {k.revokedAt ? (
                    <Badge appearance="tint" color="danger">
                      {t('apiKeys.revokedOn', { date: formatDate(k.revokedAt, i18n.language) })}
                    </Badge>
                  ) : (
                    <Badge appearance="tint" color="success">
                      {t('apiKeys.active')}
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  {canEdit && !k.revokedAt && (
                    <Button size="small" onClick={() => setRevoking(k)} aria-label={`${t('apiKeys.revoke')} ${k.name}`}>
                      {t('apiKeys.revoke')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Panel>
      {created && <KeyShownOnceDialog name={created.name} apiKey={created.key} onClose={() => setCreated(undefined)} />}
      <Dialog open={!!revoking} onOpenChange={(_, d) => !d.open && setRevoking(undefined)}>
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>{t('apiKeys.revokeTitle', { name: revoking?.name ?? '' })}</DialogTitle>
            <DialogContent>{t('apiKeys.revokeText')}</DialogContent>
            <DialogActions>
              <Button onClick={() => setRevoking(undefined)}>{t('apiKeys.cancel')}</Button>
              <Button appearance="primary" onClick={() => void revoke()}>
                {t('apiKeys.revoke')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
