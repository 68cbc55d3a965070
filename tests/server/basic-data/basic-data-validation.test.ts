import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type TestServer, startTestServer } from '../../support/test-server';
import { Builder, adminTokenOf } from './basic-data.fixtures';

type Key = 'company' | 'hotel' | 'useType' | 'roomType' | 'room' | 'serviceGroup' | 'service' | 'worker' | 'department';
type Body = Record<string, unknown>;

const LONG = 'x'.repeat(10_000);
const MISSING_ID = 2_000_000_000;

describe('basic data: bad input is refused with a field message and changes nothing', () => {
  let t: TestServer;
  let token: string;
  let b: Builder;
  /** A valid create body and an existing row of every entity. */
  const valid = {} as Record<Key, Body>;
  const existing = {} as Record<Key, number>;

  beforeAll(async () => {
    t = await startTestServer();
    token = await adminTokenOf(t);
    b = new Builder(t, token);
    const [companyId, useTypeId, roomTypeId, serviceGroupId, departmentId] = [
      await b.company(),
      await b.useType(),
      await b.roomType(),
      await b.serviceGroup(),
      await b.department(),
    ];
    const hotelId = await b.hotel({ companyId });
    Object.assign(valid, {
      company: { name: 'Nakheel', countryName: 'Saudi Arabia', companyCode: 'V-C' },
      hotel: { name: 'Riyadh', nameAr: 'الرياض', hotelCode: 'V-H', companyId },
      useType: { nameEn: 'Guest room', nameAr: 'غرفة', useTypeCode: 'V-U' },
      roomType: { nameEn: 'Single', nameAr: 'مفردة', roomTypeCode: 'V-RT' },
      room: { number: 'V-101', useTypeId, roomTypeId, hotelId },
      serviceGroup: { nameEn: 'Other', nameAr: 'أخرى', serviceGroupCode: 'V-G' },
      service: { nameEn: 'Towels', nameAr: 'مناشف', serviceCode: 'V-S', serviceGroupId, departmentId },
      worker: { name: 'Ahmed', phoneNumber: '+966 55 123 4567', workerCode: 'V-W', departmentId, hotelIds: [hotelId] },
      department: { name: 'Housekeeping', departmentCode: 'V-D' },
    } satisfies Record<Key, Body>);
    for (const key of Object.keys(valid) as Key[]) existing[key] = await b.add(key, { ...valid[key], [codeField(key)]: `E-${key}` });
  });
  afterAll(() => t.cleanup());

  const codeField = (key: Key) => (key === 'room' ? 'number' : `${key}Code`);
  const snapshot = async (key: Key) => JSON.stringify((await t.api.call(endpoints[key].list, { token })).body);

  /**
   * Sends a bad add and a bad edit (keeping the row's own code, unless the code is what is bad);
   * both must be 400 naming the field, and the list must not change.
   */
  async function expectRefused(key: Key, body: Body, field: string, message?: string | RegExp, lang: 'en' | 'ar' = 'en') {
    const before = await snapshot(key);
    const editBody = field === codeField(key) ? body : { ...body, [codeField(key)]: `E-${key}` };
    const calls = [
      t.api.call(endpoints[key].add, { token, lang, body }),
      t.api.call(endpoints[key].edit, { token, lang, params: { id: existing[key] }, body: editBody }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, `${key} ${field}`).toBe(400);
      const error = (res.body.errors as { field: string; message: string }[]).find((e) => e.field === field);
      expect(error, `${key}: ${JSON.stringify(res.body)}`).toBeDefined();
      if (message) expect(error!.message).toMatch(message);
    }
    expect(await snapshot(key)).toBe(before);
  }

  const KEYS: Key[] = ['company', 'hotel', 'useType', 'roomType', 'room', 'serviceGroup', 'service', 'worker', 'department'];

  for (const key of KEYS) {
    it(`${key}: every required field missing, wrong types and 10,000 characters`, async () => {
      for (const field of Object.keys(valid[key])) {
        if (key === 'worker' && field === 'departmentId') continue; // optional
        const { [field]: _dropped, ...rest } = valid[key];
        // A worker's hotels: required when it is added (their own message, below), kept when an edit leaves them out.
        if (field !== codeField(key) && !(key === 'worker' && field === 'hotelIds')) await expectRefused(key, rest, field, 'This field is required');
        const wrongType = typeof valid[key][field] === 'number' ? 'abc' : { nested: true };
        await expectRefused(key, { ...valid[key], [field]: wrongType }, field);
        if (typeof valid[key][field] === 'string' && field !== 'countryName') {
          await expectRefused(key, { ...valid[key], [field]: LONG }, field, /^Must be at most \d+ characters$/);
        }
      }
      const { [codeField(key)]: _code, ...noCode } = valid[key];
      await expectRefused(key, noCode, codeField(key), 'This field is required');
      await expectRefused(key, { ...valid[key], [codeField(key)]: '   ' }, codeField(key), 'This field is required');
    });
  }

  it('refuses a worker added without a hotel, and changes nothing', async () => {
    const before = await snapshot('worker');
    const { hotelIds: _hotels, ...noHotels } = valid.worker;
    const res = await t.api.call(endpoints.worker.add, { token, body: { ...noHotels, workerCode: 'V-W2' } });
    expect(res.status).toBe(400);
    expect((res.body.errors as { field: string; message: string }[]).find((e) => e.field === 'hotelIds')?.message).toBe('Choose at least one hotel the worker serves');
    expect(await snapshot('worker')).toBe(before);
  });

  it('refuses blank names, in Arabic for an Arabic caller', async () => {
    await expectRefused('useType', { ...valid.useType, nameEn: '   ' }, 'nameEn', 'This field is required');
    await expectRefused('useType', { ...valid.useType, nameAr: '' }, 'nameAr', 'هذا الحقل مطلوب', 'ar');
  });

  it('refuses an unknown country and a bad phone number', async () => {
    await expectRefused('company', { ...valid.company, countryName: 'Atlantis' }, 'countryName', 'Choose a country from the list');
    await expectRefused('company', { ...valid.company, countryName: 'Atlantis' }, 'countryName', 'اختر دولة من القائمة', 'ar');
    await expectRefused('worker', { ...valid.worker, phoneNumber: 'call me maybe' }, 'phoneNumber', 'Enter a valid phone number');
  });

  it('refuses ids of rows that do not exist, naming each field', async () => {
    await expectRefused('hotel', { ...valid.hotel, companyId: MISSING_ID }, 'companyId', 'The selected company does not exist');
    await expectRefused('room', { ...valid.room, hotelId: MISSING_ID }, 'hotelId', 'The selected hotel does not exist');
    await expectRefused('room', { ...valid.room, useTypeId: MISSING_ID }, 'useTypeId');
    await expectRefused('room', { ...valid.room, roomTypeId: MISSING_ID }, 'roomTypeId', 'العنصر المختار (نوع الغرفة) غير موجود', 'ar');
    await expectRefused('service', { ...valid.service, serviceGroupId: MISSING_ID }, 'serviceGroupId');
    await expectRefused('service', { ...valid.service, departmentId: MISSING_ID }, 'departmentId', 'The selected department does not exist');
    await expectRefused('worker', { ...valid.worker, departmentId: MISSING_ID }, 'departmentId');
    const both = await t.api.call(endpoints.service.add, { token, body: { ...valid.service, serviceGroupId: MISSING_ID, departmentId: MISSING_ID } });
    expect(both.body.errors.map((e: { field: string }) => e.field)).toEqual(['serviceGroupId', 'departmentId']);
    expect(both.body.message).toBe('A selected item no longer exists');
  });

  it('refuses ids that are not positive whole numbers in the path', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await t.api.raw('DELETE', `/api/BasicData/RemoveCompany/${id}`, { token });
      expect(res.status, id).toBe(400);
      expect(res.body.errors[0].field).toBe('id');
    }
  });

  it('refuses a body that is not JSON or not an object', async () => {
    const bad = await t.api.raw('POST', '/api/BasicData/AddDepartment', { token, body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The request body is not valid JSON');
    const array = await t.api.call(endpoints.department.add, { token, body: [1, 2] });
    expect(array.status).toBe(400);
  });

  it('refuses bad list queries', async () => {
    const queries: Record<string, string | number>[] = [{ page: -1 }, { pageSize: 0 }, { pageSize: 100_000 }, { order: 'sideways' }, { sort: 'password' }, { search: LONG }];
    for (const query of queries) {
      const res = await t.api.call(endpoints.company.list, { token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
  });

  it('refuses GenerateRooms without a valid hotel', async () => {
    expect((await t.api.call(endpoints.generateRooms)).status).toBe(400);
    expect((await t.api.call(endpoints.generateRooms, { query: { hotelId: 'abc' } })).status).toBe(400);
    const unknown = await t.api.call(endpoints.generateRooms, { query: { hotelId: MISSING_ID }, lang: 'ar' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('الفندق غير موجود');
  });
});
