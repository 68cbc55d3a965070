import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { type ServiceLevels, dueTimesOf, endpoints, missedTargets } from '@shared';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../../../server/src/db/client';
import * as s from '../../../server/src/db/schema';
import { targetsOf } from '../../../server/src/modules/service-levels/targets.repository';
import { seedDemo } from '../../../server/src/seed/demo';
import { seedDemoHistory } from '../../../server/src/seed/demo-history';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';

const DAY = 86_400_000;
/** A fixed moment for the repeatability check (the started server plans from its own clock). */
const FIXED_NOW = new Date('2026-03-15T10:30:00Z');

/** Everything the history is made of, in an order that does not depend on generated ids. */
async function fingerprint(db: Db) {
  const rows = await db.execute(sql`
    select r.request_code, r.status, r.rating, r.review, r.created_at, r.reviewed_at, h.hotel_code, ro.number,
           (select string_agg(concat_ws('|', sv.service_code, l.status, l.acknowledged_at, l.completed_at, l.rejected_at, l.due_at,
              (select string_agg(m.kind || ':' || m.text, ';' order by m.id) from line_messages m where m.line_id = l.id),
              (select string_agg(e.kind, ';' order by e.kind) from line_escalations e where e.line_id = l.id)), ',' order by l.id)
            from request_lines l join services sv on sv.id = l.service_id where l.request_id = r.id) as lines
    from requests r join hotels h on h.id = r.hotel_id join rooms ro on ro.id = r.room_id order by r.seq`);
  return JSON.stringify(rowsOf(rows));
}

const countOf = async (db: Db, table: PgTable) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row.n);
};

