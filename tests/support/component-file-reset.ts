import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

/**
 * The component tests share their worker's modules between files (isolate: false): the libraries
 * (React, Fluent UI, ag-grid, i18next) load once per worker instead of once per file. What a file may
 * leave behind is reset here, around each file: the project's own modules are loaded afresh for every
 * file (their stores, the live-events module, the i18n set-up), and what the file put on the global
 * object (a fake desktop bridge), stubbed globals, timers, mocks, storage and the document are put back.
 */
vi.resetModules();
const globalsBefore = new Set(Reflect.ownKeys(globalThis));

afterAll(() => {
  // Whatever the file rendered and left mounted (its timers, focus traps and portals) goes with it.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const key of Reflect.ownKeys(globalThis)) {
    if (!globalsBefore.has(key) && Object.getOwnPropertyDescriptor(globalThis, key)?.configurable) Reflect.deleteProperty(globalThis, key);
  }
  // A file may run in another environment (node) than the project's happy-dom.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
});
