import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { requestLines, requests } from '../../db/schema';
import { OPEN } from './escalations.repository';

/** Scheduled lines (rules in shared/service-levels.ts): which are due to alert, and firing one. */

/**
 * Quiet scheduled lines whose alert moment has come, soonest first: the SQL side of
 * scheduleAlertDue. Reads request_lines_alert_idx, which holds only lines not yet fired.
 */
export async function dueScheduledLines(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ lineId: requestLines.id, serviceId: requestLines.serviceId, hotelId: requests.hotelId, alertAt: requestLines.alertAt })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .where(and(isNull(requestLines.alertedAt), OPEN, lte(requestLines.alertAt, now)))
    .orderBy(requestLines.alertAt)
    .limit(limit);
}

/**
 * Fires one scheduled line: marks it alerted and starts its clock at its alert moment.
 * The update holds only while the line is still quiet and open, so of however many
 * processes try at once one gets the row back (and alerts); the others get nothing.
 */
export async function fireScheduledLine(
  db: DbOrTx,
  lineId: number,
  at: Date,
  clock: { clockStartedAt: Date; acknowledgeDueAt: Date | null; completeDueAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(requestLines)
    .set({
      alertedAt: at,
      updatedAt: at,
      clockStartedAt: sql`coalesce(${requestLines.clockStartedAt}, ${clock.clockStartedAt.toISOString()}::timestamptz)`,
      acknowledgeDueAt: sql`case when ${requestLines.clockStartedAt} is null then ${clock.acknowledgeDueAt?.toISOString() ?? null}::timestamptz else ${requestLines.acknowledgeDueAt} end`,
      completeDueAt: sql`case when ${requestLines.clockStartedAt} is null then ${clock.completeDueAt?.toISOString() ?? null}::timestamptz else ${requestLines.completeDueAt} end`,
    })
    .where(and(eq(requestLines.id, lineId), isNull(requestLines.alertedAt), OPEN))
    .returning({ id: requestLines.id });
  return rows.length === 1;
}
