import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import type { TestServer } from '../../support/test-server';
import { adminSession, type Builder } from './basic-data.fixtures';

type Key = 'company' | 'hotel' | 'useType' | 'roomType' | 'room' | 'serviceGroup' | 'service' | 'worker' | 'department';

describe('basic data rules: unique codes, fixed codes, nothing removed while in use', () => {
  let t: TestServer;
  let token: string;
  let b: Builder;
  beforeAll(async () => {
    ({ t, token, b } = await adminSession());
  });
  afterAll(() => t.cleanup());

  const db = () => t.server.app.ctx.database.db;
  const ids = async (key: Key) => ((await t.api.call(endpoints[key].list, { token })).body as { id: number }[]).map((r) => r.id);

  /** A guest request for a room, with one line of a service (and optionally a worker): inserted as the requests module would. */
  async function request(roomId: number, hotelId: number, line?: { serviceId: number; departmentId?: number; workerId?: number }) {
    const [req] = await db()
      .insert(s.requests)
      .values({ requestCode: `RQ-${randomUUID().slice(0, 8)}`, hotelId, roomId, custName: 'Guest', custEmail: 'g@x.sa', custPhone: '+966500000000' })
      .returning();
    if (line) await db().insert(s.requestLines).values({ requestId: req.id, ...line });
  }
  async function user(link: { hotelId?: number; departmentId?: number }) {
    const [u] = await db()
      .insert(s.users)
      .values({ userCode: randomUUID(), firstName: 'A', lastName: 'B', phoneNumber: '', email: `${randomUUID()}@x.sa` })
      .returning();
    if (link.hotelId) await db().insert(s.userHotels).values({ userId: u.id, hotelId: link.hotelId });
    if (link.departmentId) await db().insert(s.userDepartments).values({ userId: u.id, departmentId: link.departmentId });
  }

  async function expectInUse(key: Key, id: number, en: string, ar: string) {
    const res = await t.api.call(endpoints[key].remove, { token, params: { id } });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(en);
    const resAr = await t.api.call(endpoints[key].remove, { token, params: { id }, lang: 'ar' });
    expect(resAr.body.message).toContain(ar);
    expect(await ids(key)).toContain(id);
  }

  describe('duplicate codes', () => {
    it('refuses a second company with the same code, naming the code in the caller language', async () => {
      await b.company({ companyCode: 'DUP-1' });
      const en = await t.api.call(endpoints.company.add, { token, body: { name: 'Other', countryName: 'Egypt', companyCode: 'DUP-1' } });
      expect(en.status).toBe(409);
      expect(en.body.message).toBe('The code "DUP-1" is already used');
      const ar = await t.api.call(endpoints.company.add, { token, lang: 'ar', body: { name: 'Other', countryName: 'Egypt', companyCode: ' DUP-1 ' } });
      expect(ar.status).toBe(409);
      expect(ar.body.message).toBe('الرمز "DUP-1" مستخدم من قبل');
    });

    it('applies to every entity with a code', async () => {
      const pairs: [Key, () => Promise<number>, Record<string, unknown>][] = [
        ['hotel', () => b.hotel({ hotelCode: 'DUP-H' }), { name: 'x', nameAr: 'س', hotelCode: 'DUP-H', companyId: await b.company() }],
        ['useType', () => b.useType({ useTypeCode: 'DUP-U' }), { nameEn: 'x', nameAr: 'س', useTypeCode: 'DUP-U' }],
        ['roomType', () => b.roomType({ roomTypeCode: 'DUP-RT' }), { nameEn: 'x', nameAr: 'س', roomTypeCode: 'DUP-RT' }],
        ['serviceGroup', () => b.serviceGroup({ serviceGroupCode: 'DUP-G' }), { nameEn: 'x', nameAr: 'س', serviceGroupCode: 'DUP-G' }],
        ['department', () => b.department({ departmentCode: 'DUP-D' }), { name: 'x', departmentCode: 'DUP-D' }],
        ['worker', () => b.worker({ workerCode: 'DUP-W' }), { name: 'x', phoneNumber: '0551234567', workerCode: 'DUP-W', hotelIds: [await b.hotel()] }],
        [
          'service',
          () => b.service({ serviceCode: 'DUP-S' }),
          { nameEn: 'x', nameAr: 'س', serviceCode: 'DUP-S', serviceGroupId: await b.serviceGroup(), departmentId: await b.department() },
        ],
      ];
      for (const [key, first, body] of pairs) {
        await first();
        const before = await ids(key);
        const res = await t.api.call(endpoints[key].add, { token, body });
        expect(res.status, key).toBe(409);
        expect(res.body.message).toMatch(/^The code "DUP-\w+" is already used$/);
        expect(await ids(key)).toEqual(before);
      }
    });

    it('lets exactly one of several simultaneous adds of one code through; the others get the same 409', async () => {
      const body = { nameEn: 'Suite', nameAr: 'جناح', useTypeCode: 'RACE-1' };
      const answers = await Promise.all(Array.from({ length: 6 }, () => t.api.call(endpoints.useType.add, { token, body })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe('The code "RACE-1" is already used');
      const rows = (await t.api.call(endpoints.useType.list, { token })).body as { useTypeCode: string }[];
      expect(rows.filter((r) => r.useTypeCode === 'RACE-1')).toHaveLength(1);
    });

    it('lets two hotels both have room 101, but not one hotel twice', async () => {
      const [h1, h2, useTypeId, roomTypeId] = [await b.hotel(), await b.hotel(), await b.useType(), await b.roomType()];
      await b.room({ number: '101', hotelId: h1, useTypeId, roomTypeId });
      await b.room({ number: '101', hotelId: h2, useTypeId, roomTypeId });
      const res = await t.api.call(endpoints.room.add, { token, body: { number: '101', hotelId: h1, useTypeId, roomTypeId } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Room "101" already exists in this hotel');
      const ar = await t.api.call(endpoints.room.add, { token, lang: 'ar', body: { number: '101', hotelId: h1, useTypeId, roomTypeId } });
      expect(ar.body.message).toBe('الغرفة "101" موجودة من قبل في هذا الفندق');
    });

    it('refuses moving a room into a hotel that already has its number', async () => {
      const [h1, h2] = [await b.hotel(), await b.hotel()];
      await b.room({ number: '305', hotelId: h1 });
      const moving = await b.room({ number: '305', hotelId: h2 });
      const row = ((await t.api.call(endpoints.room.list, { token })).body as Record<string, any>[]).find((r) => r.id === moving)!;
      const res = await t.api.call(endpoints.room.edit, {
        token,
        params: { id: moving },
        body: { number: '305', hotelId: h1, useTypeId: row.useTypeId, roomTypeId: row.roomTypeId },
      });
      expect(res.status).toBe(409);
      const after = ((await t.api.call(endpoints.room.list, { token })).body as Record<string, any>[]).find((r) => r.id === moving)!;
      expect(after.hotelId).toBe(h2);
    });
  });

  describe('codes are fixed after creation', () => {
    it('accepts the same code again but refuses a different one, changing nothing', async () => {
      const id = await b.department({ name: 'Front Office', departmentCode: 'FIX-1' });
      const same = await t.api.call(endpoints.department.edit, { token, params: { id }, body: { name: 'Front Desk', departmentCode: 'FIX-1' } });
      expect(same.status).toBe(200);
      const other = await t.api.call(endpoints.department.edit, { token, params: { id }, body: { name: 'Renamed', departmentCode: 'FIX-2' } });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe('The code cannot be changed after creation');
      expect(other.body.errors).toEqual([{ field: 'departmentCode', message: 'The code cannot be changed after creation' }]);
      const ar = await t.api.call(endpoints.department.edit, { token, lang: 'ar', params: { id }, body: { name: 'Renamed', departmentCode: 'FIX-2' } });
      expect(ar.body.message).toBe('لا يمكن تغيير الرمز بعد الإنشاء');
      const row = ((await t.api.call(endpoints.department.list, { token })).body as Record<string, any>[]).find((r) => r.id === id);
      expect(row).toMatchObject({ name: 'Front Desk', departmentCode: 'FIX-1' });
    });

    it('keeps a room number fixed too', async () => {
      const roomId = await b.room({ number: '410' });
      const row = ((await t.api.call(endpoints.room.list, { token })).body as Record<string, any>[]).find((r) => r.id === roomId)!;
      const res = await t.api.call(endpoints.room.edit, {
        token,
        params: { id: roomId },
        body: { number: '411', hotelId: row.hotelId, useTypeId: row.useTypeId, roomTypeId: row.roomTypeId },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('number');
    });
  });

  describe('unknown ids', () => {
    it('answers 404 for edit and remove of a row that does not exist, in the caller language', async () => {
      const en = await t.api.call(endpoints.hotel.remove, { token, params: { id: 999999 } });
      expect(en.status).toBe(404);
      expect(en.body.message).toBe('Hotel not found');
      const ar = await t.api.call(endpoints.service.edit, {
        token,
        lang: 'ar',
        params: { id: 999999 },
        body: { nameEn: 'x', nameAr: 'س', serviceCode: 'NOPE', serviceGroupId: await b.serviceGroup(), departmentId: await b.department() },
      });
      expect(ar.status).toBe(404);
      expect(ar.body.message).toBe('الخدمة غير موجودة');
    });
  });

  describe('nothing is removed while still in use', () => {
    it('company with hotels', async () => {
      const companyId = await b.company();
      await b.hotel({ companyId });
      await expectInUse('company', companyId, 'hotels (1)', 'الفنادق (1)');
    });

    it('hotel with rooms, guest requests and users', async () => {
      const withRoom = await b.hotel();
      await b.room({ hotelId: withRoom });
      await expectInUse('hotel', withRoom, 'rooms (1)', 'الغرف (1)');

      const withUser = await b.hotel();
      await user({ hotelId: withUser });
      await expectInUse('hotel', withUser, 'users (1)', 'المستخدمين (1)');

      const withRequest = await b.hotel();
      await request(await b.room({ hotelId: withRequest }), withRequest);
      await expectInUse('hotel', withRequest, 'guest requests (1)', 'طلبات النزلاء (1)');
    });

    it('use type and room type with rooms', async () => {
      const useTypeId = await b.useType();
      const roomTypeId = await b.roomType();
      await b.room({ useTypeId, roomTypeId });
      await b.room({ useTypeId, roomTypeId });
      await expectInUse('useType', useTypeId, 'rooms (2)', 'الغرف (2)');
      await expectInUse('roomType', roomTypeId, 'rooms (2)', 'الغرف (2)');
    });

    it('room with guest requests', async () => {
      const hotelId = await b.hotel();
      const roomId = await b.room({ hotelId });
      await request(roomId, hotelId);
      await expectInUse('room', roomId, 'guest requests (1)', 'طلبات النزلاء (1)');
    });

    it('service group with services', async () => {
      const serviceGroupId = await b.serviceGroup();
      await b.service({ serviceGroupId });
      await expectInUse('serviceGroup', serviceGroupId, 'services (1)', 'الخدمات (1)');
    });

    it('department with services, workers, users and service lines', async () => {
      const withService = await b.department();
      await b.service({ departmentId: withService });
      await expectInUse('department', withService, 'services (1)', 'الخدمات (1)');

      const withWorker = await b.department();
      await b.worker({ departmentId: withWorker });
      await expectInUse('department', withWorker, 'workers (1)', 'العمال (1)');

      const withUser = await b.department();
      await user({ departmentId: withUser });
      await expectInUse('department', withUser, 'users (1)', 'المستخدمين (1)');

      // A Special Request line assigned to another department than its service's.
      const withLine = await b.department();
      const hotelId = await b.hotel();
      await request(await b.room({ hotelId }), hotelId, { serviceId: await b.service(), departmentId: withLine });
      await expectInUse('department', withLine, 'service requests (1)', 'طلبات الخدمات (1)');
    });

    it('service with request lines, worker assigned to lines', async () => {
      const serviceId = await b.service();
      const workerId = await b.worker();
      const hotelId = await b.hotel();
      await request(await b.room({ hotelId }), hotelId, { serviceId, workerId });
      await expectInUse('service', serviceId, 'service requests (1)', 'طلبات الخدمات (1)');
      await expectInUse('worker', workerId, 'service requests (1)', 'طلبات الخدمات (1)');
    });

    it('a room with guest requests keeps its hotel, though other fields may change', async () => {
      const hotelId = await b.hotel();
      const roomId = await b.room({ number: '512', hotelId });
      await request(roomId, hotelId);
      const row = ((await t.api.call(endpoints.room.list, { token })).body as Record<string, any>[]).find((r) => r.id === roomId)!;
      const body = { number: '512', hotelId: await b.hotel(), useTypeId: row.useTypeId, roomTypeId: row.roomTypeId };
      const moved = await t.api.call(endpoints.room.edit, { token, params: { id: roomId }, body });
      expect(moved.status).toBe(409);
      expect(moved.body.message).toBe('The hotel cannot be changed because it is still used by: guest requests (1)');
      const movedAr = await t.api.call(endpoints.room.edit, { token, lang: 'ar', params: { id: roomId }, body });
      expect(movedAr.body.message).toBe('لا يمكن تغيير الفندق لأنه ما زال مستخدمًا في: طلبات النزلاء (1)');
      const roomTypeId = await b.roomType();
      const retyped = await t.api.call(endpoints.room.edit, { token, params: { id: roomId }, body: { ...body, hotelId, roomTypeId } });
      expect(retyped.status).toBe(200);
      const after = ((await t.api.call(endpoints.room.list, { token })).body as Record<string, any>[]).find((r) => r.id === roomId)!;
      expect(after).toMatchObject({ hotelId, roomTypeId });
    });

    it('names every use at once', async () => {
      const hotelId = await b.hotel();
      await request(await b.room({ hotelId }), hotelId);
      await user({ hotelId });
      const res = await t.api.call(endpoints.hotel.remove, { token, params: { id: hotelId } });
      expect(res.body.message).toBe('This cannot be removed because it is still used by: rooms (1), guest requests (1), users (1)');
    });
  });
});
