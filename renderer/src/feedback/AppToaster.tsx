import { Button, Link, Toast, ToastTitle, ToastTrigger, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithoutFocusGroups } from '../ui/use-without-focus-groups';
import { setToastDispatcher, type AlertOptions, type ToastAction, type ToastIntent } from './toast';

/** How long a toast stays; an error longer, as it has more to say (it also goes on the next navigation). */
const TIMEOUT_MS = { info: 5000, success: 3500, warning: 6000, error: 8000 } as const;
/** Fluent's "never": an alert that needs someone stays until dismissed or opened. */
const STAYS = -1;
/** The alerts shown at once; older ones are counted on one line (a busy evening's stack would cover the screen). */
export const MAX_ALERTS = 3;
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
  const overflowRef = useRef({ count: 0, toastId: undefined as string | undefined, more: undefined as (() => void) | undefined, next: 0 });
  useEffect(() => {
    const errors = new Set<string>();
    const alerts = alertsRef.current;
    const overflow = overflowRef.current;

    const moreLine = (toastId: string) => {
      const showAll = () => {
        dismissToast(toastId);
        overflow.more?.();
      };
      return (
        <Toast data-testid="toast-more">
          <ToastTitle
            action={
              <span className={styles.actions}>
                <Link onClick={showAll}>{t('alerts.showAll')}</Link>
                <Button appearance="transparent" size="small" icon={<DismissRegular />} aria-label={t('alerts.dismissAlert')} onClick={() => dismissToast(toastId)} />
              </span>
            }
          >
            {t('alerts.moreAlerts', { count: overflow.count })}
          </ToastTitle>
        </Toast>
      );
    };
    const countOverflow = () => {
      if (overflow.toastId) {
        updateToast({ toastId: overflow.toastId, content: moreLine(overflow.toastId) });
        return;
      }
      const toastId = `alerts-more:${overflow.next++}`;
      overflow.toastId = toastId;
      dispatchToast(moreLine(toastId), {
        intent: 'info',
        timeout: STAYS,
        toastId,
        // Dismissed or shown: the count starts again with the next alert pushed off.
        onStatusChange: (_, { status }) => {
          if (status !== 'dismissed' && status !== 'unmounted') return;
          if (overflow.toastId === toastId) Object.assign(overflow, { toastId: undefined, count: 0 });
        },
      });
    };

    const showAlert = (message: string, intent: ToastIntent, action: ToastAction | undefined, alert: AlertOptions) => {
      const toastId = `alert:${overflow.next++}`;
      const close = () => dismissToast(toastId);
      overflow.more = alert.more;
      dispatchToast(
        <Toast data-testid={`toast-${intent}`} data-alert="">
          <ToastTitle
            action={
              <span className={styles.actions}>
                {action && (
                  <Link
                    onClick={() => {
                      close();
                      action.run();
                    }}
                  >
                    {action.label}
                  </Link>
                )}
                <Button appearance="transparent" size="small" icon={<DismissRegular />} aria-label={t('alerts.dismissAlert')} onClick={close} />
              </span>
            }
          >
            {message}
          </ToastTitle>
        </Toast>,
        {
          intent,
          timeout: STAYS,
          toastId,
          onStatusChange: (_, { status }) => {
            const at = alerts.indexOf(toastId);
            if ((status === 'dismissed' || status === 'unmounted') && at !== -1) alerts.splice(at, 1);
          },
        },
      );
      alerts.push(toastId);
      if (alerts.length <= MAX_ALERTS) return;
      dismissToast(alerts.shift()!);
      overflow.count++;
      countOverflow();
    };

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
