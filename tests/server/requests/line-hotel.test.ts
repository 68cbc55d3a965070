import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { rowsOf } from '../../../server/src/db/client';
import { requestLines, requests } from '../../../server/src/db/schema';
import { type Fixture, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * A line carries its request's hotel (request_lines.hotel_id), so a hotel user's Services
 * list and its count filter lines without reading requests. The database keeps the copy:
 * an insert trigger fills it whoever writes the line, and the migration filled it for the
 * lines already there.
 */
describe("a line's own copy of its request's hotel", () => {
  let t: TestServer;
  let fx: Fixture;
  let hotelBUser: string;
  const db = () => t.server.app.ctx.database.db;
  const hotelOf = async (lineId: number) => (await db().select({ hotelId: requestLines.hotelId }).from(requestLines).where(eq(requestLines.id, lineId)))[0].hotelId;

  beforeAll(async () => {
    t = await startTestServer();
    fx = await seedFixture(db());
    hotelBUser = await tokenFor(
      t.server.app.ctx.tokens,
      await createStaffUser(db(), {
        claims: [endpoints.allServicesRequest.auth],
        hotelIds: [fx.hotelB.id],
        departmentIds: [fx.departments.housekeeping, fx.departments.maintenance],
      }),
    );
  });
  afterAll(() => t.cleanup());

  it("is the request's hotel for a guest's request, and a hotel user's Services list follows it", async () => {
    const res = await t.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.towels, fx.services.repair], { custName: 'Hotel B guest', hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] }),
    });
    expect(res.status).toBe(200);
    const lines = await db().select({ id: requestLines.id, hotelId: requestLines.hotelId }).from(requestLines).where(eq(requestLines.requestId, res.body.id));
    expect(lines.map((l) => l.hotelId)).toEqual([fx.hotelB.id, fx.hotelB.id]);

    await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custName: 'Hotel A guest' }) });
    const list = await t.api.call(endpoints.allServicesRequest, { token: hotelBUser, query: { page: 0, pageSize: 20 } });
    expect(list.status).toBe(200);
    expect(new Set(list.body.map((r: { hotelName: string }) => r.hotelName))).toEqual(new Set([fx.hotelB.name]));
    expect(list.body).toHaveLength(2);
    expect(list.headers.get('x-total-count')).toBe('2');
  });

  it('is filled by the database for a line written without it (a hand, an import, an older writer)', async () => {
    const [request] = await db().select({ id: requests.id }).from(requests).where(eq(requests.hotelId, fx.hotelB.id)).limit(1);
    const [{ id }] = rowsOf<{ id: number }>(
      await db().execute(
        sql`insert into request_lines (request_id, service_id, department_id, note) values (${request.id}, ${fx.services.repair}, ${fx.departments.maintenance}, '') returning id`,
      ),
    );
    expect(await hotelOf(id)).toBe(fx.hotelB.id);
  });

  it("follows a line moved to another hotel's request", async () => {
    const [a] = await db().select({ id: requests.id }).from(requests).where(eq(requests.hotelId, fx.hotelA.id)).limit(1);
    const [line] = await db().select({ id: requestLines.id }).from(requestLines).where(eq(requestLines.hotelId, fx.hotelB.id)).limit(1);
    await db().update(requestLines).set({ requestId: a.id }).where(eq(requestLines.id, line.id));
    expect(await hotelOf(line.id)).toBe(fx.hotelA.id);
  });

  it("the migration's fill gives every existing line its request's hotel", async () => {
    const migration = readFileSync(path.resolve(import.meta.dirname, '../../../server/src/db/migrations/0040_line_hotel.sql'), 'utf8');
    const fill = migration.split('--> statement-breakpoint').find((statement) => statement.trim().startsWith('UPDATE'));
    expect(fill).toBeDefined();
    // As before the column existed: no line has a hotel.
    await db().execute(sql`alter table request_lines disable trigger request_lines_hotel_before`);
    try {
      await db().execute(sql`update request_lines set hotel_id = null`);
    } finally {
      await db().execute(sql`alter table request_lines enable trigger request_lines_hotel_before`);
    }
    await db().execute(sql.raw(fill!));
    const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db().execute(query))[0].n;
    expect(await count(sql`select count(*)::int as n from request_lines l join requests r on r.id = l.request_id where l.hotel_id is distinct from r.hotel_id`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from request_lines`)).toBeGreaterThanOrEqual(4);
  });
});
