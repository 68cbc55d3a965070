import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LineStatus, clockOf, endpoints, isScheduledQuiet, missedTargets, scheduleAlertDue } from '@shared';
import { requestLines } from '../../../server/src/db/schema';
import { overdueByDepartment } from '../../../server/src/modules/dashboard/dashboard.repository';
import { dueEscalations } from '../../../server/src/modules/service-levels/escalations.repository';
import { dueScheduledLines } from '../../../server/src/modules/service-levels/scheduled-lines.repository';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * The service-level clock is written twice: in TypeScript (shared/service-levels.ts: what
 * the lists, details and e-mails show) and in SQL (the generated due_at column that the
 * overdue lists and the home page compare, and the escalation scheduler's queries). Both
 * sides are run here on the same lines at one fixed moment, on PGlite and PostgreSQL.
 */
const NOW = new Date('2026-01-10T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const STATUSES: LineStatus[] = ['Open', 'Assigned', 'Completed', 'Rejected'];
const ACKNOWLEDGED = [null, minutes(-10)];
// Past, exactly now (due is overdue), future, none.
const ACKNOWLEDGE_DUE = [null, minutes(-5), NOW, minutes(5)];
const COMPLETE_DUE = [null, minutes(-1), NOW, minutes(60)];

describe('the service-level clock in TypeScript and in SQL', { timeout: 240_000 }, () => {
  let t: TestServer;
  let fx: Fixture;
  let lineId: number;
  const db = () => t.server.app.ctx.database.db;
  const admin = { isAdmin: true, hotelIds: [], departmentIds: [] };

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    t.clock.set(NOW);
    fx = await seedFixture(db());
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    expect(added.status).toBe(200);
    lineId = (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id;
  });
  afterAll(() => t.cleanup());

  it('agrees on the next due moment, overdue and the missed targets, for every status, acknowledgement and pair of targets', async () => {
    let cases = 0;
    for (const status of STATUSES)
      for (const acknowledgedAt of ACKNOWLEDGED)
        for (const acknowledgeDueAt of ACKNOWLEDGE_DUE)
          for (const completeDueAt of COMPLETE_DUE) {
            const line = { status, clockStartedAt: minutes(-30), acknowledgedAt, acknowledgeDueAt, completeDueAt };
            const name = JSON.stringify(line);
            await db().update(requestLines).set(line).where(eq(requestLines.id, lineId));
            const ts = clockOf(line, NOW);

            // The generated column: the next promise of an open line.
            const [row] = await db().select({ dueAt: requestLines.dueAt }).from(requestLines).where(eq(requestLines.id, lineId));
            expect(row.dueAt?.toISOString() ?? null, name).toBe(ts.dueAt?.toISOString() ?? null);

            // The home page's overdue count (the overdue lists compare the same column the same way).
            const overdue = await overdueByDepartment(db(), admin, NOW);
            expect(overdue.some((d) => d.departmentId === fx.departments.housekeeping), name).toBe(ts.isOverdue);

            // The escalation scheduler's question: which targets passed without their action.
            const due = (await dueEscalations(db(), NOW, 50)).filter((d) => d.lineId === lineId).map((d) => d.kind);
            expect(due.sort(), name).toEqual(missedTargets(line, NOW).sort());
            cases++;
          }
    expect(cases).toBe(STATUSES.length * ACKNOWLEDGED.length * ACKNOWLEDGE_DUE.length * COMPLETE_DUE.length);
  });

  it('agrees on which scheduled lines are quiet (the Scheduled list) and which are due to alert (the scheduler), for every status', async () => {
    const ALERT_AT = [null, minutes(-5), NOW, minutes(5)];
    const ALERTED = [null, minutes(-1)];
    let cases = 0;
    const token = await t.adminToken();
    for (const status of STATUSES)
      for (const alertAt of ALERT_AT)
        for (const alertedAt of ALERTED) {
          const line = { status, alertAt, alertedAt, scheduledFor: alertAt && new Date(alertAt.getTime() + 15 * 60_000), clockStartedAt: null, acknowledgeDueAt: null, completeDueAt: null, acknowledgedAt: null };
          const name = JSON.stringify(line);
          await db().update(requestLines).set(line).where(eq(requestLines.id, lineId));
          // The scheduler's question.
          const due = (await dueScheduledLines(db(), NOW, 50)).some((d) => d.lineId === lineId);
          expect(due, name).toBe(scheduleAlertDue(line, NOW));
          // The Scheduled list.
          const listed = await t.api.call(endpoints.allServicesRequest, { token, query: { scheduled: 'true' } });
          expect(listed.body.some((r: { id: number }) => r.id === lineId), name).toBe(isScheduledQuiet(line));
          // A line not yet alerted has no clock: the SQL due column and the TS clock agree it is not due.
          const [row] = await db().select({ dueAt: requestLines.dueAt }).from(requestLines).where(eq(requestLines.id, lineId));
          expect(row.dueAt, name).toBeNull();
          expect(clockOf(line, NOW).isOverdue, name).toBe(false);
          cases++;
        }
    expect(cases).toBe(STATUSES.length * ALERT_AT.length * ALERTED.length);
  });

  it("counts an open line in the report's on-time share by the server's clock, not the database's", async () => {
    // Not due yet at the server's clock (the database's own clock is months later).
    const line = { status: 'Open' as const, clockStartedAt: minutes(-30), acknowledgedAt: minutes(-10), acknowledgeDueAt: null, completeDueAt: minutes(5) };
    await db().update(requestLines).set(line).where(eq(requestLines.id, lineId));
    const [{ createdAt }] = await db().select({ createdAt: requestLines.createdAt }).from(requestLines).where(eq(requestLines.id, lineId));
    const period = { from: new Date(createdAt.getTime() - 1).toISOString(), to: new Date(createdAt.getTime() + 1).toISOString() };
    const report = async () => (await t.api.call(endpoints.serviceLevels, { token: await t.adminToken(), query: { ...period, groupBy: 'department' } })).body;
    expect(clockOf(line, t.clock.now()).isOverdue).toBe(false);
    expect((await report()).total).toMatchObject({ lines: 1, onTimePercent: null });
    // Past its due time: a promise not kept.
    t.clock.set(minutes(6));
    expect((await report()).total).toMatchObject({ lines: 1, onTimePercent: 0 });
  });
});
