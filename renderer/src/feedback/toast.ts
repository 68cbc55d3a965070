export type ToastIntent = 'success' | 'error' | 'warning' | 'info';
/** A button on the toast (a new request's toast opens it). */
export interface ToastAction {
  label: string;
  run(): void;
}
/**
 * A live alert that needs someone (a new request, an escalation): it stays until dismissed
 * or opened. Only the newest few show; the rest are counted on one line whose button runs
 * `more` (the header bell's list).
 */
export interface AlertOptions {
  more(): void;
}
type Dispatch = (message: string, intent: ToastIntent, action?: ToastAction, alert?: AlertOptions) => void;

// Set by <AppToaster/>; code outside React (handleError, the HTTP client) calls showToast.
// The toaster downloads with the first message (it is not part of the login page's first
// download); messages sent before it is there wait for it.
let dispatch: Dispatch | undefined;
let dismissErrors: (() => void) | undefined;
const waiting: [string, ToastIntent, ToastAction | undefined, AlertOptions | undefined][] = [];
const wantedListeners = new Set<() => void>();

/** True once anything asked for a toast: the app then mounts the toaster. */
export const toasterWanted = () => dispatch !== undefined || waiting.length > 0;

export function onToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

export function setToastDispatcher(fn: Dispatch, dismissErrorsFn?: () => void): void {
  dispatch = fn;
  dismissErrors = dismissErrorsFn;
  for (const [message, intent, action, alert] of waiting.splice(0)) fn(message, intent, action, alert);
}

export function showToast(message: string, intent: ToastIntent = 'info', action?: ToastAction, alert?: AlertOptions): void {
  if (dispatch) dispatch(message, intent, action, alert);
  else {
    waiting.push([message, intent, action, alert]);
    for (const listener of [...wantedListeners]) listener();
  }
}

/** Takes down the error toasts on screen: they were about the screen the user just left. */
export function dismissErrorToasts(): void {
  for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i][1] === 'error') waiting.splice(i, 1);
  dismissErrors?.();
}
