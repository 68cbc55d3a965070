import { atom, useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Claim, LiveEvent } from '@shared';
import { displayName, ltrIn } from '@shared/display-names';
import { clientRoutes } from '@shared/routes';
import { showToast } from '../../feedback/toast';
import { platform as hostPlatform, type Platform } from '../../platform';
import { hasClaim, sessionAtom } from '../../session/session';
import { formatDueTime } from '../../table/format';
import { subscribeLive } from '../../api/live-events';
import { reminderSecondsAtom, useAcknowledgeReminders } from './reminders';
import { newRequestText } from './new-request-text';
import { liveSoundAtom, playChime } from './sound';

/**
 * New requests since the user last opened Guests Requests: the header's and the menu
 * item's badge, and the dock/taskbar count. Opening the list (or the header's bell)
 * sets it back to 0.
 */
export const newRequestsAtom = atom(0);
/**
 * The lines of the user's own scope waiting to be taken (not yet acknowledged): what the
 * header's bell counts for a user of the Service List, and what it opens. Undefined until read.
 */
export const waitingLinesAtom = atom<number | undefined>(undefined);
/** The Services list of exactly the lines waiting, the longest waiting first. */
export const WAITING_LIST = `${clientRoutes.serviceList}?waiting=true&sort=createdAt&order=asc`;

/** Whether the user is looking at the Guests Requests list (new requests show there as rows: no count). */
const onRequestList = (pathname: string) => pathname === clientRoutes.requestList;

/** Who is reminded of lines nobody has acknowledged: those who see the lines and may take them. */
const REMINDED_CLAIMS: readonly Claim[] = ['Service Management.Service List.Acknowledge', 'Service Management.Service List.Assign'];

/**
 * The one place that alerts staff to live events, mounted once in
 * the signed-in shell so it works on every screen:
 * - a new request: a toast with an Open button, the chime (unless turned off), the header
 *   and menu badge, and through the Platform a native notification whose click opens the
 *   request and the dock/taskbar count;
 * - a line nobody has acknowledged: the reminder (toast and chime) every 30 s until someone
 *   does; a native notification too while the app is not in front;
 * - an escalation (a line past its target; only its receivers get it): a red toast, a
 *   falling chime and a native notification;
 * - a low rating (only the hotel's escalation receivers get it): a red toast that opens the
 *   Guest Feedback list where its follow-up waits, the escalation chime and a notification;
 * - a guest's message on a line of the user's own departments: a toast naming room and
 *   service with the first words, a chime and a native notification that opens the line;
 * - a line a worker's phone gave back (Can't do), in the user's own departments: a toast
 *   with who and why, the reminder's chime and a native notification that opens the line.
 * The toasts of new requests, escalations and lines given back stay until dismissed or
 * opened (the reminder repeats itself, so it fades); past the newest few, one line counts
 * the rest and opens the header bell's list.
 * The list screens only keep their rows live; they do not alert.
 */
