import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { endpoints } from '@shared';
import { rowsOf } from '../../../server/src/db/client';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * What a list search looks in (migration 0010): a guest's request is stored once
 * with its whole text, service names in both languages included, and a text that is
 * wrong at INSERT (SQL, imports) is still corrected by the lines' trigger.
 */
describe("a new request's search text", () => {
  let t: TestServer;
  let fx: Fixture;
  const db = () => t.server.app.ctx.database.db;
  const stored = async (id: string) =>
    rowsOf<{ stored: string; computed: string }>(
      await db().execute(sql`select search_text as stored, hotel_request_search_text(r) as computed from requests r where id = ${id}`),
    )[0];
  beforeAll(async () => {
    t = await startTestServer();
    fx = await seedFixture(db());
  });
  afterAll(() => t.cleanup());

  it('holds code, guest, room, hotel and every service name in English and Arabic from the start', async () => {
    const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels, fx.services.repair], { custName: 'Hana Search' }) });
    expect(res.status).toBe(200);
    const row = await stored(res.body.id);
    expect(row.stored).toBe(row.computed);
    for (const part of ['Hana Search', '101', 'AC repair', 'تكييف']) expect(row.stored).toContain(part);
  });

  it('is, for the request and each line, exactly the text the database builds, whatever the guest typed', async () => {
    const res = await t.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.repair, fx.services.special, fx.services.towels], {
        custName: '  هناء  O\'Brien ',
        custPhone: '+966 55-012 4567',
        roomId: fx.hotelA.roomIds[1],
      }),
    });
    expect(res.status).toBe(200);
    const row = await stored(res.body.id);
    expect(row.stored).toBe(row.computed);
    const lines = rowsOf<{ stored: string; computed: string }>(
      await db().execute(sql`select search_text as stored, hotel_line_search_text(l) as computed from request_lines l where request_id = ${res.body.id} order by id`),
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.stored).toBe(line.computed);
    expect(lines[0].stored).toContain('AC repair');
    expect(lines[0].stored).not.toContain('Extra towels');
  });

  it("keeps every line's note exactly as typed and in the order asked, whatever characters it holds", async () => {
    // The lines travel as one array parameter per column: quotes, backslashes, commas, braces and
    // the word NULL are an array literal's syntax and must come through as plain text.
    const services = [fx.services.repair, fx.services.special, fx.services.towels];
    for (const notes of [
      ['say "hello", then {leave}', 'C:\\room\\101 \\"quoted\\"', ''],
      ['NULL', '', 'غرفة، من فضلك {"a":[1,2]}'],
    ]) {
      const body = { ...guestRequest(fx, services), services: services.map((serviceId, i) => ({ serviceId, note: notes[i] })) };
      const res = await t.api.call(endpoints.addRequest, { body });
      expect(res.status).toBe(200);
      const lines = rowsOf<{ service_id: number; note: string; stored: string; computed: string }>(
        await db().execute(
          sql`select service_id, note, search_text as stored, hotel_line_search_text(l) as computed from request_lines l where request_id = ${res.body.id} order by id`,
        ),
      );
      expect(lines.map((l) => [l.service_id, l.note])).toEqual(services.map((serviceId, i) => [serviceId, notes[i]]));
      for (const line of lines) expect(line.stored).toBe(line.computed);
    }
  });

  it('is written once: the lines do not rewrite the request they were stored with', async () => {
    // A trigger of this test's own database counts every row UPDATE of requests.
    await db().execute(sql`create table request_updates (id uuid)`);
    await db().execute(sql`create function count_request_update() returns trigger language plpgsql as $$
      begin insert into request_updates values (new.id); return null; end $$`);
    await db().execute(sql`create trigger count_request_update after update on requests for each row execute function count_request_update()`);
    const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels, fx.services.repair]) });
    expect(res.status).toBe(200);
    const updated = rowsOf<{ id: string }>(await db().execute(sql`select id from request_updates`));
    expect(updated).toEqual([]);
    expect((await stored(res.body.id)).stored).toContain('AC repair');
    await db().execute(sql`drop trigger count_request_update on requests`);
  });

  it('is corrected when a request was inserted with a wrong text', async () => {
    const [request] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into requests (request_code, hotel_id, room_id, cust_name, cust_email, cust_phone, search_text)
        values ('RQ-T10', ${fx.hotelA.id}, ${fx.hotelA.roomIds[0]}, 'Wrong Text', 'w@example.com', '+966 55 000 0000', 'not the services') returning id`),
    );
    await db().execute(sql`insert into request_lines (request_id, service_id, department_id, note) values (${request.id}, ${fx.services.repair}, ${fx.departments.maintenance}, '')`);
    const row = await stored(request.id);
    expect(row.stored).toBe(row.computed);
    expect(row.stored).not.toContain('not the services');
  });
});
