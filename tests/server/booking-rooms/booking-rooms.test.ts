import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type TestServer, startTestServer } from '../../support/test-server';
import { TINY_JPEG, TINY_WEBP, makePng } from '../../unit/files/image-fixtures';
import { type Reference, dbOf, seedReference, tokenWithClaims } from '../excel/excel.fixtures';

const blob = (bytes: Uint8Array, type: string) => new Blob([new Uint8Array(bytes)], { type });

describe('booking rooms', () => {
  let t: TestServer;
  let token: string;
  let ref: Reference;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.adminToken();
    ref = await seedReference(t);
  });
  afterAll(() => t.cleanup());

  const list = async (lang?: 'en' | 'ar') => {
    const res = await t.api.call(endpoints.bookingRoom.list, { token, lang });
    expect(res.status).toBe(200);
    return res.body as Array<Record<string, any>>;
  };
  const createForm = (images: [Uint8Array, string, string][], extra: Record<string, string | string[]> = {}) => {
    const form = new FormData();
    const fields = { hotelId: String(ref.hotelId), roomTypeId: String(ref.roomTypeId), noOfGuests: '2', facilities: ['wifi', 'tv'], ...extra };
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
    for (const [bytes, name, type] of images) form.append('images', blob(bytes, type), name);
    return form;
  };

  it('creates a room with two images from the screen form; names default to the room type', async () => {
    const png = makePng(3, 2);
    const res = await t.api.call(endpoints.bookingRoom.create, {
      token,
      form: createForm([
        [png, 'view.png', 'image/png'],
        [TINY_JPEG, 'bed.jpg', 'image/jpeg'],
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Added Successfully');
    const [room] = await list();
    expect(room).toMatchObject({
      id: res.body.id,
      nameEn: 'Standard',
      nameAr: 'قياسية',
      roomTypeCode: 'STD',
      hotelId: ref.hotelId,
      hotelName: 'Nile Palace',
      roomTypeId: ref.roomTypeId,
      noOfGuests: 2,
      facilities: ['wifi', 'tv'],
    });
    expect(room.images).toHaveLength(2);
    expect(room.images[0]).toEqual({ id: expect.any(Number), url: `/api/BasicData/BookingRoomImage/${room.images[0].id}`, contentType: 'image/png' });
    expect(room.images[1].contentType).toBe('image/jpeg');

    const image = await t.api.raw('GET', room.images[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(image.body, png)).toBe(0);
    const etag = image.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.api.raw('GET', room.images[0].url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await t.api.raw('GET', '/api/BasicData/BookingRoomImage/999999')).status).toBe(404);
  });

  it('lists newest first', async () => {
    const add = await t.api.call(endpoints.bookingRoom.add, {
      token,
      body: { bookingRoom: { hotelId: ref.hotel2Id, roomTypeId: ref.roomTypeId, noOfGuests: 4, facilities: ['sea-view'], nameEn: 'Family Sea View' } },
    });
    expect(add.status).toBe(200);
    const rooms = await list();
    expect(rooms[0]).toMatchObject({ id: add.body.id, nameEn: 'Family Sea View', nameAr: 'قياسية', hotelName: 'Red Sea Resort', images: [] });
    expect(rooms.length).toBe(2);
    const page = await t.api.call(endpoints.bookingRoom.list, { token, query: { page: 1, pageSize: 1 } });
    expect(page.headers.get('x-total-count')).toBe('2');
    expect(page.body.map((r: { id: number }) => r.id)).toEqual([rooms[1].id]);
    const found = await t.api.call(endpoints.bookingRoom.list, { token, query: { search: 'family sea' } });
    expect(found.body.map((r: { id: number }) => r.id)).toEqual([add.body.id]);
  });

  it('refuses a text file named .png (415) and an 11 MB image (413), storing nothing', async () => {
    const before = (await list()).length;
    const fake = await t.api.call(endpoints.bookingRoom.create, {
      token,
      lang: 'ar',
      form: createForm([[new TextEncoder().encode('just some text'), 'photo.png', 'image/png']]),
    });
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('تُقبل صور JPEG أو PNG أو WebP فقط: الملف "photo.png" ليس منها');

    const huge = Buffer.alloc(11 * 1024 * 1024);
    makePng().copy(huge);
    const big = await t.api.call(endpoints.bookingRoom.create, { token, form: createForm([[huge, 'big.png', 'image/png']]) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Each file must be at most 10 MB');
    const many = Array.from({ length: 11 }, (_, i) => [makePng(), `p${i}.png`, 'image/png'] as [Uint8Array, string, string]);
    const tooMany = await t.api.call(endpoints.bookingRoom.create, { token, form: createForm(many) });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toBe('Too many files: at most 10 at once');
    expect((await list()).length).toBe(before);
  });

  it('checks the form fields with the contract: facilities must be known codes, hotel and room type must exist', async () => {
    const res = await t.api.call(endpoints.bookingRoom.create, { token, form: createForm([], { facilities: ['wifi', 'jacuzzi'], noOfGuests: '0' }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'facilities.1', message: 'Unknown facility' },
        { field: 'noOfGuests', message: 'Must be 1 or more' },
      ]),
    );
    const none = await t.api.call(endpoints.bookingRoom.create, { token, form: createForm([], { facilities: [] }) });
    expect(none.status).toBe(400);
    const missing = await t.api.call(endpoints.bookingRoom.create, { token, form: createForm([], { hotelId: '9999' }) });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'hotelId', message: 'The selected hotel does not exist' }]);
  });

  it('edits names and adds images from the edit modal; the room type code stays read-only', async () => {
    const [room] = (await list()).filter((r) => r.images.length === 2);
    const form = new FormData();
    form.append('id', String(room.id));
    form.append('nameAr', 'غرفة مطلة');
    form.append('nameEn', 'View Room');
    form.append('roomTypeCode', 'STD');
    form.append('language', 'ar');
    form.append('newImages', blob(TINY_WEBP, 'image/webp'), 'pool.webp');
    const res = await t.api.call(endpoints.bookingRoom.update, { token, form });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('تم التحديث بنجاح');
    const edited = (await list()).find((r) => r.id === room.id)!;
    expect(edited).toMatchObject({ nameAr: 'غرفة مطلة', nameEn: 'View Room', roomTypeCode: 'STD' });
    expect(edited.images.map((i: { contentType: string }) => i.contentType)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    const webp = await t.api.raw('GET', edited.images[2].url);
    expect(webp.headers.get('content-type')).toBe('image/webp');

    const changeType = new FormData();
    changeType.append('id', String(room.id));
    changeType.append('roomTypeCode', 'DLX');
    changeType.append('nameEn', 'Sneaky');
    const refused = await t.api.call(endpoints.bookingRoom.update, { token, form: changeType });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'roomTypeCode', message: 'The room type code cannot be changed here' }]);
    const unknown = new FormData();
    unknown.append('id', '99999');
    expect((await t.api.call(endpoints.bookingRoom.update, { token, form: unknown })).status).toBe(404);
  });

  it('EditBookingRoom changes only what it is sent; an empty name goes back to the room type name', async () => {
    const [room] = await list();
    const res = await t.api.call(endpoints.bookingRoom.edit, {
      token,
      params: { id: room.id },
      body: { bookingRoom: { noOfGuests: 6, nameEn: '' } },
    });
    expect(res.status).toBe(200);
    const [stored] = await dbOf(t).select().from(s.bookingRooms).where(eq(s.bookingRooms.id, room.id));
    expect(stored).toMatchObject({ noOfGuests: 6, nameEn: 'Standard', hotelId: room.hotelId, facilities: room.facilities });
    const bad = await t.api.call(endpoints.bookingRoom.edit, { token, params: { id: room.id }, body: { bookingRoom: { roomTypeId: 9999 } } });
    expect(bad.status).toBe(400);
    expect((await t.api.call(endpoints.bookingRoom.edit, { token, params: { id: 424242 }, body: { bookingRoom: {} } })).status).toBe(404);
  });

  it('needs the booking-room claims', async () => {
    const viewer = await tokenWithClaims(t, ['Basic Data.Booking Room.View']);
    expect((await t.api.call(endpoints.bookingRoom.list, { token: viewer })).status).toBe(200);
    expect((await t.api.call(endpoints.bookingRoom.create, { token: viewer, form: createForm([]) })).status).toBe(403);
    expect((await t.api.call(endpoints.bookingRoom.list)).status).toBe(401);
    const nobody = await tokenWithClaims(t, []);
    expect((await t.api.call(endpoints.bookingRoom.list, { token: nobody })).status).toBe(403);
  });
});
