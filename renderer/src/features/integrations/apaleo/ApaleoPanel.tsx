import './strings';
import { Button, Field, Input, Switch, Text, Title3, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApaleoSettings, endpoints } from '@shared';
import { call } from '../../../api/client';
import { handleError } from '../../../feedback/handle-error';
import { showToast } from '../../../feedback/toast';
import { HotelSelect } from '../../../ui/HotelSelect';
import { Panel } from '../../../ui/Panel';

const useStyles = makeStyles({
  intro: { display: 'block', margin: '8px 0 12px' },
  form: { display: 'grid', gap: '12px', maxWidth: '480px' },
  url: { wordBreak: 'break-all' },
});

/** A hotel's apaleo connection: property id, client id, the write-only client secret, on/off. */
export function ApaleoPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [hotelId, setHotelId] = useState('');
  const [settings, setSettings] = useState<ApaleoSettings>();
  const [form, setForm] = useState({ enabled: false, propertyId: '', clientId: '', clientSecret: '' });
  const [busy, setBusy] = useState(false);
  const show = (loaded: ApaleoSettings) => {
    setSettings(loaded);
    setForm({ enabled: loaded.enabled, propertyId: loaded.propertyId, clientId: loaded.clientId, clientSecret: '' });
  };
  useEffect(() => {
    setSettings(undefined);
    if (!hotelId) return;
    call(endpoints.apaleoSettings, { query: { hotelId: Number(hotelId) } }).then(show, (err: unknown) => handleError(err, t('apaleo.loadFailed')));
  }, [hotelId, t]);
  const save = async () => {
    setBusy(true);
    try {
      const answer = await call(endpoints.saveApaleoSettings, {
        body: { hotelId: Number(hotelId), enabled: form.enabled, propertyId: form.propertyId.trim(), clientId: form.clientId.trim(), clientSecret: form.clientSecret },
      });
      show(answer.settings);
      showToast(answer.message || t('apaleo.saved'), 'success');
    } catch (err) {
      handleError(err, t('apaleo.saveFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="apaleo">
      <Title3 as="h2">{t('apaleo.title')}</Title3>
      <Text className={styles.intro}>{t('apaleo.intro')}</Text>
      <Panel>
        <div className={styles.form}>
          <Field label={t('apaleo.hotel')}>
            <HotelSelect value={hotelId} onChange={setHotelId}>
              <option value="" />
            </HotelSelect>
          </Field>
          {settings && (
            <>
              <Switch label={t('apaleo.enabled')} checked={form.enabled} disabled={!canEdit} onChange={(_, d) => setForm({ ...form, enabled: d.checked })} />
              <Field label={t('apaleo.propertyId')}>
                <Input dir="ltr" value={form.propertyId} maxLength={50} disabled={!canEdit} onChange={(_, d) => setForm({ ...form, propertyId: d.value })} />
              </Field>
              <Field label={t('apaleo.clientId')}>
                <Input dir="ltr" value={form.clientId} maxLength={200} disabled={!canEdit} onChange={(_, d) => setForm({ ...form, clientId: d.value })} />
              </Field>
              <Field label={t('apaleo.clientSecret')} hint={settings.hasClientSecret ? t('apaleo.secretSet') : t('apaleo.secretNotSet')}>
                <Input
                  dir="ltr"
                  type="password"
                  autoComplete="new-password"
                  value={form.clientSecret}
                  maxLength={500}
                  disabled={!canEdit}
                  onChange={(_, d) => setForm({ ...form, clientSecret: d.value })}
                />
              </Field>
              <Field label={t('apaleo.webhookUrl')}>
                <Text className={styles.url} dir="ltr">
                  {settings.webhookUrl}
                </Text>
              </Field>
              {canEdit && (
                <div>
                  <Button appearance="primary" disabled={busy} onClick={() => void save()}>
                    {t('apaleo.save')}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </Panel>
    </div>
  );
}
