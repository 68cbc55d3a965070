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
