import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders the page into #root once its strings are ready (no flash of untranslated keys). */
export function mount(ready: Promise<unknown>, app: ReactNode): void {
  void ready.then(() => createRoot(document.getElementById('root')!).render(<StrictMode>{app}</StrictMode>));
}
