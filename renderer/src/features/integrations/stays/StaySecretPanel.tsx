import { Button, Field, Text, Title3, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@shared';
import { call } from '../../../api/client';
import { useLookup } from '../../../api/use-lookups';
import { handleError } from '../../../feedback/handle-error';
import { HotelSelect } from '../../../ui/HotelSelect';
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
  const hotels = useLookup('hotels');
  const [hotelId, setHotelId] = useState('');
  const [secret, setSecret] = useState<{ name: string; value: string }>();
  const [busy, setBusy] = useState(false);
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
            <HotelSelect hotels={hotels} value={hotelId} onChange={setHotelId}>
              <option value="" />
            </HotelSelect>
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
