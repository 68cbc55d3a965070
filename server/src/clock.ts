/**
 * The server's one clock: every rule and query that reads the time (service levels,
 * expiries, "today", overdue lists, retries) asks it, never `new Date()` or the
 * database's `now()`, so a test sets the time instead of waiting for it to pass.
 * Latency measurements, log stamps and in-memory cache ages stay on the real clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const STEERABLE = Symbol('a test clock a test may move forward');

/**
 * A test clock the test moves forward on demand (POST /api/Test/Clock, registered only for such
 * a clock: server/src/modules/test-clock). Only testClockFromEnv (NODE_ENV=test) and the tests'
 * own servers make one; a production server's clock is never steerable.
 */
export interface SteerableClock extends Clock {
  advance(ms: number): void;
  readonly [STEERABLE]: true;
}

/** Marks a test's clock as one the test-only clock route may move. */
export function steerable<C extends Clock & { advance(ms: number): void }>(clock: C): C & SteerableClock {
  return Object.assign(clock, { [STEERABLE]: true as const });
}

export function isSteerable(clock: Clock): clock is SteerableClock {
  return (clock as Partial<SteerableClock>)[STEERABLE] === true;
}

/**
 * A clock for browser tests of timed behaviour (a wake-up call firing at 06:00): it reads
 * `start` when the process starts and runs `rate` times as fast. Taken from
 * HOTEL_TEST_CLOCK ("2026-11-27T02:30:00Z@20") only when NODE_ENV is 'test'; any other
 * process ignores the variable, so a production server always runs on the system clock.
 * A third part, the real instant `start` stands for in epoch ms ("…@20@1795746600000"),
 * gives several processes started one after another the very same clock (the routing bench).
 * The test moves it forward with `advance` (the test-only route): "…@1" runs at the real pace
 * and jumps past a target when the test says, instead of the test waiting for it.
 */
export function testClockFromEnv(env: NodeJS.ProcessEnv, realNow: () => number = Date.now): SteerableClock | undefined {
  if (env.NODE_ENV !== 'test' || !env.HOTEL_TEST_CLOCK) return undefined;
  const match = /^([^@]{1,40})@(\d{1,4})(?:@(\d{1,15}))?$/.exec(env.HOTEL_TEST_CLOCK);
  const start = match ? Date.parse(match[1]) : Number.NaN;
  if (!match || Number.isNaN(start)) throw new Error('HOTEL_TEST_CLOCK must be <ISO instant>@<rate>, e.g. 2026-11-27T02:30:00Z@20');
  const rate = Number(match[2]);
  const origin = match[3] ? Number(match[3]) : realNow();
  let advancedMs = 0;
  return steerable({
    now: () => new Date(start + (realNow() - origin) * rate + advancedMs),
    advance: (ms: number) => void (advancedMs += ms),
  });
}
