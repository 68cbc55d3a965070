import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The screen's clock under the test's hand: every timer (setTimeout, setInterval, animation
 * frames, Date, performance) is faked, and still moves with the wall clock so that waitFor,
 * findBy and user-event go on polling as usual. Call it before rendering, so that every timer
 * the screen sets is on the fake clock; vi.useRealTimers() after the test.
 */
export function fakeTime(): void {
  vi.useFakeTimers({ shouldAdvanceTime: true });
}

/**
 * `ms` of the screen's time pass at once: every timer due in them runs, with what it sets off
 * (a fetch, a re-render), inside act. Instead of waiting on the wall clock to see that
 * nothing more happens: anything due within `ms` has happened when it returns.
 */
export async function letTimePass(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