export function LiveAlerts({ host = hostPlatform }: { host?: Platform }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useAtomValue(sessionAtom);
  const [count, setCount] = useAtom(newRequestsAtom);
  const sound = useAtomValue(liveSoundAtom);
  const reminderSeconds = useAtomValue(reminderSecondsAtom);
  const [waiting, setWaiting] = useAtom(waitingLinesAtom);
  // The header bell's list: what waits for this user, else Guests Requests (where the new requests are).
  const canOpenList = !!session?.permissions.includes('Service Management.Request List');
  const openBellList = () => {
    setCount(0);
    if (waiting !== undefined) navigate(WAITING_LIST);
    else if (canOpenList) navigate(clientRoutes.requestList);
  };
  const latest = useRef({ t, lang: i18n.language, navigate, sound, pathname, openBellList });
  latest.current = { t, lang: i18n.language, navigate, sound, pathname, openBellList };

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
    // An alert that needs someone stays until dismissed or opened; past the newest few, one line opens the bell's list.
    const alert = { more: () => latest.current.openBellList() };
    const newRequest = (event: LiveEvent) => {
      // The lists stay live with every request of the hotel; the alerts are for the user's own departments' lines.
      if (event.mine === false) return;
      const { t, lang, navigate, sound, pathname } = latest.current;
      const open = () => navigate(clientRoutes.requestDetails(event.requestId));
      const { title, body } = newRequestText(t, lang, event);
      showToast(body ? `${title}: ${body}` : title, 'info', { label: t('alerts.open'), run: open }, alert);
      if (sound) playChime();
      if (!onRequestList(pathname)) setCount((n) => n + 1);
      host.notify(title, body || t('alerts.notifyBody'), open);
    };
    const escalation = (event: LiveEvent) => {
      const e = event.escalation;
      if (!e) return;
      const { t, lang, navigate, sound } = latest.current;
      const ar = lang === 'ar';
      const reader = ar ? 'ar' : 'en';
      const title = t('alerts.escalationTitle', { service: ar ? e.serviceNameAr : e.serviceNameEn, room: ltrIn(reader, e.roomNumber) });
      const department = e.departmentName ? displayName(reader, { name: e.departmentName, nameAr: e.departmentNameAr }) : '';
      const body = t(e.kind === 'acknowledge' ? 'alerts.escalationAcknowledge' : 'alerts.escalationComplete', {
        time: formatDueTime(e.dueAt, lang),
        hotel: ar ? e.hotelNameAr : e.hotelNameEn,
        department: department ? `${ar ? '، ' : ', '}${department}` : '',
      });
      const open = () => navigate(event.lineId ? clientRoutes.serviceDetails(event.lineId) : clientRoutes.requestDetails(event.requestId));
      showToast(`${title}. ${body}`, 'error', { label: t('alerts.open'), run: open }, alert);
      if (sound) playChime('escalation');
      host.notify(title, body, open);
    };
    const returned = (event: LiveEvent) => {
      const r = event.returned;
      if (!r || event.mine === false) return;
      const { t, lang, navigate, sound } = latest.current;
      const reader = lang === 'ar' ? 'ar' : 'en';
      const title = t('alerts.returnedTitle', { worker: displayName(reader, { name: r.workerName, nameAr: r.workerNameAr }), code: ltrIn(reader, event.requestCode) });
      const body = t('alerts.returnedBody', { reason: r.reason });
      const open = () => navigate(event.lineId ? clientRoutes.serviceDetails(event.lineId) : clientRoutes.requestDetails(event.requestId));
      showToast(`${title}. ${body}`, 'warning', { label: t('alerts.open'), run: open }, alert);
      if (sound) playChime('reminder');
      host.notify(title, body, open);
    };
    const guestMessage = (event: LiveEvent) => {
      const g = event.guestMessage;
      // Alerts follow the line's department scope, as a new request's do.
      if (!g || event.mine === false) return;
      const { t, lang, navigate, sound } = latest.current;
      const reader = lang === 'ar' ? 'ar' : 'en';
      const title = t('alerts.guestMessageTitle', { service: reader === 'ar' ? g.serviceNameAr : g.serviceNameEn, room: ltrIn(reader, g.roomNumber) });
      const open = () => navigate(event.lineId ? clientRoutes.serviceDetails(event.lineId) : clientRoutes.requestDetails(event.requestId));
      showToast(`${title}: ${g.preview}`, 'info', { label: t('alerts.open'), run: open });
      if (sound) playChime('reminder');
      host.notify(title, g.preview, open);
    };
    const lowRating = (event: LiveEvent) => {
      const r = event.lowRating;
      if (!r) return;
      const { t, lang, navigate, sound } = latest.current;
      const reader = lang === 'ar' ? 'ar' : 'en';
      const title = t('alerts.lowRatingTitle', { rating: r.rating });
      const body = t('alerts.lowRatingBody', { guest: r.custName, room: ltrIn(reader, r.roomNumber), hotel: reader === 'ar' ? r.hotelNameAr : r.hotelNameEn });
      const open = () => navigate(clientRoutes.guestFeedback);
      showToast(`${title}. ${body}`, 'error', { label: t('alerts.open'), run: open });
      if (sound) playChime('escalation');
      host.notify(title, body, open);
    };
    return subscribeLive((event) => {
      if (event.type === 'request-created') newRequest(event);
      else if (event.type === 'low-rating') lowRating(event);
      else if (event.type === 'guest-message') guestMessage(event);
      else if (event.type === 'line-escalated') escalation(event);
      else if (event.type === 'line-changed' && event.returned) returned(event);
    }, () => undefined);
  }, [host, setCount]);

  const reminded = REMINDED_CLAIMS.some((c) => hasClaim(session, c)) && hasClaim(session, 'Service Management.Service List.View');
  useAcknowledgeReminders(reminded, ({ oldest, total }) => {
    const { t, lang, navigate, sound } = latest.current;
    const reader = lang === 'ar' ? 'ar' : 'en';
    const message =
      total === 1
        ? t('alerts.reminderOne', { service: oldest.serviceName, room: ltrIn(reader, oldest.roomNumber), code: ltrIn(reader, oldest.requestHeaderCode) })
        : t('alerts.reminderMany', { count: total });
    // Many: the Services list of exactly the lines waiting, the longest waiting first.
    const open = () => navigate(total === 1 ? clientRoutes.serviceDetails(oldest.id) : WAITING_LIST);
    showToast(message, 'warning', { label: t('alerts.open'), run: open });
    if (sound) playChime('reminder');
    if (!document.hasFocus()) host.notify(t('alerts.reminderTitle'), message, open);
  }, reminderSeconds * 1000, setWaiting);

  return null;
}

