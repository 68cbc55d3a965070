/** Lets code outside React (the HTTP client) navigate; set once by the router root. */
let navigateImpl: (to: string) => void = (to) => window.location.assign(to);

export function setNavigate(fn: (to: string) => void): void {
  navigateImpl = fn;
}

export function navigate(to: string): void {
  navigateImpl(to);
}
