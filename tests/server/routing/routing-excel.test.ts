import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { departments, hotels, rooms, shiftRoster, workers } from '../../../server/src/db/schema';
import { type Fixture, seedFixture, serveHotels } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';
import { XLSX, fileForm, fillTemplate, readWorkbook } from '../excel/excel.fixtures';

describe('rosters and room zones by sheet and by the room screen', { timeout: 120_000 }, () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  let codes: { hotel: string; housekeeping: string; maintenance: string; huda: string; tariq: string };
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    fx = await seedFixture(db());
    admin = await t.adminToken();
    const code = async (table: typeof hotels | typeof departments | typeof workers, id: number) => {
      const column = table === hotels ? hotels.hotelCode : table === departments ? departments.departmentCode : workers.workerCode;
      const idColumn = table === hotels ? hotels.id : table === departments ? departments.id : workers.id;
      return ((await db().select({ c: column }).from(table).where(eq(idColumn, id)))[0] as { c: string }).c;
    };
    codes = {
      hotel: await code(hotels, fx.hotelA.id),
      housekeeping: await code(departments, fx.departments.housekeeping),
      maintenance: await code(departments, fx.departments.maintenance),
      huda: await code(workers, fx.workers.housekeeper),
      tariq: await code(workers, fx.workers.technician),
    };
  });
  afterAll(() => t.cleanup());

  const template = async () => {
    const res = await t.api.call<Buffer>(endpoints.routingRosterTemplate, { token: admin });
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };
  const upload = (bytes: Uint8Array, lang?: 'en' | 'ar') => t.api.call(endpoints.uploadRoutingRoster, { token: admin, lang, form: fileForm(bytes, 'roster.xlsx', XLSX) });

  it('the roster template has its columns and a bilingual instructions sheet', async () => {
    const wb = await readWorkbook(await template());
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['hotelCode', 'departmentCode', 'workerCode', 'weekday', 'start', 'end']);
    expect(wb.getWorksheet('Instructions')).toBeDefined();
  });

  it('a roster sheet with a worker of another department is refused row by row; nothing is saved', async () => {
    const file = await fillTemplate(await template(), [
      [codes.hotel, codes.housekeeping, codes.huda, 'Mon', '07:00', '15:00'],
      [codes.hotel, codes.housekeeping, codes.tariq, '1', '07:00', '15:00'],
      [codes.hotel, codes.housekeeping, 'NOBODY', '8', '7am', '15:00'],
    ]);
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.body.rowErrors).toEqual([
      { row: 3, column: 'workerCode', message: `Worker "${codes.tariq}" is not a worker of this department` },
      { row: 4, column: 'workerCode', message: 'Unknown code "NOBODY"' },
      { row: 4, column: 'weekday', message: 'Write the day as 0 (Sunday) to 6 (Saturday) or its name (Sun … Sat)' },
      { row: 4, column: 'start', message: 'Write the time as HH:MM, e.g. 07:00' },
    ]);
    const ar = await upload(file, 'ar');
    expect(ar.body.rowErrors[0].message).toBe(`العامل "${codes.tariq}" ليس من عمال هذا القسم`);
    expect(await db().select().from(shiftRoster)).toHaveLength(0);
  });

  it('a roster sheet naming a worker of another hotel is refused row by row, in both languages; nothing is saved', async () => {
    const [far] = await db()
      .insert(workers)
      .values({ workerCode: `FAR-${fx.companyId}`, name: 'Far', phoneNumber: '+966 55 000 0000', departmentId: fx.departments.housekeeping })
      .returning({ id: workers.id, code: workers.workerCode });
    await serveHotels(db(), [far.id], [fx.hotelB.id]);
    const file = await fillTemplate(await template(), [
      [codes.hotel, codes.housekeeping, codes.huda, 'Mon', '07:00', '15:00'],
      [codes.hotel, codes.housekeeping, far.code, 'Mon', '07:00', '15:00'],
    ]);
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.body.rowErrors).toEqual([{ row: 3, column: 'workerCode', message: `Worker "${far.code}" does not serve this hotel` }]);
    expect((await upload(file, 'ar')).body.rowErrors[0].message).toBe(`العامل "${far.code}" لا يخدم هذا الفندق`);
    expect(await db().select().from(shiftRoster)).toHaveLength(0);
  });

  it('a clean sheet replaces the roster of each hotel and department it names', async () => {
    const file = await fillTemplate(await template(), [
      [codes.hotel, codes.housekeeping, codes.huda, 'Mon', '07:00', '15:00'],
      [codes.hotel, codes.housekeeping, codes.huda, '2', '22:00', '06:00'],
      [codes.hotel, codes.maintenance, codes.tariq, 'sat', '00:00', '24:00'],
    ]);
    const res = await upload(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await t.api.call(endpoints.routingRoster, { token: admin, query: { hotelId: fx.hotelA.id, departmentId: fx.departments.housekeeping } });
    expect(read.body.map((r: { weekday: number; start: string; end: string }) => [r.weekday, r.start, r.end])).toEqual([
      [1, '07:00', '15:00'],
      [2, '22:00', '06:00'],
    ]);
  });

  it('rooms take an optional floor and zone, on the room screen and in the room sheet', async () => {
    const edit = await t.api.call(endpoints.room.edit, {
      token: admin,
      params: { id: fx.hotelA.roomIds[0] },
      body: { id: fx.hotelA.roomIds[0], number: '101', hotelId: fx.hotelA.id, useTypeId: await useTypeOf(fx.hotelA.roomIds[0]), roomTypeId: await roomTypeOf(fx.hotelA.roomIds[0]), floor: ' 1 ', zone: 'West' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await db().select().from(rooms).where(eq(rooms.id, fx.hotelA.roomIds[0])))[0]).toMatchObject({ floor: '1', zone: 'West' });
    // An edit that does not name them keeps them (the room screen's older form).
    await t.api.call(endpoints.room.edit, {
      token: admin,
      params: { id: fx.hotelA.roomIds[0] },
      body: { id: fx.hotelA.roomIds[0], number: '101', hotelId: fx.hotelA.id, useTypeId: await useTypeOf(fx.hotelA.roomIds[0]), roomTypeId: await roomTypeOf(fx.hotelA.roomIds[0]) },
    });
    expect((await db().select().from(rooms).where(eq(rooms.id, fx.hotelA.roomIds[0])))[0]).toMatchObject({ floor: '1', zone: 'West' });
    const list = await t.api.call(endpoints.room.list, { token: admin, query: { pageSize: 500 } });
    expect(list.body.find((r: { id: number }) => r.id === fx.hotelA.roomIds[0])).toMatchObject({ floor: '1', zone: 'West' });
  });

  const useTypeOf = async (id: number) => (await db().select().from(rooms).where(eq(rooms.id, id)))[0].useTypeId;
  const roomTypeOf = async (id: number) => (await db().select().from(rooms).where(eq(rooms.id, id)))[0].roomTypeId;
});
