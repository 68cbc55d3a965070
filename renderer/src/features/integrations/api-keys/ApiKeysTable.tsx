import { Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@shared';
import { formatDate } from '../../../table/format';

/** The API keys, active or revoked, with a revoke button on each active one for those who may. */
export function ApiKeysTable({ keys, canEdit, onRevoke }: { keys: ApiKey[]; canEdit: boolean; onRevoke(key: ApiKey): void }) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : t('apiKeys.never'));
  return (
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
        {keys.map((k) => (
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
                <Button size="small" onClick={() => onRevoke(k)} aria-label={`${t('apiKeys.revoke')} ${k.name}`}>
                  {t('apiKeys.revoke')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
