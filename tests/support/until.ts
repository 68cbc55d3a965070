import { vi } from 'vitest';

/**
 * Polls `check` until it holds: waiting for what the test expects, never for time to pass. `untilWithin(ms)` gives
 * a file its own limit (a kill run waits longer than a retry); a call may pass another.
 */
export function untilWithin(defaultMs: number) {
  return (check: () => Promise<boolean> | boolean, what: string | (() => string), ms = defaultMs) =>
    vi.waitFor(
      async () => {
        if (!(await check())) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
      },
      { timeout: ms, interval: 20 },
    );
}
