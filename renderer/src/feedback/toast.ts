export type ToastIntent = 'success' | 'error' | 'warning' | 'info';
type Dispatch = (message: string, intent: ToastIntent) => void;

// Set by <AppToaster/>; code outside React (handleError, the HTTP client) calls showToast.
// The toaster downloads with the first message (it is not part of the login page's first
// download); messages sent before it is there wait for it.
let dispatch: Dispatch | undefined;
const waiting: [string, ToastIntent][] = [];
const wantedListeners = new Set<() => void>();

/** True once anything asked for a toast: the app then mounts the toaster. */
export const toasterWanted = () => dispatch !== undefined || waiting.length > 0;

export function onToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

export function setToastDispatcher(fn: Dispatch): void {
  dispatch = fn;
  for (const [message, intent] of waiting.splice(0)) fn(message, intent);
}

export function showToast(message: string, intent: ToastIntent = 'info'): void {
  if (dispatch) dispatch(message, intent);
  else {
    waiting.push([message, intent]);
    for (const listener of [...wantedListeners]) listener();
  }
}
