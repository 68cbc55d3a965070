import { Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { type WebhookSubscription, endpoints } from '@shared';
import { call } from '../../../api/client';
import { useData } from '../../../api/use-data';
import { handleError, showSuccess } from '../../../feedback/handle-error';
import { formatDate } from '../../../table/format';
import { Ltr } from '../../../ui/Ltr';

/** How often an open log reads again: the dispatcher changes it on its own (a try, a retry, a send again). */
export const LOG_REFRESH_MS = { pending: 2_000, settled: 5_000 };

/** One subscription's deliveries, newest first: state, tries, the receiver's code, time and answer; each can be sent again. */
export function DeliveryLog({ subscription, canEdit, onClose }: { subscription: WebhookSubscription; canEdit: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const log = useData(
    ['webhooks', 'deliveries', subscription.id],
    () => call(endpoints.webhookDeliveries, { params: { id: subscription.id }, query: { page: 1, pageSize: 50 } }),
    t('webhooks.loadFailed'),
    // Fresh on every opening, then kept fresh while open: a log read once showed "Pending" for ever.
    { staleTime: 0, refetchEveryMs: (page) => (page?.items.some((d) => d.state === 'pending') ? LOG_REFRESH_MS.pending : LOG_REFRESH_MS.settled) },
  );
  const resend = async (deliveryId: number) => {
    try {
      showSuccess(await call(endpoints.resendWebhookDelivery, { params: { id: subscription.id, deliveryId } }), t('webhooks.log.resent'));
      void log.invalidate();
    } catch (err) {
      handleError(err, t('webhooks.saveFailed'));
    }
  };
  return (
    <div data-testid="webhook-deliveries">
      <Text as="h2" weight="semibold">
        {t('webhooks.log.title', { url: subscription.url })}
      </Text>
      {log.loading ? (
        <Spinner />
      ) : !log.data?.items.length ? (
        <Text as="p">{t('webhooks.log.empty')}</Text>
      ) : (
        <Table aria-label={t('webhooks.deliveries')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('webhooks.log.event')}</TableHeaderCell>
              <TableHeaderCell>{t('webhooks.log.state')}</TableHeaderCell>
              <TableHeaderCell>{t('webhooks.log.attempts')}</TableHeaderCell>
              <TableHeaderCell>{t('webhooks.log.lastAttempt')}</TableHeaderCell>
              <TableHeaderCell>{t('webhooks.log.code')}</TableHeaderCell>
              <TableHeaderCell>{t('webhooks.log.latency')}</TableHeaderCell>
              <TableHeaderCell>{t('webhooks.log.response')}</TableHeaderCell>
              <TableHeaderCell>{t('webhooks.log.id')}</TableHeaderCell>
              {canEdit && <TableHeaderCell>{t('common.actions')}</TableHeaderCell>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {log.data.items.map((d) => (
              <TableRow key={d.id} data-testid="webhook-delivery">
                <TableCell>{t(`webhooks.types.${d.eventType}`)}</TableCell>
                <TableCell>{t(`webhooks.log.states.${d.state}`)}</TableCell>
                <TableCell>{d.attempts}</TableCell>
                <TableCell>{formatDate(d.lastAttemptAt, i18n.language)}</TableCell>
                <TableCell>{d.responseStatus ?? ''}</TableCell>
                <TableCell>{d.latencyMs === null ? '' : t('webhooks.log.ms', { ms: d.latencyMs })}</TableCell>
                <TableCell>
                  <Ltr title={d.response ?? ''}>{(d.response ?? '').slice(0, 80)}</Ltr>
                </TableCell>
                <TableCell>
                  <Ltr>{d.messageId}</Ltr>
                </TableCell>
                {canEdit && (
                  <TableCell>
                    {/* Kept in place while the delivery is tried: a button that vanished under the pointer dropped the focus to the page. */}
                    <Button size="small" disabledFocusable={d.state === 'pending'} onClick={() => void resend(d.id)}>
                      {t('webhooks.log.resend')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Button onClick={onClose}>{t('webhooks.log.close')}</Button>
    </div>
  );
}
