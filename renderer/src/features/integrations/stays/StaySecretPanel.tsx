import { Button, Field, Select, Text, Title3, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lookup, endpoints } from '@shared';
import { call } from '../../../api/client';
import { handleError } from '../../../feedback/handle-error';
import { Panel } from '../../../ui/Panel';
import { KeyShownOnceDialog } from '../api-keys/KeyShownOnceDialog';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-end', gap: '8px', flexWrap: 'wrap' },
  intro: { display: 'block', margin: '8px 0 12px' },
});

/** The hotel's stay secret its PMS signs check-in, room move and check-out with; a new one is shown once. */
export function StaySecretPanel() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [hotels, setHotels] = useState<Lookup[]>([]);
  const [hotelId, setHotelId] = useState('');
  const [secret, setSecret] = useState<{ name: string; value: string }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call(endpoints.generateHotels).then(setHotels, () => setHotels([]));
  }, []);
  const make = async () => {
    if (!hotelId) return;
    setBusy(true);
    try {
      const answer = await call(endpoints.staySecret, { body: { hotelId: Number(hotelId) } });
      setSecret({ name: hotels.find((h) => String(h.id) === hotelId)?.name ?? '', value: answer.secret });
    } catch (err) {
      handleError(err, t('apiKeys.staySecretFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="stay-secret">
      <Title3 as="h2">{t('apiKeys.staysTitle')}</Title3>
      <Text className={styles.intro}>{t('apiKeys.staysIntro')}</Text>
      <Panel>
        <div className={styles.row}>
          <Field label={t('apiKeys.hotel')}>
            <Select value={hotelId} onChange={(_, d) => setHotelId(d.value)}>
              <option value="" />
              {hotels.map((h) => (
                <option key={h.id} value={String(h.id)}>
                  {h.name}
                </option>
              ))}
            </Select>
          </Field>
          <Button appearance="primary" disabled={!hotelId || busy} onClick={() => void make()}>
            {t('apiKeys.newStaySecret')}
          </Button>
        </div>
      </Panel>
      {secret && <KeyShownOnceDialog name={secret.name} apiKey={secret.value} onClose={() => setSecret(undefined)} />}
    </div>
  );
}
