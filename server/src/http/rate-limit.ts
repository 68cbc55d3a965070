import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { common } from '../i18n/common.messages';
import { AppError } from './errors';

/**
 * Fixed-window rate limits kept in the database, so every server process of a
 * chain counts together (DESIGN). One upsert per hit.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly enabled = true,
  ) {}

  /** Counts one hit on `key`; throws 429 once more than `limit` hits fall in the window. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<void> {
    if ((await this.count(key, windowSeconds)) > limit) throw new AppError(429, common.rateLimited);
  }

  /** Counts one hit on `key` and answers how many fell in the current window (this one included). */
  async count(key: string, windowSeconds: number): Promise<number> {
    if (!this.enabled) return 0;
    const rows = await this.db.execute<{ count: number }>(sql`
      insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
      returning count`);
    return Number(rowsOf<{ count: number }>(rows)[0]?.count ?? 0);
  }

  /**
   * Takes the next turn on `key`, `gapMs` after the latest turn taken (or now, if that
   * is past), and answers how long to wait for it. Turns are handed out by one atomic
   * upsert, so parallel callers queue one behind another instead of all waiting the same
   * gap at once. A turn further than `maxWaitMs` away is not taken: undefined.
   * The key's row keeps the time of its latest turn in window_start.
   */
  async takeTurn(key: string, gapMs: number, maxWaitMs: number): Promise<number | undefined> {
    if (!this.enabled) return 0;
    const gap = sql`make_interval(secs => ${gapMs / 1000})`;
    const rows = await this.db.execute<{ wait: number }>(sql`
      insert into rate_limits (key, window_start, count) values (${key}, now() + ${gap}, 1)
      on conflict (key) do update set
        window_start = greatest(rate_limits.window_start, now()) + ${gap},
        count = rate_limits.count + 1
      where greatest(rate_limits.window_start, now()) + ${gap} <= now() + make_interval(secs => ${maxWaitMs / 1000})
      returning greatest(0, extract(epoch from (window_start - now())) * 1000)::float8 as wait`);
    const row = rowsOf<{ wait: number }>(rows)[0];
    return row === undefined ? undefined : Number(row.wait);
  }

  /** Takes one hit back from `key` (an attempt that turned out to be legitimate). */
  async refund(key: string): Promise<void> {
    if (!this.enabled) return;
    await this.db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
  }

  /** Forgets a key (e.g. after a successful login). */
  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  /** Drops windows long past; called now and then. */
  async prune(olderThanSeconds = 86_400): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds})`);
  }
}
