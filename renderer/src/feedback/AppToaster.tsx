import { Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { setToastDispatcher } from './toast';

export function AppToaster() {
  const toasterId = useId('app-toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    setToastDispatcher((message, intent) =>
      dispatchToast(
        <Toast data-testid={`toast-${intent}`}>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent, timeout: intent === 'error' ? 6000 : 3500 },
      ),
    );
  }, [dispatchToast]);
  return <Toaster toasterId={toasterId} position="top-end" />;
}
