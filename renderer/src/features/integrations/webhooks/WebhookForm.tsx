import { Button, Checkbox, Field, Input, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lookup, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, type WebhookEventType, type WebhookSubscriptionInput } from '@shared';
import { HotelSelect } from '../../../ui/HotelSelect';

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px', maxWidth: '720px' },
  events: { display: 'flex', flexWrap: 'wrap', columnGap: '12px', border: 'none', padding: 0, margin: 0 },
  actions: { display: 'flex', gap: '8px' },
});

/** A new subscription: its URL, the events it wants, one hotel or the whole chain (`hotels`: the first is the default when the chain is not allowed). */
export function WebhookForm({ hotels, chainAllowed, onSubmit, onCancel }: { hotels: Lookup[]; chainAllowed: boolean; onSubmit: (input: WebhookSubscriptionInput) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['request.created', 'line.changed']);
  const [hotel, setHotel] = useState<string>(chainAllowed ? '' : String(hotels[0]?.id ?? ''));
  const [notes, setNotes] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((now) => (on ? [...now, type] : now.filter((e) => e !== type)));
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit({ url: url.trim(), eventTypes: events, hotelId: hotel ? Number(hotel) : null, includeInternalNotes: notes });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field label={t('webhooks.url')} hint={t('webhooks.urlHint')} required>
        <Input dir="ltr" type="url" value={url} maxLength={WEBHOOK_URL_MAX} onChange={(_, d) => setUrl(d.value)} placeholder="https://example.com/hooks" />
      </Field>
      {/* A group of its own: a Field would give every box the group's label as its name. */}
      <fieldset className={styles.events}>
        <legend>{t('webhooks.events')}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox key={type} label={t(`webhooks.types.${type}`)} checked={events.includes(type)} onChange={(_, d) => toggle(type, d.checked === true)} />
        ))}
      </fieldset>
      {events.includes('message.added') && <Checkbox label={t('webhooks.includeNotes')} checked={notes} onChange={(_, d) => setNotes(d.checked === true)} />}
      <Field label={t('webhooks.hotel')}>
        <HotelSelect hotels={hotels} value={hotel} onChange={setHotel}>
          {chainAllowed && <option value="">{t('webhooks.allHotels')}</option>}
        </HotelSelect>
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={busy || !url.trim() || !events.length}>
          {t('webhooks.create')}
        </Button>
        <Button onClick={onCancel}>{t('webhooks.cancel')}</Button>
      </div>
    </form>
  );
}
