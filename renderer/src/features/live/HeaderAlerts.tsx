import { Button, CounterBadge, Menu, MenuGroup, MenuGroupHeader, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { AlertBadgeRegular, AlertRegular, ClockAlarmRegular, Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { useAtom, useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { clientRoutes } from '@shared/routes';
import { platform } from '../../platform';
import { WAITING_LIST, newRequestsAtom, waitingLinesAtom } from './LiveAlerts';
import { liveConnectedAtom } from '../../api/live-events';
import { REPEAT_CHOICES_S, reminderSecondsAtom } from './reminders';
import { liveSoundAtom, useSoundAllowed } from './sound';
import './strings';

const useStyles = makeStyles({
  onBrand: { color: tokens.colorNeutralForegroundOnBrand },
  bell: { position: 'relative', display: 'inline-flex' },
  count: { position: 'absolute', top: '0', insetInlineEnd: '0', pointerEvents: 'none' },
});

/**
 * The header's live controls: the bell with the count of new requests (a click opens
 * Guests Requests, or only clears the count for a user who cannot open it), and the
 * chime's on/off switch (the same switch as on the lists), how often a line nobody has
 * acknowledged rings again (per machine). While the event stream is down the
 * bell says so: no alert can arrive until it is back. In a browser that has not
 * yet been asked, a third button asks to show new requests as desktop notifications
 * (browsers only ask from a click); the desktop app always shows them.
 */
export function HeaderAlerts({ canOpenList }: { canOpenList: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [newCount, setCount] = useAtom(newRequestsAtom);
  // A Service List user's bell counts what waits for them (their scope's lines nobody has taken) and opens that list.
  const waiting = useAtomValue(waitingLinesAtom);
  const count = waiting ?? newCount;
  const [sound, setSound] = useAtom(liveSoundAtom);
  const [repeat, setRepeat] = useAtom(reminderSecondsAtom);
  const [notifyPermission, setNotifyPermission] = useState(platform.notifyPermission);
  const live = useAtomValue(liveConnectedAtom);
  // The chime is on but the page may not play yet (no click since it loaded): it would be silent.
  const soundAllowed = useSoundAllowed();
  const blocked = sound && !soundAllowed;
  const unlocking = useRef(false);
  const countLabel = waiting !== undefined ? (count > 0 ? t('alerts.bellWaiting', { count }) : t('alerts.bellNoneWaiting')) : count > 0 ? t('alerts.bellCount', { count }) : t('alerts.bell');
  const bellLabel = `${countLabel}${live ? '' : ` (${t('alerts.bellOffline')})`}`;
  return (
    <>
      <span className={styles.bell}>
        <Tooltip content={bellLabel} relationship="label">
          <Button
            appearance="transparent"
            className={styles.onBrand}
            icon={<AlertRegular />}
            data-testid="alerts-bell"
            data-live={live ? 'on' : 'off'}
            onClick={() => {
              setCount(0);
              if (waiting !== undefined) navigate(WAITING_LIST);
              else if (canOpenList) navigate(clientRoutes.requestList);
            }}
          />
        </Tooltip>
        {count > 0 && <CounterBadge className={styles.count} count={count} overflowCount={99} size="small" color="danger" data-testid="alerts-count" aria-hidden />}
      </span>
      <Tooltip content={blocked ? t('alerts.soundBlocked') : t('live.sound')} relationship="label">
        <Button
          appearance="transparent"
          className={styles.onBrand}
          icon={sound && !blocked ? <Speaker2Regular /> : <SpeakerMuteRegular />}
          aria-pressed={sound}
          // While the page may not play yet, this click is the one that lets it: it keeps the chime on
          // (the gesture unlocks the page before the click arrives, so remember it from the press).
          onPointerDown={() => (unlocking.current = blocked)}
          onKeyDown={() => (unlocking.current = blocked)}
          onClick={() => {
            if (unlocking.current || blocked) unlocking.current = false;
            else setSound(!sound);
          }}
          data-testid="alerts-sound"
        >
          {blocked && <span data-testid="sound-blocked">{t('alerts.soundBlockedShort')}</span>}
        </Button>
      </Tooltip>
      <Menu checkedValues={{ repeat: [String(repeat)] }} onCheckedValueChange={(_, d) => d.checkedItems[0] && setRepeat(Number(d.checkedItems[0]))}>
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={t('queue.remindEvery')} relationship="label">
            <Button appearance="transparent" className={styles.onBrand} icon={<ClockAlarmRegular />} data-testid="alerts-repeat" />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>{t('queue.remindEvery')}</MenuGroupHeader>
              {REPEAT_CHOICES_S.map((s) => (
                <MenuItemRadio key={s} name="repeat" value={String(s)} data-testid={`alerts-repeat-${s}`}>
                  {s < 60 ? t('queue.remindSeconds', { count: s }) : t('queue.remindMinutes', { count: s / 60 })}
                </MenuItemRadio>
              ))}
            </MenuGroup>
          </MenuList>
        </MenuPopover>
      </Menu>
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
