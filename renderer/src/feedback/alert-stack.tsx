import { Button, Link, Toast, ToastTitle, type useToastController } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import type { AlertOptions, ToastAction, ToastIntent } from './toast';

/** Fluent's "never": an alert that needs someone stays until dismissed or opened. */
const STAYS = -1;
/** The alerts shown at once; older ones are counted on one line (a busy evening's stack would cover the screen). */
export const MAX_ALERTS = 3;

/** The line that counts the alerts taken off, and what its "show all" opens. */
export interface Overflow {
  count: number;
  toastId: string | undefined;
  more: (() => void) | undefined;
  next: number;
}

type Toasts = Pick<ReturnType<typeof useToastController>, 'dispatchToast' | 'dismissToast' | 'updateToast'>;

/**
 * Shows a live alert that stays until dismissed or opened: the newest MAX_ALERTS on screen (`alerts`,
 * oldest first), the others counted on one line (`overflow`). Both outlive one dispatcher (a change of language).
 */
export function alertStack({ dispatchToast, dismissToast, updateToast }: Toasts, alerts: string[], overflow: Overflow, t: TFunction, actionsClass: string) {
  const moreLine = (toastId: string) => {
    const showAll = () => {
      dismissToast(toastId);
      overflow.more?.();
    };
    return (
      <Toast data-testid="toast-more">
        <ToastTitle
          action={
            <span className={actionsClass}>
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

  return (message: string, intent: ToastIntent, action: ToastAction | undefined, alert: AlertOptions) => {
    const toastId = `alert:${overflow.next++}`;
    const close = () => dismissToast(toastId);
    overflow.more = alert.more;
    dispatchToast(
      <Toast data-testid={`toast-${intent}`} data-alert="">
        <ToastTitle
          action={
            <span className={actionsClass}>
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
}
