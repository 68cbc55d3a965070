import type { Db } from '../db/client';
import { common } from '../i18n/common.messages';
import { AppError } from './errors';
import { countHit, forgetKey, pruneWindows, refundHit, takeTurn } from './rate-limits.repository';

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
    return countHit(this.db, key, windowSeconds);
  }

  /**
   * Takes the next turn on `key`, `gapMs` after the latest turn taken (or now, if that
   * is past), and answers how long to wait for it. Turns are handed out by one atomic
   * upsert, so parallel callers queue one behind another instead of all waiting the same
   * gap at once. A turn further than `maxWaitMs` away is not taken: undefined.
   */
  async takeTurn(key: string, gapMs: number, maxWaitMs: number): Promise<number | undefined> {
    if (!this.enabled) return 0;
    return takeTurn(this.db, key, gapMs, maxWaitMs);
  }

  /** Takes one hit back from `key` (an attempt that turned out to be legitimate). */
  async refund(key: string): Promise<void> {
    if (!this.enabled) return;
    await refundHit(this.db, key);
  }

  /** Forgets a key (e.g. after a successful login). */
  async reset(key: string): Promise<void> {
    await forgetKey(this.db, key);
  }

  /** Drops windows long past; called now and then. */
  async prune(olderThanSeconds = 86_400): Promise<void> {
    await pruneWindows(this.db, olderThanSeconds);
  }
}
