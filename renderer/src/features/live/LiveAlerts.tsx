import { atom, useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LiveEvent } from '@shared';
import { clientRoutes } from '@shared/routes';
import { showToast } from '../../feedback/toast';
import { platform as hostPlatform, type Platform } from '../../platform';
import { subscribeLive } from './live-events';
import { liveSoundAtom, playChime } from './sound';

/**
 * New requests since the user last opened Guests Requests: the header's and the menu
 * item's badge, and the dock/taskbar count. Opening the list (or the header's bell)
 * sets it back to 0.
 */
export const newRequestsAtom = atom(0);

/** Whether the user is looking at the Guests Requests list (new requests show there as rows: no count). */
const onRequestList = (pathname: string) => pathname === clientRoutes.requestList;

/**
 * The one place that alerts staff to live events (issue 13.1), mounted once in the
 * signed-in shell so it works on every screen: a new request makes a toast with an
 * Open button, the chime (unless turned off), the header and menu badge, and through
 * the Platform a native notification whose click opens the request and the
 * dock/taskbar count. The list screens only keep their rows live; they do not alert.
 */
export function LiveAlerts({ host = hostPlatform }: { host?: Platform }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [count, setCount] = useAtom(newRequestsAtom);
  const sound = useAtomValue(liveSoundAtom);
  const latest = useRef({ t, navigate, sound, pathname });
  latest.current = { t, navigate, sound, pathname };

  useEffect(() => {
    if (onRequestList(pathname)) setCount(0);
  }, [pathname, setCount]);
  useEffect(() => host.setBadgeCount(count), [host, count]);
  // Signing out leaves no count behind for the next user.
  useEffect(
    () => () => {
      setCount(0);
      host.setBadgeCount(0);
    },
    [host, setCount],
  );

  useEffect(() => {
    const onEvent = (event: LiveEvent) => {
      if (event.type !== 'request-created') return;
      const { t, navigate, sound, pathname } = latest.current;
      const open = () => navigate(clientRoutes.requestDetails(event.requestId));
      showToast(t('p2.live.newRequest', { code: event.requestCode }), 'info', { label: t('alerts.open'), run: open });
      if (sound) playChime();
      if (!onRequestList(pathname)) setCount((n) => n + 1);
      host.notify(t('alerts.notifyTitle', { code: event.requestCode }), t('alerts.notifyBody'), open);
    };
    return subscribeLive(onEvent, () => undefined);
  }, [host, setCount]);

  return null;
}
