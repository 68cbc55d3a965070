export type ToastIntent = 'success' | 'error' | 'warning' | 'info';
type Dispatch = (message: string, intent: ToastIntent) => void;

// Set by <AppToaster/>; code outside React (handleError, the HTTP client) calls showToast.
let dispatch: Dispatch = () => undefined;

export function setToastDispatcher(fn: Dispatch): void {
  dispatch = fn;
}

export function showToast(message: string, intent: ToastIntent = 'info'): void {
  dispatch(message, intent);
}
