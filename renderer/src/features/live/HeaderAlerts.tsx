import { Button, CounterBadge, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { AlertBadgeRegular, AlertRegular, Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { clientRoutes } from '@shared/routes';
import { platform } from '../../platform';
import { newRequestsAtom } from './LiveAlerts';
import { liveSoundAtom } from './sound';

const useStyles = makeStyles({
  onBrand: { color: tokens.colorNeutralForegroundOnBrand },
  bell: { position: 'relative', display: 'inline-flex' },
  count: { position: 'absolute', top: '0', insetInlineEnd: '0', pointerEvents: 'none' },
});

/**
 * The header's live controls: the bell with the count of new requests (a click opens
 * Guests Requests, or only clears the count for a user who cannot open it), and the
 * chime's on/off switch (the same switch as on the lists). In a browser that has not
 * yet been asked, a third button asks to show new requests as desktop notifications
 * (browsers only ask from a click); the desktop app always shows them.
 */
export function HeaderAlerts({ canOpenList }: { canOpenList: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [count, setCount] = useAtom(newRequestsAtom);
  const [sound, setSound] = useAtom(liveSoundAtom);
  const [notifyPermission, setNotifyPermission] = useState(platform.notifyPermission);
  const bellLabel = count > 0 ? t('alerts.bellCount', { count }) : t('alerts.bell');
  return (
    <>
      <span className={styles.bell}>
        <Tooltip content={bellLabel} relationship="label">
          <Button
            appearance="transparent"
            className={styles.onBrand}
            icon={<AlertRegular />}
            data-testid="alerts-bell"
            onClick={() => {
              setCount(0);
              if (canOpenList) navigate(clientRoutes.requestList);
            }}
          />
        </Tooltip>
        {count > 0 && <CounterBadge className={styles.count} count={count} overflowCount={99} size="small" color="danger" data-testid="alerts-count" aria-hidden />}
      </span>
      <Tooltip content={t('p2.live.sound')} relationship="label">
        <Button
          appearance="transparent"
          className={styles.onBrand}
          icon={sound ? <Speaker2Regular /> : <SpeakerMuteRegular />}
          aria-pressed={sound}
          onClick={() => setSound(!sound)}
          data-testid="alerts-sound"
        />
      </Tooltip>
      {notifyPermission === 'ask' && (
        <Tooltip content={t('alerts.askNotify')} relationship="label">
          <Button
            appearance="transparent"
            className={styles.onBrand}
            icon={<AlertBadgeRegular />}
            onClick={() => void platform.askNotifyPermission().then(setNotifyPermission)}
            data-testid="alerts-ask-notify"
          />
        </Tooltip>
      )}
    </>
  );
}
