import type { HomeFigures, HomeFiguresQuery, Language } from '@shared';
import type { AppContext } from '../../context';
import type { Principal } from '../../security/tokens';
import * as repo from './dashboard.repository';

const WAITING_SHOWN = 5;

/** Midnight UTC today: the fallback when the client did not say where its day starts. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** One decimal place: a figure on a tile, not a statistic. */
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

export async function todayFigures(ctx: AppContext, user: Principal, query: HomeFiguresQuery, lang: Language, now = ctx.clock.now()): Promise<HomeFigures> {
  const db = ctx.database.db;
  // A `since` in the future or more than two days back is not "today" anywhere on Earth.
  const asked = query.since ? new Date(query.since) : undefined;
  const valid = asked && asked.getTime() <= now.getTime() && now.getTime() - asked.getTime() <= 50 * 3600_000;
  const since = valid ? asked : startOfUtcDay(now);
  const [openLines, waiting, completed, reviews, overdue] = await Promise.all([
    repo.openLineCount(db, user),
    repo.oldestOpenLines(db, user, lang, WAITING_SHOWN),
    repo.completedSince(db, user, since),
    repo.reviewsSince(db, user, since),
    repo.overdueByDepartment(db, user, now, lang),
  ]);
  return {
    openLines,
    waitingLongest: waiting.map((w) => ({ ...w, createdAt: w.createdAt.toISOString() })),
    completedToday: completed.count,
    avgCompleteMinutes: round1(completed.avgMinutes),
    avgRating: round1(reviews.avgRating),
    reviewsToday: reviews.count,
    overdueByDepartment: overdue,
  };
}
