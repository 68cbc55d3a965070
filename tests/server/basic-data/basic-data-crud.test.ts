import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import type { TestServer } from '../../support/test-server';
import { adminSession, type Builder } from './basic-data.fixtures';

type Key = 'company' | 'hotel' | 'useType' | 'roomType' | 'room' | 'serviceGroup' | 'service' | 'worker' | 'department';

describe('basic data: add, list, edit and remove over HTTP', () => {
  let t: TestServer;
  let token: string;
  let b: Builder;
  beforeAll(async () => {
    ({ t, token, b } = await adminSession());
  });
  afterAll(() => t.cleanup());

  const list = async (key: Key, query?: Record<string, string | number>) => {
    const res = await t.api.call(endpoints[key].list, { token, query });
    expect(res.status).toBe(200);
    return res.body as Record<string, any>[];
  };
  const rowOf = async (key: Key, id: number) => (await list(key)).find((r) => r.id === id);

  /** Each entity: a create body (with what it needs built first), an edit of its non-code fields, and the names its row shows. */
  const cases: { key: Key; create: () => Promise<Record<string, unknown>>; edit: () => Promise<Record<string, unknown>>; codeField: string }[] = [
    {
      key: 'company',
      codeField: 'companyCode',
      create: async () => ({ name: 'Nakheel Hospitality', countryName: 'Saudi Arabia', companyCode: 'NAK' }),
      edit: async () => ({ name: 'Nakheel Hotels', countryName: 'United Arab Emirates' }),
    },
    {
      key: 'hotel',
      codeField: 'hotelCode',
      create: async () => ({ name: 'Nakheel Riyadh', nameAr: 'نخيل الرياض', hotelCode: 'RUH', companyId: await b.company({ name: 'Owner A' }) }),
      edit: async () => ({
        name: 'Nakheel Jeddah',
        nameAr: 'نخيل جدة',
        companyId: await b.company({ name: 'Owner B' }),
        bookingPolicy: 'Check-in 15:00',
        accommodationPolicy: 'No pets',
      }),
    },
    {
      key: 'useType',
      codeField: 'useTypeCode',
      create: async () => ({ nameEn: 'Guest room', nameAr: 'غرفة نزلاء', useTypeCode: 'GR' }),
      edit: async () => ({ nameEn: 'Suite', nameAr: 'جناح' }),
    },
    {
      key: 'roomType',
      codeField: 'roomTypeCode',
      create: async () => ({ nameEn: 'Single', nameAr: 'مفردة', roomTypeCode: 'SGL' }),
      edit: async () => ({ nameEn: 'Double', nameAr: 'مزدوجة' }),
    },
    {
      key: 'room',
      codeField: 'number',
      create: async () => ({
        number: '101',
        hotelId: await b.hotel({ name: 'Room Hotel' }),
        useTypeId: await b.useType({ nameEn: 'Guest room', nameAr: 'غرفة نزلاء' }),
        roomTypeId: await b.roomType({ nameEn: 'Twin', nameAr: 'توأم' }),
      }),
      edit: async () => ({
        hotelId: await b.hotel({ name: 'Other Hotel' }),
        useTypeId: await b.useType({ nameEn: 'Suite', nameAr: 'جناح' }),
        roomTypeId: await b.roomType({ nameEn: 'Junior Suite', nameAr: 'جناح صغير' }),
      }),
    },
    {
      key: 'serviceGroup',
      codeField: 'serviceGroupCode',
      create: async () => ({ nameEn: 'Housekeeping', nameAr: 'التدبير المنزلي', serviceGroupCode: 'HK' }),
      edit: async () => ({ nameEn: 'Maintenance', nameAr: 'الصيانة' }),
    },
    {
      key: 'service',
      codeField: 'serviceCode',
      create: async () => ({
        nameEn: 'Extra towels',
        nameAr: 'مناشف إضافية',
        serviceCode: 'TWL',
        serviceGroupId: await b.serviceGroup({ nameEn: 'Housekeeping', nameAr: 'التدبير المنزلي' }),
        departmentId: await b.department({ name: 'Housekeeping' }),
      }),
      edit: async () => ({
        nameEn: 'special request',
        nameAr: 'طلب خاص',
        serviceGroupId: await b.serviceGroup({ nameEn: 'Other', nameAr: 'أخرى' }),
        departmentId: await b.department({ name: 'Guest Relations' }),
      }),
    },
    {
      key: 'worker',
      codeField: 'workerCode',
      create: async () => ({ name: 'Ahmed Al-Qahtani', phoneNumber: '+966 55 123 4567', workerCode: 'W1', departmentId: await b.department({ name: 'Maintenance' }), hotelIds: [await b.hotel()] }),
      // Its hotels are replaced by the edit's (an admin sees every hotel).
      edit: async () => ({ name: 'Ahmed Alqahtani', phoneNumber: '0551234567', departmentId: null, hotelIds: [await b.hotel()] }),
    },
    {
      key: 'department',
      codeField: 'departmentCode',
      create: async () => ({ name: 'Front Office', departmentCode: 'FO' }),
      edit: async () => ({ name: 'Front Desk' }),
    },
  ];

  for (const c of cases) {
    it(`${c.key}: a round trip shows exactly what was saved, then removes it`, async () => {
      const body = await c.create();
      const added = await t.api.call(endpoints[c.key].add, { token, body });
      expect(added.status).toBe(200);
      expect(added.body.message).toBe('Added Successfully');
      const id = added.body.id as number;

      const row = await rowOf(c.key, id);
      expect(row).toMatchObject(body);
      expect(new Date(row!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

      const changes = await c.edit();
      const edited = await t.api.call(endpoints[c.key].edit, { token, lang: 'ar', params: { id }, body: { ...body, ...changes } });
      expect(edited.status).toBe(200);
      expect(edited.body).toEqual({ message: 'تم التحديث بنجاح', id });
      expect(await rowOf(c.key, id)).toMatchObject({ ...changes, [c.codeField]: body[c.codeField] });

      const removed = await t.api.call(endpoints[c.key].remove, { token, params: { id } });
      expect(removed.body).toEqual({ message: 'Removed Successfully', id });
      expect(await rowOf(c.key, id)).toBeUndefined();
      expect((await t.api.call(endpoints[c.key].remove, { token, params: { id } })).status).toBe(404);
    });
  }

  it('lists show the names of what a row points at', async () => {
    const companyId = await b.company({ name: 'Nakheel Hospitality' });
    const hotelId = await b.hotel({ name: 'Nakheel Riyadh', nameAr: 'نخيل الرياض', companyId });
    expect(await rowOf('hotel', hotelId)).toMatchObject({ companyId, companyName: 'Nakheel Hospitality', bookingPolicy: '', accommodationPolicy: '' });

    const useTypeId = await b.useType({ nameEn: 'Guest room', nameAr: 'غرفة نزلاء' });
    const roomTypeId = await b.roomType({ nameEn: 'Junior Suite', nameAr: 'جناح صغير' });
    const roomId = await b.room({ number: '204', hotelId, useTypeId, roomTypeId });
    expect(await rowOf('room', roomId)).toMatchObject({
      number: '204',
      hotelName: 'Nakheel Riyadh',
      useTypeNameEn: 'Guest room',
      useTypeNameAr: 'غرفة نزلاء',
      roomTypeNameEn: 'Junior Suite',
      roomTypeNameAr: 'جناح صغير',
    });

    const serviceGroupId = await b.serviceGroup({ nameEn: 'Food & Beverage', nameAr: 'الأطعمة والمشروبات' });
    const departmentId = await b.department({ name: 'Food & Beverage' });
    const serviceId = await b.service({ nameEn: 'Breakfast', nameAr: 'إفطار', serviceGroupId, departmentId });
    expect(await rowOf('service', serviceId)).toMatchObject({
      serviceGroupNameEn: 'Food & Beverage',
      serviceGroupNameAr: 'الأطعمة والمشروبات',
      departmentName: 'Food & Beverage',
      isSpecial: false,
    });
    const workerId = await b.worker({ departmentId });
    expect(await rowOf('worker', workerId)).toMatchObject({ departmentId, departmentName: 'Food & Beverage' });
    const loneWorker = await b.worker();
    expect(await rowOf('worker', loneWorker)).toMatchObject({ departmentId: null, departmentName: null });
  });

  it("marks the 'Special Request' service in any letter case, and only that one", async () => {
    const special = await b.service({ nameEn: 'SPECIAL REQUEST', nameAr: 'طلب خاص' });
    const near = await b.service({ nameEn: 'Special Requests', nameAr: 'طلبات' });
    expect((await rowOf('service', special))!.isSpecial).toBe(true);
    expect((await rowOf('service', near))!.isSpecial).toBe(false);
  });

  it('an edit that leaves out the worker department keeps it', async () => {
    const departmentId = await b.department();
    const id = await b.worker({ name: 'Saad', workerCode: 'KEEP-1', departmentId });
    const res = await t.api.call(endpoints.worker.edit, {
      token,
      params: { id },
      body: { name: 'Saad Alharbi', phoneNumber: '+966 50 000 1111', workerCode: 'KEEP-1' },
    });
    expect(res.status).toBe(200);
    expect(await rowOf('worker', id)).toMatchObject({ name: 'Saad Alharbi', departmentId });
  });

  it('lists newest first', async () => {
    const first = await b.department({ name: 'First' });
    const second = await b.department({ name: 'Second' });
    const ids = (await list('department')).map((r) => r.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids[0]).toBe(second);
  });

  it('odd but valid text is stored and returned exactly', async () => {
    const odd = ['نخيل 🌴 "quoted"', "<b>bold</b> & 'single'", "'; drop table companies; --", '  spaced  ', 'Ünïcödé — ✓'];
    for (const name of odd) {
      const id = await b.company({ name });
      expect((await rowOf('company', id))!.name).toBe(name);
    }
    const code = '<b>&</b>';
    const id = await b.department({ name: 'x', departmentCode: code });
    expect((await rowOf('department', id))!.departmentCode).toBe(code);
    expect((await list('company')).length).toBeGreaterThanOrEqual(odd.length);
  });
});
