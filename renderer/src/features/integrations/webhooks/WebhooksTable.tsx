import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { WebhookSubscription } from '@shared';
import { formatDate } from '../../../table/format';
import { Ltr } from '../../../ui/Ltr';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: '6px', flexWrap: 'wrap' },
});

interface WebhooksTableProps {
  subscriptions: WebhookSubscription[];
  canEdit: boolean;
  onDeliveries(subscription: WebhookSubscription): void;
  onSetEnabled(subscription: WebhookSubscription, enabled: boolean): void;
  onRemove(subscription: WebhookSubscription): void;
}

/** The subscriptions, each with its delivery log's button, and switching on or off and removing for those who may. */
export function WebhooksTable({ subscriptions, canEdit, onDeliveries, onSetEnabled, onRemove }: WebhooksTableProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  return (
    <Table aria-label={t('webhooks.title')} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('webhooks.url')}</TableHeaderCell>
          <TableHeaderCell>{t('webhooks.hotel')}</TableHeaderCell>
          <TableHeaderCell>{t('webhooks.events')}</TableHeaderCell>
          <TableHeaderCell>{t('webhooks.status')}</TableHeaderCell>
          <TableHeaderCell>{t('common.actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {subscriptions.map((s) => (
          <TableRow key={s.id} data-testid="webhook-row">
            <TableCell>
              <Ltr>{s.url}</Ltr>
            </TableCell>
            <TableCell>{s.hotelName ?? t('webhooks.allHotels')}</TableCell>
            <TableCell>{s.eventTypes.map((type) => t(`webhooks.types.${type}`)).join(i18n.language === 'ar' ? '، ' : ', ')}</TableCell>
            <TableCell>
              {s.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
              {s.failingSince && <Text block>{t('webhooks.failingSince', { at: formatDate(s.failingSince, i18n.language) })}</Text>}
            </TableCell>
            <TableCell>
              <div className={styles.actions}>
                <Button size="small" onClick={() => onDeliveries(s)}>
                  {t('webhooks.deliveries')}
                </Button>
                {canEdit && (
                  <>
                    <Button size="small" onClick={() => onSetEnabled(s, !s.enabled)}>
                      {s.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                    </Button>
                    <Button size="small" onClick={() => onRemove(s)}>
                      {t('webhooks.remove')}
                    </Button>
                  </>
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