describe('the demo history (npm start -- --demo)', () => {
  let t: TestServer;
  let db: Db;
  const from = () => new Date(Date.now() - 31 * DAY).toISOString();
  const to = () => new Date(Date.now() + 3600_000).toISOString();

  beforeAll(async () => {
    t = await startTestServer({ argv: ['--demo'] });
    db = t.server.app.ctx.database.db;
  });
  afterAll(async () => t?.cleanup());

  it('gives the reports a month of requests in both hotels and every department, with late lines and ratings skewed high', async () => {
    const token = await t.adminToken();
    const res = await t.api.call(endpoints.serviceLevels, { token, query: { from: from(), to: to(), groupBy: 'department' } });
    expect(res.status).toBe(200);
    const report = res.body as ServiceLevels;
    expect(report.total.lines).toBeGreaterThan(500);
    expect(report.rows.filter((r) => r.key !== 'none').map((r) => r.name).sort()).toEqual(['Food & Beverage', 'Front Office', 'Guest Relations', 'Housekeeping', 'Maintenance']);
    expect(report.total.completed).toBeGreaterThan(report.total.rejected);
    expect(report.total.rejected).toBeGreaterThan(0);
    // Mostly on time, not always.
    expect(report.total.onTimePercent).toBeGreaterThan(70);
    expect(report.total.onTimePercent).toBeLessThan(100);
    const d = report.ratingDistribution;
    const high = d[7] + d[8] + d[9];
    const low = d.slice(0, 6).reduce((a, b) => a + b, 0);
    expect(high).toBeGreaterThan(3 * low);
    expect(low).toBeGreaterThan(0);

    const byHotel = (await t.api.call(endpoints.serviceLevels, { token, query: { from: from(), to: to(), groupBy: 'hotel' } })).body as ServiceLevels;
    expect(byHotel.rows).toHaveLength(2);
    const byDay = (await t.api.call(endpoints.serviceLevels, { token, query: { from: from(), to: to(), groupBy: 'day', timeZone: 'Asia/Riyadh' } })).body as ServiceLevels;
    expect(byDay.rows.length).toBeGreaterThanOrEqual(30);
  });

  it('has reviews with comments on the low ones, a room with a repeat fault, replies, notes and escalations', async () => {
    const token = await t.adminToken();
    const feedback = (await t.api.call(endpoints.guestFeedback, { token, query: { from: from(), to: to() } })).body as { rating: number; review: string }[];
    expect(feedback.length).toBeGreaterThan(50);
    const low = feedback.filter((f) => f.rating <= 6);
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((f) => f.review.length > 0)).toBe(true);

    const [room] = await db
      .select({ id: s.rooms.id })
      .from(s.rooms)
      .innerJoin(s.hotels, eq(s.hotels.id, s.rooms.hotelId))
      .where(and(eq(s.hotels.hotelCode, 'NAK-RUH'), eq(s.rooms.number, '204')));
    const history = (await t.api.call(endpoints.roomHistory, { token, query: { roomId: room.id } })).body as { repeatFaults: { serviceName: string; count: number }[] };
    expect(history.repeatFaults).toEqual(expect.arrayContaining([expect.objectContaining({ serviceName: 'Air conditioning repair', count: 4 })]));

    const kinds = await db.select({ kind: s.lineMessages.kind, n: sql<number>`count(*)::int` }).from(s.lineMessages).groupBy(s.lineMessages.kind);
    expect(Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n) > 0]))).toEqual({ reply: true, note: true });
    const escalated = await db.select({ kind: s.lineEscalations.kind }).from(s.lineEscalations).groupBy(s.lineEscalations.kind);
    expect(escalated.map((e) => e.kind).sort()).toEqual(['acknowledge', 'complete']);
  });

  it('keeps every line consistent with the service-level rules: promises from creation, escalations exactly for missed targets', async () => {
    const lines = await db
      .select({ line: s.requestLines, hotelId: s.requests.hotelId, escalations: sql<string[]>`array(select kind from line_escalations e where e.line_id = ${s.requestLines.id} order by kind)` })
      .from(s.requestLines)
      .innerJoin(s.requests, eq(s.requests.id, s.requestLines.requestId));
    const serviceIds = [...new Set(lines.map((l) => l.line.serviceId))];
    const targetsByHotel = new Map<number, Awaited<ReturnType<typeof targetsOf>>>();
    for (const hotelId of new Set(lines.map((l) => l.hotelId))) targetsByHotel.set(hotelId, await targetsOf(db, serviceIds, hotelId));
    const now = new Date();
    for (const { line, hotelId, escalations } of lines) {
      const due = dueTimesOf(line.clockStartedAt, targetsByHotel.get(hotelId)!.get(line.serviceId)!);
      expect({ ack: line.acknowledgeDueAt, complete: line.completeDueAt }).toEqual({ ack: due.acknowledgeDueAt, complete: due.completeDueAt });
      expect(line.clockStartedAt).toEqual(line.createdAt);
      if (line.status === 'Completed') expect(line.workerId).not.toBeNull();
      if (line.status === 'Completed' || line.status === 'Rejected') expect(line.dueAt).toBeNull();
      // What the scheduler escalates of an open line now, the seed has already escalated.
      if (line.status === 'Open' || line.status === 'Assigned') {
        for (const kind of missedTargets({ ...line, status: line.status }, now)) expect(escalations).toContain(kind);
      }
    }
  });

  it('writes the search texts the database itself would build, so the lists find the demo requests', async () => {
    const [row] = rowsOf<{ requests: number; lines: number }>(await db.execute(sql`select
      (select count(*) from requests r where r.search_text is distinct from hotel_request_search_text(r))::int as requests,
      (select count(*) from request_lines l where l.search_text is distinct from hotel_line_search_text(l))::int as lines`));
    expect(row).toEqual({ requests: 0, lines: 0 });
  });

  it('seeds nothing into a database that already has requests', async () => {
    const before = [await countOf(db, s.requests), await countOf(db, s.requestLines), await countOf(db, s.lineMessages)];
    expect(await seedDemoHistory(db)).toEqual({ seeded: false, reason: 'requests exist' });
    expect([await countOf(db, s.requests), await countOf(db, s.requestLines), await countOf(db, s.lineMessages)]).toEqual(before);
  });
});

describe('the demo history is deterministic', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.cleanup();
  });

  it('makes the same requests, lines, messages, escalations and reviews on two fresh databases, and says how long it took', async () => {
    const prints: string[] = [];
    for (let i = 0; i < 2; i++) {
      const t = await startTestServer();
      servers.push(t);
      const db = t.server.app.ctx.database.db;
      await seedDemo(db);
      const result = await seedDemoHistory(db, { now: FIXED_NOW });
      expect(result.seeded).toBe(true);
      if (!result.seeded) return;
      // A measurement, not an assertion: the machine decides the time.
      console.log(`demo history seed (${testDbKind()}): ${result.requests} requests, ${result.lines} lines, ${result.messages} messages, ${result.reviews} reviews, ${result.escalations} escalations in ${result.ms} ms`);
      expect(result.requests).toBeGreaterThan(500);
      prints.push(await fingerprint(db));
    }
    expect(prints[1]).toEqual(prints[0]);
    expect(prints[0].length).toBeGreaterThan(10_000);
  });
});
