import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CLAIMS, endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type Fixture, createStaffUser, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';
import { XLSX, fileForm, fillTemplate, readWorkbook } from '../excel/excel.fixtures';

/**
 * A hotel's master data (the hotel, its rooms, its booking rooms) is written under the
 * same scope it is read under: a user of hotel A holding every Basic Data claim can
 * neither change hotel B nor add to it, and is answered as the lists answer (not there).
 */
describe('master-data writes follow the hotel scope', () => {
  let t: TestServer;
  let fx: Fixture;
  let clerkOfA: string;
  let admin: string;
  let types: { useTypeId: number; roomTypeId: number };
  let bookingRoomOfB: number;
  const db = () => t.server.app.ctx.database.db;
  const hotelRow = async (id: number) => (await db().select().from(s.hotels).where(eq(s.hotels.id, id)))[0];
  const roomsOf = async (hotelId: number) => db().select().from(s.rooms).where(eq(s.rooms.hotelId, hotelId));
  const bookingRoomsOf = async (hotelId: number) => db().select().from(s.bookingRooms).where(eq(s.bookingRooms.hotelId, hotelId));

  beforeAll(async () => {
    t = await startTestServer();
    fx = await seedFixture(db());
    const basicData = ALL_CLAIMS.filter((c) => c.startsWith('Basic Data.'));
    clerkOfA = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db(), { claims: basicData, hotelIds: [fx.hotelA.id] }));
    admin = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db(), { isAdmin: true }));
    const [room] = await roomsOf(fx.hotelA.id);
    types = { useTypeId: room.useTypeId, roomTypeId: room.roomTypeId };
    const [bookingRoom] = await db()
      .insert(s.bookingRooms)
      .values({ hotelId: fx.hotelB.id, roomTypeId: types.roomTypeId, nameEn: 'Suite of B', nameAr: 'جناح ب', noOfGuests: 2 })
      .returning();
    bookingRoomOfB = bookingRoom.id;
  });
  afterAll(() => t.cleanup());

  const hotelBody = (hotel: typeof s.hotels.$inferSelect, name: string) => ({
    name,
    nameAr: hotel.nameAr,
    hotelCode: hotel.hotelCode,
    companyId: hotel.companyId,
  });

  it('EditHotel and RemoveHotel of another hotel answer 404 (as its read does) and change nothing', async () => {
    const before = await hotelRow(fx.hotelB.id);
    const edit = await t.api.call(endpoints.hotel.edit, { token: clerkOfA, params: { id: fx.hotelB.id }, body: hotelBody(before, 'Taken over') });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('Hotel not found');
    const ar = await t.api.call(endpoints.hotel.edit, { token: clerkOfA, lang: 'ar', params: { id: fx.hotelB.id }, body: hotelBody(before, 'x') });
    expect(ar.body.message).toBe('الفندق غير موجود');
    expect((await t.api.call(endpoints.hotel.remove, { token: clerkOfA, params: { id: fx.hotelB.id } })).status).toBe(404);
    expect(await hotelRow(fx.hotelB.id)).toEqual(before);
    // Their own hotel they may still edit; an admin may edit any.
    const own = await hotelRow(fx.hotelA.id);
    expect((await t.api.call(endpoints.hotel.edit, { token: clerkOfA, params: { id: own.id }, body: hotelBody(own, 'Renamed A') })).status).toBe(200);
    expect((await hotelRow(fx.hotelA.id)).name).toBe('Renamed A');
    expect((await t.api.call(endpoints.hotel.edit, { token: admin, params: { id: before.id }, body: hotelBody(before, before.name) })).status).toBe(200);
  });

  it('AddRoom into another hotel is refused as a hotel that does not exist; nothing is added', async () => {
    const res = await t.api.call(endpoints.room.add, { token: clerkOfA, body: { number: '777', hotelId: fx.hotelB.id, ...types } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'hotelId', message: 'The selected hotel does not exist' }]);
    expect((await roomsOf(fx.hotelB.id)).map((r) => r.number)).toEqual(['101']);
  });

  it('EditRoom and RemoveRoom of another hotel\'s room answer 404; moving one\'s own room there is refused', async () => {
    const [roomOfB] = fx.hotelB.roomIds;
    const edit = await t.api.call(endpoints.room.edit, { token: clerkOfA, params: { id: roomOfB }, body: { number: '101', hotelId: fx.hotelB.id, ...types } });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('Room not found');
    const remove = await t.api.call(endpoints.room.remove, { token: clerkOfA, lang: 'ar', params: { id: roomOfB } });
    expect(remove.status).toBe(404);
    expect(remove.body.message).toBe('الغرفة غير موجودة');
    expect((await roomsOf(fx.hotelB.id)).map((r) => r.id)).toEqual([roomOfB]);

    const [, ownRoom] = fx.hotelA.roomIds;
    const move = await t.api.call(endpoints.room.edit, { token: clerkOfA, params: { id: ownRoom }, body: { number: '102', hotelId: fx.hotelB.id, ...types } });
    expect(move.status).toBe(400);
    expect(move.body.errors).toEqual([{ field: 'hotelId', message: 'The selected hotel does not exist' }]);
    expect((await roomsOf(fx.hotelA.id)).map((r) => r.id)).toContain(ownRoom);
  });

  it('booking rooms: adding one to another hotel, or editing one of it (JSON or the screen form), is refused', async () => {
    const add = await t.api.call(endpoints.bookingRoom.add, {
      token: clerkOfA,
      body: { bookingRoom: { hotelId: fx.hotelB.id, roomTypeId: types.roomTypeId, noOfGuests: 2, facilities: ['wifi'] } },
    });
    expect(add.status).toBe(400);
    expect(add.body.errors).toEqual([{ field: 'hotelId', message: 'The selected hotel does not exist' }]);

    const form = new FormData();
    for (const [k, v] of Object.entries({ hotelId: String(fx.hotelB.id), roomTypeId: String(types.roomTypeId), noOfGuests: '2', facilities: 'wifi' }))
      form.append(k, v);
    const create = await t.api.call(endpoints.bookingRoom.create, { token: clerkOfA, form });
    expect(create.status).toBe(400);
    expect(create.body.errors).toEqual([{ field: 'hotelId', message: 'The selected hotel does not exist' }]);

    const edit = await t.api.call(endpoints.bookingRoom.edit, { token: clerkOfA, params: { id: bookingRoomOfB }, body: { bookingRoom: { nameEn: 'Mine now' } } });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('This booking room does not exist');
    const update = new FormData();
    update.append('id', String(bookingRoomOfB));
    update.append('nameEn', 'Mine now');
    expect((await t.api.call(endpoints.bookingRoom.update, { token: clerkOfA, form: update })).status).toBe(404);

    // Moving a room of B into A is no better: the room itself is out of scope.
    const pull = await t.api.call(endpoints.bookingRoom.edit, { token: clerkOfA, params: { id: bookingRoomOfB }, body: { bookingRoom: { hotelId: fx.hotelA.id } } });
    expect(pull.status).toBe(404);
    expect(await bookingRoomsOf(fx.hotelB.id)).toEqual([expect.objectContaining({ id: bookingRoomOfB, nameEn: 'Suite of B' })]);
    expect(await bookingRoomsOf(fx.hotelA.id)).toEqual([]);
  });

  it('the room sheet offers only the uploader\'s hotels and refuses rows of another hotel, importing nothing', async () => {
    const template = await t.api.call<Buffer>(endpoints.roomTemplate, { token: clerkOfA });
    expect(template.status).toBe(200);
    const book = await readWorkbook(template.body);
    const listed = JSON.stringify(book.worksheets.map((sheet) => sheet.getSheetValues()));
    const [a, b] = [await hotelRow(fx.hotelA.id), await hotelRow(fx.hotelB.id)];
    expect(listed).toContain(a.hotelCode);
    expect(listed).not.toContain(b.hotelCode);

    const [useType] = await db().select().from(s.useTypes).where(eq(s.useTypes.id, types.useTypeId));
    const [roomType] = await db().select().from(s.roomTypes).where(eq(s.roomTypes.id, types.roomTypeId));
    const file = await fillTemplate(template.body, [
      ['501', a.hotelCode, useType.useTypeCode, roomType.roomTypeCode],
      ['502', b.hotelCode, useType.useTypeCode, roomType.roomTypeCode],
    ]);
    const res = await t.api.call(endpoints.uploadRoom, { token: clerkOfA, form: fileForm(file, 'rooms.xlsx', XLSX) });
    expect(res.status).toBe(400);
    expect(res.body.rowErrors).toEqual([expect.objectContaining({ row: 3, column: 'hotelCode' })]);
    expect((await roomsOf(fx.hotelA.id)).map((r) => r.number)).not.toContain('501');
    expect((await roomsOf(fx.hotelB.id)).map((r) => r.number)).toEqual(['101']);
  });
});
