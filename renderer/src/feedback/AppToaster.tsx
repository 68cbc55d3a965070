import { Link, Toast, ToastTitle, ToastTrigger, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithoutFocusGroups } from '../ui/use-without-focus-groups';
import { setToastDispatcher } from './toast';

/** How long a toast stays; an error longer, as it has more to say (it also goes on the next navigation). */
const TIMEOUT_MS = { info: 5000, success: 3500, warning: 6000, error: 8000 } as const;
/** Above the offline banner, which runs along the bottom edge. */
const OFFSET = { vertical: 52, horizontal: 16 };

/**
 * The app's toasts, in the bottom corner at the end of the line (right in English, left
 * in Arabic), away from the header's controls. An error toast has a dismiss button, the
 * same error shows once however often it happens, and navigating takes errors down. A
 * toast with an action (a live alert: Open) keeps its button and its time.
 */
export function AppToaster() {
  const { t } = useTranslation();
  const toasterId = useId('app-toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const region = useRef<HTMLElement>(null);
  useWithoutFocusGroups(region);
  useEffect(() => {
    const errors = new Set<string>();
    setToastDispatcher(
      (message, intent, action) => {
        // An error about the screen (no action) shows once and goes with the screen; an alert with an action (an escalation) stays its time.
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
  }, [dispatchToast, dismissToast, t]);
  // In place (not in a portal) inside a named region: every toast is then in a landmark, and its focus groups can be taken off.
  return (
    <section ref={region} aria-label={t('alerts.region')}>
      <Toaster toasterId={toasterId} position="bottom-end" offset={OFFSET} limit={5} pauseOnHover inline />
    </section>
  );
}
