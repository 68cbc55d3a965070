import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';
import { XLSX, dbOf, fileForm, fillTemplate, readWorkbook } from '../excel/excel.fixtures';

/** Departments and workers carry an optional Arabic name; every reader sees the name of their language, else the other. */
describe('Arabic names of departments and workers', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.adminToken();
  });
  afterAll(() => t.cleanup());

  const call = <T = any>(endpoint: Parameters<TestServer['api']['call']>[0], options: Parameters<TestServer['api']['call']>[1] = {}) =>
    t.api.call<T>(endpoint, { token: admin, ...options });
  const listed = async (key: 'department' | 'worker' | 'service', lang: 'en' | 'ar') => {
    const res = await call(endpoints[key].list, { lang });
    expect(res.status).toBe(200);
    return res.body as Record<string, any>[];
  };

  it('a department keeps its Arabic name through add and edit; empty clears it, absent leaves it', async () => {
    const added = await call(endpoints.department.add, { body: { name: 'Front Office', nameAr: ' الاستقبال ', departmentCode: 'FO' } });
    expect(added.status).toBe(200);
    const id = added.body.id as number;
    expect((await listed('department', 'en')).find((d) => d.id === id)).toMatchObject({ name: 'Front Office', nameAr: 'الاستقبال' });

    // An old client's edit, without the field, changes nothing of it.
    expect((await call(endpoints.department.edit, { params: { id }, body: { id, name: 'Front Desk', departmentCode: 'FO' } })).status).toBe(200);
    expect((await listed('department', 'en')).find((d) => d.id === id)).toMatchObject({ name: 'Front Desk', nameAr: 'الاستقبال' });

    expect((await call(endpoints.department.edit, { params: { id }, body: { id, name: 'Front Desk', nameAr: '  ', departmentCode: 'FO' } })).status).toBe(200);
    expect((await listed('department', 'en')).find((d) => d.id === id)).toMatchObject({ nameAr: null });

    // The lookup the forms use names it in the reader's language, falling back to the English name.
    const [ar] = (await call(endpoints.generateDepartments, { lang: 'ar' })).body.filter((d: { id: number }) => d.id === id);
    expect(ar.name).toBe('Front Desk');
  });

  it('refuses an Arabic name with a bidi override with a clear 400, and stores nothing', async () => {
    const res = await call(endpoints.department.add, { body: { name: 'Spa', nameAr: 'سبا\u202E', departmentCode: 'SPA' } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.nameAr ?? res.body.message).toBeTruthy();
    expect((await dbOf(t).select().from(s.departments).where(eq(s.departments.departmentCode, 'SPA')))).toEqual([]);
  });

  it('lists of workers and services name the department in the reader\'s language', async () => {
    const dept = (await call(endpoints.department.add, { body: { name: 'Housekeeping', nameAr: 'التدبير المنزلي', departmentCode: 'HK' } })).body.id;
    const worker = (
      await call(endpoints.worker.add, {
        body: { name: 'Ahmed Saleh', nameAr: 'أحمد صالح', phoneNumber: '+966 55 123 4567', workerCode: 'W-AR', departmentId: dept, hotelIds: [(await seedFixture(dbOf(t))).hotelA.id] },
      })
    ).body.id;
    expect((await listed('worker', 'ar')).find((w) => w.id === worker)).toMatchObject({
      name: 'Ahmed Saleh',
      nameAr: 'أحمد صالح',
      departmentName: 'التدبير المنزلي',
    });
    expect((await listed('worker', 'en')).find((w) => w.id === worker)).toMatchObject({ departmentName: 'Housekeeping' });
  });

  it('request details, the service list and the assignment history pick the reader\'s language, falling back to the English name', async () => {
    const db = dbOf(t);
    const fx: Fixture = await seedFixture(db);
    await db.update(s.departments).set({ nameAr: 'الصيانة' }).where(eq(s.departments.id, fx.departments.maintenance));
    await db.update(s.workers).set({ nameAr: 'طارق' }).where(eq(s.workers.id, fx.workers.technician));
    const clerk = await createStaffUser(db, {
      claims: SERVICE_CLAIMS,
      hotelIds: [fx.hotelA.id],
      departmentIds: [fx.departments.housekeeping, fx.departments.maintenance],
    });
    const token = await tokenFor(t.server.app.ctx.tokens, clerk);
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.repair, fx.services.towels]) });
    const id = added.body.id as string;
    const details = async (lang: 'en' | 'ar') => (await t.api.call(endpoints.requestDetails, { token, lang, params: { id } })).body;
    const [repair] = (await details('ar')).requestDetails.requestDetails;
    expect((await t.api.call(endpoints.updateServiceRequestStatus, { token, body: { requestDetailsId: repair.id, status: 'Assigned', workerId: fx.workers.technician, note: '' } })).status).toBe(200);

    const lines = (await details('ar')).requestDetails.requestDetails;
    expect(lines.map((l: Record<string, unknown>) => [l.departmentName, l.workerName])).toEqual([
      ['الصيانة', 'طارق'],
      // No Arabic name: the English one.
      [expect.stringMatching(/^Housekeeping /), null],
    ]);
    expect((await details('en')).requestDetails.requestDetails[0]).toMatchObject({ departmentName: expect.stringMatching(/^Maintenance /), workerName: expect.stringMatching(/^Tariq /) });
    expect((await details('ar')).availableDepartments.map((d: { name: string }) => d.name)).toContain('الصيانة');

    const list = await t.api.call(endpoints.allServicesRequest, { token, lang: 'ar', query: { pageSize: 50 } });
    expect(list.body.find((r: { id: number }) => r.id === repair.id).departmentName).toBe('الصيانة');

    const history = await t.api.call(endpoints.serviceAssignmentDetails, { token, lang: 'ar', params: { id: repair.id } });
    expect(history.body).toMatchObject({ departmentName: 'الصيانة', workerName: 'طارق' });

    const workers = (await t.api.call(endpoints.serviceDetails, { token, lang: 'ar', params: { id: repair.id } })).body.availableWorkers;
    expect(workers.map((w: { name: string }) => w.name)).toContain('طارق');
  });

  describe('the worker sheet', () => {
    const template = async () => (await call<Buffer>(endpoints.workerTemplate)).body;
    const upload = (bytes: Uint8Array) => call(endpoints.uploadWorker, { form: fileForm(bytes, 'workers.xlsx', XLSX) });

    /** The code of a hotel the sheet's workers serve. */
    const hotelCode = async () => {
      const fx = await seedFixture(dbOf(t));
      const [hotel] = await dbOf(t).select({ code: s.hotels.hotelCode }).from(s.hotels).where(eq(s.hotels.id, fx.hotelA.id));
      return hotel.code;
    };

    it('has an optional nameAr column, then the hotels, and imports it', async () => {
      const wb = await readWorkbook(await template());
      expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['workerCode', 'name', 'phoneNumber', 'departmentCode', 'nameAr', 'hotelCodes']);
      const hotel = await hotelCode();
      const filled = await fillTemplate(await template(), [
        ['X1', 'Mona Adel', '+966 50 111 2222', null, 'منى عادل', hotel],
        ['X2', 'Omar Said', '+966 50 111 3333', null, null, hotel],
      ]);
      expect((await upload(filled)).status).toBe(200);
      const rows = await dbOf(t).select().from(s.workers);
      expect(rows.filter((w) => w.workerCode.startsWith('X')).map((w) => [w.workerCode, w.nameAr]).sort()).toEqual([
        ['X1', 'منى عادل'],
        ['X2', null],
      ]);
    });

    it('still imports a sheet without the nameAr column; one made before the hotels column is refused row by row', async () => {
      const hotel = await hotelCode();
      const wb = await readWorkbook(await template());
      const sheet = wb.worksheets[0];
      sheet.spliceColumns(5, 1);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['workerCode', 'name', 'phoneNumber', 'departmentCode', 'hotelCodes']);
      sheet.getRow(2).values = ['OLD1', 'Yousef Ali', '+966 50 222 4444', null, hotel];
      const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [row] = await dbOf(t).select().from(s.workers).where(eq(s.workers.workerCode, 'OLD1'));
      expect(row).toMatchObject({ name: 'Yousef Ali', nameAr: null });
      // Without the hotels a worker would serve nowhere: the sheet is refused with the column named, nothing is saved.
      sheet.spliceColumns(5, 1);
      sheet.getRow(2).values = ['OLD2', 'Yousef Ali', '+966 50 222 4445'];
      const old = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
      expect(old.status, JSON.stringify(old.body)).toBe(400);
      expect(old.body.message).toBe('The sheet is missing the column(s) hotelCodes: download the template again');
      expect(await dbOf(t).select().from(s.workers).where(eq(s.workers.workerCode, 'OLD2'))).toEqual([]);
    });
  });
});
