import './strings';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, makeStyles } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type WebhookSubscription, type WebhookSubscriptionInput, endpoints } from '@shared';
import { call } from '../../../api/client';
import { useLookup } from '../../../api/use-lookups';
import { useData } from '../../../api/use-data';
import { handleError, showSuccess } from '../../../feedback/handle-error';
import { copyText } from '../../../ui/copy-text';
import { hasClaim, sessionAtom } from '../../../session/session';
import { Ltr } from '../../../ui/Ltr';
import { Panel } from '../../../ui/Panel';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { DeliveryLog } from './DeliveryLog';
import { WebhookForm } from './WebhookForm';
import { WebhooksTable } from './WebhooksTable';

const useStyles = makeStyles({
  secret: { fontFamily: 'monospace', wordBreak: 'break-all' },
});

/** The subscriptions: create one (its secret shown once), switch it on or off, read its delivery log. */
export function WebhooksPanel() {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  const canEdit = hasClaim(session, 'Administration.Integrations.Edit');
  const chainAllowed = session?.userRoles.includes('Admin') ?? false;
  const list = useData(['webhooks'], () => call(endpoints.webhooks), t('webhooks.loadFailed'));
  const hotels = useLookup('hotels');
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [copied, setCopied] = useState<boolean>();
  const [open, setOpen] = useState<WebhookSubscription>();

  const create = async (input: WebhookSubscriptionInput) => {
    try {
      const answer = await call(endpoints.addWebhook, { body: input });
      showSuccess(answer, t('webhooks.created'));
      setSecret(answer.secret);
      setCopied(undefined);
      setAdding(false);
      void list.invalidate();
    } catch (err) {
      handleError(err, t('webhooks.saveFailed'));
    }
  };
  const setEnabled = async (s: WebhookSubscription, enabled: boolean) => {
    try {
      showSuccess(await call(endpoints.setWebhookEnabled, { params: { id: s.id }, body: { enabled } }), enabled ? t('webhooks.enabled') : t('webhooks.disabled'));
      void list.invalidate();
    } catch (err) {
      handleError(err, t('webhooks.saveFailed'));
    }
  };
  const remove = async (s: WebhookSubscription) => {
    try {
      showSuccess(await call(endpoints.removeWebhook, { params: { id: s.id } }), t('webhooks.remove'));
      if (open?.id === s.id) setOpen(undefined);
      void list.invalidate();
    } catch (err) {
      handleError(err, t('webhooks.saveFailed'));
    }
  };
  const copy = async () => {
    if (!secret) return;
    // "Copied" only when it was: a refused clipboard must not send the user away without the secret.
    setCopied(await copyText(secret, () => null));
  };

  return (
    <div data-testid="webhooks">
      <ScreenHeader title={t('webhooks.title')}>
        {canEdit && !adding && (
          <Button appearance="primary" onClick={() => setAdding(true)}>
            {t('webhooks.add')}
          </Button>
        )}
      </ScreenHeader>
      <Text as="p">{t('webhooks.intro')}</Text>
      {secret && (
        <MessageBar intent="warning" data-testid="webhook-secret">
          <MessageBarBody>
            <MessageBarTitle>{t('webhooks.secretTitle')}</MessageBarTitle>
            {t('webhooks.secretOnce')}{' '}
            <Ltr className={styles.secret}>{secret}</Ltr>{' '}
            <Button size="small" onClick={() => void copy()}>
              {copied ? t('webhooks.copied') : t('webhooks.copy')}
            </Button>{' '}
            {copied === false && <Text block>{t('webhooks.notCopied')}</Text>}
            <Button size="small" onClick={() => setSecret(undefined)}>
              {t('webhooks.done')}
            </Button>
          </MessageBarBody>
        </MessageBar>
      )}
      {adding && (
        <Panel>
          <WebhookForm hotels={hotels} chainAllowed={chainAllowed} onSubmit={create} onCancel={() => setAdding(false)} />
        </Panel>
      )}
      {list.loading ? (
        <Spinner />
      ) : !list.data?.length ? (
        <Text as="p">{t('webhooks.empty')}</Text>
      ) : (
        <WebhooksTable subscriptions={list.data} canEdit={canEdit} onDeliveries={setOpen} onSetEnabled={(sub, enabled) => void setEnabled(sub, enabled)} onRemove={(sub) => void remove(sub)} />
      )}
      {open && (
        <Panel>
          <DeliveryLog subscription={open} canEdit={canEdit} onClose={() => setOpen(undefined)} />
        </Panel>
      )}
    </div>
  );
}
