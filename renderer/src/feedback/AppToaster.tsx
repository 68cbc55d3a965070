import { Link, Toast, ToastTitle, ToastTrigger, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithoutFocusGroups } from '../ui/use-without-focus-groups';
import { MAX_ALERTS, type Overflow, alertStack } from './alert-stack';
import { setToastDispatcher } from './toast';

export { MAX_ALERTS } from './alert-stack';

/** How long a toast stays; an error longer, as it has more to say (it also goes on the next navigation). */
const TIMEOUT_MS = { info: 5000, success: 3500, warning: 6000, error: 8000 } as const;
/** Above the offline banner, which runs along the bottom edge. */
const OFFSET = { vertical: 52, horizontal: 16 };

const useStyles = makeStyles({
  actions: { display: 'inline-flex', alignItems: 'center', gap: '4px' },
});

/**
 * The app's toasts, in the bottom corner at the end of the line (right in English, left
 * in Arabic), away from the header's controls. An error toast has a dismiss button, the
 * same error shows once however often it happens, and navigating takes errors down. A
 * toast with an action (a reminder: Open) keeps its button and its time. A live alert
 * that needs someone stays until dismissed (its close button) or opened; the newest
 * MAX_ALERTS show, and one line counts the others and opens the header bell's list.
 */
export function AppToaster() {
  const { t } = useTranslation();
  const styles = useStyles();
  const toasterId = useId('app-toaster');
  const { dispatchToast, dismissToast, updateToast } = useToastController(toasterId);
  const region = useRef<HTMLElement>(null);
  useWithoutFocusGroups(region);
  // Kept across a change of language (the dispatcher is made again): the alerts on screen, oldest first,
  // and those taken off to keep it to MAX_ALERTS with the line that counts them.
  const alertsRef = useRef<string[]>([]);
  const overflowRef = useRef<Overflow>({ count: 0, toastId: undefined, more: undefined, next: 0 });
  useEffect(() => {
    const errors = new Set<string>();
    const alerts = alertsRef.current;
    const overflow = overflowRef.current;

    const showAlert = alertStack({ dispatchToast, dismissToast, updateToast }, alerts, overflow, t, styles.actions);

    setToastDispatcher(
      (message, intent, action, alert) => {
        if (alert) return showAlert(message, intent, action, alert);
        // An error about the screen (no action) shows once and goes with the screen; a toast with an action stays its time.
        const toastId = intent === 'error' && !action ? `error:${message}` : undefined;
        if (toastId) errors.add(toastId);
        const button = action ? (
          <Link onClick={action.run}>{action.label}</Link>
        ) : intent === 'error' ? (
          <ToastTrigger>
            <Link>{t('alerts.dismiss')}</Link>
          </ToastTrigger>
        ) : undefined;
        dispatchToast(
          <Toast data-testid={`toast-${intent}`}>
            <ToastTitle action={button}>{message}</ToastTitle>
          </Toast>,
          {
            intent,
            timeout: TIMEOUT_MS[intent],
            toastId,
            onStatusChange: (_, { status }) => void (status === 'unmounted' && toastId && errors.delete(toastId)),
          },
        );
      },
      () => {
        for (const id of errors) dismissToast(id);
        errors.clear();
      },
    );
  }, [dispatchToast, dismissToast, updateToast, styles, t]);
  // In place (not in a portal) inside a named region: every toast is then in a landmark, and its focus groups can be taken off.
  return (
    <section ref={region} aria-label={t('alerts.region')}>
      <Toaster toasterId={toasterId} position="bottom-end" offset={OFFSET} limit={MAX_ALERTS + 3} pauseOnHover inline />
    </section>
  );
}
