import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, FACILITIES, endpoints } from '@shared';
import type { TestServer } from '../../support/test-server';
import { adminSession, type Builder, userWithClaims } from './basic-data.fixtures';

describe('basic data: select data, who may call what, and list paging', () => {
  let t: TestServer;
  let token: string;
  let b: Builder;
  beforeAll(async () => {
    ({ t, token, b } = await adminSession());
  });
  afterAll(() => t.cleanup());

  describe('select data', () => {
    it('names follow the language: nameEn / nameAr, hotels name / nameAr, one name for companies and departments', async () => {
      const useTypeId = await b.useType({ nameEn: 'Suite', nameAr: 'جناح' });
      const hotelId = await b.hotel({ name: 'Nakheel Jeddah', nameAr: 'نخيل جدة', companyId: await b.company({ name: 'Nakheel Hospitality' }) });
      const departmentId = await b.department({ name: 'Front Office' });
      const roomTypeId = await b.roomType({ nameEn: 'Twin', nameAr: 'سريران' });
      const groupId = await b.serviceGroup({ nameEn: 'Front Desk', nameAr: 'الاستقبال' });
      const get = async (endpoint: Pick<Endpoint, 'method' | 'path'>, lang: 'en' | 'ar') =>
        (await t.api.call(endpoint, { token, lang })).body as { id: number; name: string }[];

      expect(await get(endpoints.generateUseTypes, 'en')).toContainEqual({ id: useTypeId, name: 'Suite' });
      expect(await get(endpoints.generateUseTypes, 'ar')).toContainEqual({ id: useTypeId, name: 'جناح' });
      expect(await get(endpoints.generateRoomTypes, 'ar')).toContainEqual({ id: roomTypeId, name: 'سريران' });
      expect(await get(endpoints.generateServiceGroups, 'ar')).toContainEqual({ id: groupId, name: 'الاستقبال' });
      expect(await get(endpoints.generateHotels, 'en')).toContainEqual({ id: hotelId, name: 'Nakheel Jeddah' });
      expect(await get(endpoints.generateHotels, 'ar')).toContainEqual({ id: hotelId, name: 'نخيل جدة' });
      expect(await get(endpoints.generateDepartments, 'ar')).toContainEqual({ id: departmentId, name: 'Front Office' });
      expect((await get(endpoints.generateCompanies, 'ar')).map((c) => c.name)).toContain('Nakheel Hospitality');
    });

    it('lists name a room’s and a booking room’s hotel in the caller language (GetAllRooms?lang=ar)', async () => {
      const hotelId = await b.hotel({ name: 'Corniche Tower', nameAr: 'برج الكورنيش' });
      const roomId = await b.room({ hotelId });
      const roomTypeId = await b.roomType();
      const booking = await t.api.call(endpoints.bookingRoom.add, {
        token,
        body: { bookingRoom: { hotelId, roomTypeId, noOfGuests: 2, facilities: ['wifi'], nameEn: 'Corniche Suite', nameAr: 'جناح الكورنيش' } },
      });
      expect(booking.status).toBe(200);
      const hotelOf = async (endpoint: Pick<Endpoint, 'method' | 'path'>, id: number, lang: 'en' | 'ar') =>
        ((await t.api.call(endpoint, { token, lang })).body as { id: number; hotelName: string }[]).find((r) => r.id === id)?.hotelName;

      expect(await hotelOf(endpoints.room.list, roomId, 'en')).toBe('Corniche Tower');
      expect(await hotelOf(endpoints.room.list, roomId, 'ar')).toBe('برج الكورنيش');
      expect(await hotelOf(endpoints.bookingRoom.list, booking.body.id, 'en')).toBe('Corniche Tower');
      expect(await hotelOf(endpoints.bookingRoom.list, booking.body.id, 'ar')).toBe('برج الكورنيش');
      // Sorting by hotel sorts the names shown.
      const sorted = (await t.api.call(endpoints.room.list, { token, lang: 'ar', query: { sort: 'hotelName', order: 'asc' } })).body as { hotelName: string }[];
      expect(sorted.map((r) => r.hotelName)).toContain('برج الكورنيش');
    });

    it('lists a hotel’s rooms only, sorted as people read numbers', async () => {
      const hotelId = await b.hotel();
      const other = await b.hotel();
      const ids: Record<string, number> = {};
      for (const number of ['101', '9', '10', '2', 'B-12', 'B-3']) ids[number] = await b.room({ number, hotelId });
      await b.room({ number: '1', hotelId: other });
      const res = await t.api.call(endpoints.generateRooms, { query: { hotelId } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(['2', '9', '10', '101', 'B-3', 'B-12'].map((number) => ({ id: ids[number], number })));
    });

    it('groups services under their group name in the caller language, with the Special Request flag', async () => {
      const serviceGroupId = await b.serviceGroup({ nameEn: 'Housekeeping', nameAr: 'التدبير المنزلي' });
      const towels = await b.service({ nameEn: 'Towels', nameAr: 'مناشف', serviceGroupId });
      const special = await b.service({ nameEn: 'Special Request', nameAr: 'طلب خاص', serviceGroupId });
      await b.serviceGroup({ nameEn: 'Empty group', nameAr: 'مجموعة فارغة' });

      const en = (await t.api.call(endpoints.generateServices)).body as { name: string; services: unknown[] }[];
      expect(en.find((g) => g.name === 'Housekeeping')?.services).toEqual([
        { id: special, name: 'Special Request', isSpecial: true, keywords: 'طلب خاص' },
        { id: towels, name: 'Towels', isSpecial: false, keywords: 'مناشف' },
      ]);
      expect(en.map((g) => g.name)).not.toContain('Empty group');
      const ar = (await t.api.call(endpoints.generateServices, { lang: 'ar' })).body as { name: string; services: unknown[] }[];
      expect(ar.find((g) => g.name === 'التدبير المنزلي')?.services).toEqual(
        expect.arrayContaining([{ id: towels, name: 'مناشف', isSpecial: false, keywords: 'Towels' }]),
      );
    });

    it('gives the facilities with their name in the caller language', async () => {
      const ar = await t.api.call(endpoints.facilities, { lang: 'ar' });
      expect(ar.status).toBe(200);
      expect(ar.body).toHaveLength(FACILITIES.length);
      expect(ar.body[0]).toEqual({ code: 'wifi', name: 'واي فاي', nameEn: 'Wi-Fi', nameAr: 'واي فاي' });
    });
  });

  describe('who may call what', () => {
    it('the guest form lookups need no token; the staff ones need a signed-in user', async () => {
      const hotelId = await b.hotel();
      expect((await t.api.call(endpoints.generateHotels)).status).toBe(200);
      expect((await t.api.call(endpoints.generateRooms, { query: { hotelId } })).status).toBe(200);
      expect((await t.api.call(endpoints.generateServices)).status).toBe(200);
      expect((await t.api.call(endpoints.facilities)).status).toBe(200);
      const nobody = await userWithClaims(t, 'nobody@test.hotel', []);
      for (const endpoint of [
        endpoints.generateCompanies,
        endpoints.generateUseTypes,
        endpoints.generateRoomTypes,
        endpoints.generateServiceGroups,
        endpoints.generateDepartments,
      ]) {
        const anonymous = await t.api.call(endpoint, { lang: 'ar' });
        expect(anonymous.status).toBe(401);
        expect(anonymous.body.message).toBe('يرجى تسجيل الدخول');
        expect((await t.api.call(endpoint, { token: nobody })).status).toBe(200);
      }
    });

    it('GetAll needs the View claim, Add the Create claim; a refused add stores nothing', async () => {
      const viewer = await userWithClaims(t, 'viewer@test.hotel', ['Basic Data.Company.View']);
      const keys = ['company', 'hotel', 'useType', 'roomType', 'room', 'serviceGroup', 'service', 'worker', 'department'] as const;
      for (const key of keys) {
        expect((await t.api.call(endpoints[key].list)).status, key).toBe(401);
        const expected = key === 'company' ? 200 : 403;
        expect((await t.api.call(endpoints[key].list, { token: viewer })).status, key).toBe(expected);
      }
      const before = (await t.api.call(endpoints.company.list, { token })).body.length;
      const add = await t.api.call(endpoints.company.add, {
        token: viewer,
        body: { name: 'Sneaky', countryName: 'Egypt', companyCode: 'SNEAK' },
      });
      expect(add.status).toBe(403);
      expect(add.body.message).toBe('You do not have permission to do this');
      const id = await b.company();
      expect((await t.api.call(endpoints.company.remove, { token: viewer, params: { id } })).status).toBe(403);
      expect((await t.api.call(endpoints.company.list, { token })).body.length).toBe(before + 1);
    });
  });

  describe('paging, search and sort (ListQuery)', () => {
    beforeAll(async () => {
      for (const [i, name] of ['Laundry', 'Spa', 'Security', 'Kitchen', 'Valet', 'Concierge', 'Engineering'].entries()) {
        await b.department({ name: `LQ ${name}`, departmentCode: `LQ-${i + 1}` });
      }
    });
    const page = (query: Record<string, string | number>) => t.api.call(endpoints.department.list, { token, query: { search: 'LQ ', ...query } });

    it('without paging answers the whole list, newest first', async () => {
      const res = await page({});
      expect(res.body.map((d: { name: string }) => d.name)).toEqual(
        ['Engineering', 'Concierge', 'Valet', 'Kitchen', 'Security', 'Spa', 'Laundry'].map((n) => `LQ ${n}`),
      );
      expect(res.headers.get('x-total-count')).toBe('7');
    });

    it('pages with the total in X-Total-Count', async () => {
      const first = await page({ page: 0, pageSize: 3 });
      expect(first.body.map((d: { departmentCode: string }) => d.departmentCode)).toEqual(['LQ-7', 'LQ-6', 'LQ-5']);
      expect(first.headers.get('x-total-count')).toBe('7');
      const last = await page({ page: 2, pageSize: 3 });
      expect(last.body.map((d: { departmentCode: string }) => d.departmentCode)).toEqual(['LQ-1']);
      expect((await page({ page: 9, pageSize: 3 })).body).toEqual([]);
    });

    it('searches every column, without regard to case', async () => {
      const res = await page({ search: 'lq-3' });
      expect(res.body.map((d: { name: string }) => d.name)).toEqual(['LQ Security']);
      expect(res.headers.get('x-total-count')).toBe('1');
    });

    it('sorts by a column either way', async () => {
      const asc = await page({ sort: 'name', order: 'asc', page: 0, pageSize: 2 });
      expect(asc.body.map((d: { name: string }) => d.name)).toEqual(['LQ Concierge', 'LQ Engineering']);
      const desc = await page({ sort: 'name', order: 'desc', page: 0, pageSize: 2 });
      expect(desc.body.map((d: { name: string }) => d.name)).toEqual(['LQ Valet', 'LQ Spa']);
    });
  });
});
