import type { Clock } from '../../server/src/clock';

/**
 * The server's clock in tests: the real time shifted by what the test set or advanced,
 * so it keeps running (rows made one after another stay in order) while a test jumps
 * past a target at once instead of sleeping until it passes.
 */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock on by `ms`. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Puts the clock at `at` (it runs on from there). */
  set(at: Date | string | number): void {
    this.offsetMs = new Date(at).getTime() - Date.now();
  }
}
