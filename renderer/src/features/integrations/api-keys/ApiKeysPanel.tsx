import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
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
import { Collapse } from '../../../ui/Collapse';
import { Panel } from '../../../ui/Panel';
import { ApiKeyForm } from './ApiKeyForm';
import { ApiKeysTable } from './ApiKeysTable';
import { KeyShownOnceDialog } from './KeyShownOnceDialog';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: '8px', marginBottom: '8px' },
  title: { flexGrow: 1, margin: 0 },
  intro: { display: 'block', marginBottom: '12px' },
});
const KEYS = ['api-keys'] as const;

/** Administration → Integrations → API keys: create (shown once), list, revoke. */
export function ApiKeysPanel() {
  const { t } = useTranslation();
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
        <ApiKeysTable keys={keys.data ?? []} canEdit={canEdit} onRevoke={setRevoking} />
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
