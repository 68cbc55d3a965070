/** Lets code outside React (the HTTP client) navigate; set once by the router root. */
let navigateImpl: (to: string) => void = (to) => window.location.assign(to);

export function setNavigate(fn: (to: string) => void): void {
  navigateImpl = fn;
}

export function navigate(to: string): void {
  navigateImpl(to);
}

/**
 * Sees the browser's Back and Forward (popstate) before the router does: returns true to
 * keep the step from the router (the unsent-reply question). Listeners on the window run
 * in the order they were added, capture or not, so this one is added when the module
 * loads, before the router starts listening.
 */
type PopBlocker = (event: PopStateEvent) => boolean;
let popBlocker: PopBlocker | undefined;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    if (popBlocker?.(event)) event.stopImmediatePropagation();
  });
}

export function setPopBlocker(blocker: PopBlocker | undefined): void {
  popBlocker = blocker;
}
