import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';

/*
 * Fixed-window counters in the rate_limits table, one row per key; each call is one
 * atomic statement, so every server process of a chain counts together (DESIGN).
 */

/** Counts one hit on `key` and answers how many fell in the current window (this one included). */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count`);
  return Number(rowsOf<{ count: number }>(rows)[0]?.count ?? 0);
}

/**
 * Takes the next turn on `key`, `gapMs` after the latest turn taken (or now, if that is
 * past), and answers how long to wait for it; undefined when that is beyond `maxWaitMs`.
 * The key's row keeps the time of its latest turn in window_start.
 */
export async function takeTurn(db: Db, key: string, gapMs: number, maxWaitMs: number): Promise<number | undefined> {
  const gap = sql`make_interval(secs => ${gapMs / 1000})`;
  const rows = await db.execute<{ wait: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now() + ${gap}, 1)
    on conflict (key) do update set
      window_start = greatest(rate_limits.window_start, now()) + ${gap},
      count = rate_limits.count + 1
    where greatest(rate_limits.window_start, now()) + ${gap} <= now() + make_interval(secs => ${maxWaitMs / 1000})
    returning greatest(0, extract(epoch from (window_start - now())) * 1000)::float8 as wait`);
  const row = rowsOf<{ wait: number }>(rows)[0];
  return row === undefined ? undefined : Number(row.wait);
}

export async function refundHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function forgetKey(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

export async function pruneWindows(db: Db, olderThanSeconds: number): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds})`);
}
