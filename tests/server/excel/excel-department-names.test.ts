import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type TestServer, startTestServer } from '../../support/test-server';
import { type Reference, XLSX, dbOf, fileForm, fillTemplate, readWorkbook, seedReference } from './excel.fixtures';

type Template = (typeof endpoints)['workerTemplate'];

describe('Excel templates name departments in the reader’s language', () => {
  let t: TestServer;
  let token: string;
  let ref: Reference;
  let housekeeping: number;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.adminToken();
    ref = await seedReference(t);
    await dbOf(t).update(s.departments).set({ nameAr: 'قسم الغرف' });
    [{ id: housekeeping }] = await dbOf(t)
      .insert(s.departments)
      .values([
        { departmentCode: 'D2', name: 'Housekeeping', nameAr: 'التدبير المنزلي' },
        // Two departments of one name: the name picks out neither, so the list offers their codes.
        { departmentCode: 'D3', name: 'Laundry' },
        { departmentCode: 'D4', name: 'Laundry', nameAr: 'المغسلة' },
      ])
      .returning({ id: s.departments.id });
  });
  afterAll(() => t.cleanup());

  /** What the dropdown of `cell` offers: the lookup-sheet range its rule points at. */
  async function offered(endpoint: Template, cell: string, lang: 'en' | 'ar') {
    const res = await t.api.call<Buffer>(endpoint, { token, lang });
    expect(res.status).toBe(200);
    const wb = await readWorkbook(res.body);
    const rule = wb.worksheets[0].getCell(cell).dataValidation;
    const [, col, first, last] = /^Lookups!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(rule.formulae![0])!;
    const lookups = wb.getWorksheet('Lookups')!;
    const values: string[] = [];
    for (let r = Number(first); r <= Number(last); r++) values.push(String(lookups.getCell(`${col}${r}`).value));
    return { values, rule, template: res.body };
  }

  it.each([
    ['workerTemplate', 'D2'],
    ['serviceTemplate', 'E2'],
    ['userTemplate', 'G2'],
  ] as const)('%s offers the department names an Arabic or English reader knows', async (key, cell) => {
    const ar = await offered(endpoints[key], cell, 'ar');
    // Laundry (D3) has no Arabic name and shares its English one with D4: its code is offered.
    expect(ar.values).toEqual(['قسم الغرف', 'التدبير المنزلي', 'D3', 'المغسلة']);
    const en = await offered(endpoints[key], cell, 'en');
    expect(en.values).toEqual(['Rooms Division', 'Housekeeping', 'D3', 'D4']);
    // A code or the other language's name is still accepted: Excel warns rather than refuses.
    if (ar.rule.showErrorMessage) expect(ar.rule.errorStyle).toBe('warning');
  });

  it('imports a department given by its Arabic name, its English name or its code; a shared or unknown name is reported', async () => {
    const { template } = await offered(endpoints.workerTemplate, 'D2', 'ar');
    const upload = (bytes: Uint8Array, lang: 'en' | 'ar' = 'en') =>
      t.api.call(endpoints.uploadWorker, { token, lang, form: fileForm(bytes, 'workers.xlsx', XLSX) });
    const bad = await upload(
      await fillTemplate(template, [
        ['WN1', 'Ali', '+966 50 123 4567', 'Laundry', null, 'H1'],
        ['WN2', 'Sara', '+966 50 123 4568', 'مطبخ', null, 'H1'],
      ]),
      'ar',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.rowErrors).toEqual([
      { row: 2, column: 'departmentCode', message: 'لا يوجد قسم واحد بالرمز أو بالاسم "Laundry"' },
      { row: 3, column: 'departmentCode', message: 'لا يوجد قسم واحد بالرمز أو بالاسم "مطبخ"' },
    ]);
    const good = await upload(
      await fillTemplate(template, [
        ['WN1', 'Ali', '+966 50 123 4567', 'التدبير المنزلي', null, 'H1'],
        ['WN2', 'Sara', '+966 50 123 4568', 'rooms division', null, 'H1'],
        ['WN3', 'Omar', '+966 50 123 4569', 'D2', null, 'H2'],
        ['WN4', 'Huda', '+966 50 123 4570', 'المغسلة', null, 'H1'],
      ]),
    );
    expect(good.status).toBe(200);
    const stored = await dbOf(t).select({ code: s.workers.workerCode, departmentId: s.workers.departmentId }).from(s.workers);
    const d4 = housekeeping + 2;
    expect(stored.filter((w) => w.code.startsWith('WN')).sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: 'WN1', departmentId: housekeeping },
      { code: 'WN2', departmentId: ref.departmentId },
      { code: 'WN3', departmentId: housekeeping },
      { code: 'WN4', departmentId: d4 },
    ]);
  });

  it('takes users’ departments by name in a comma-separated list', async () => {
    const { template } = await offered(endpoints.userTemplate, 'G2', 'ar');
    const file = await fillTemplate(template, [['UN1', 'Mona', 'Saleh', 'mona.names@example.com', '+966 50 765 4321', 'H1', 'التدبير المنزلي، Rooms Division', 'ar']]);
    const res = await t.api.call(endpoints.uploadUser, { token, lang: 'ar', form: fileForm(file, 'users.xlsx', XLSX) });
    expect(res.status).toBe(200);
    const [user] = await dbOf(t).select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'mona.names@example.com'));
    const departments = await dbOf(t).select({ id: s.userDepartments.departmentId }).from(s.userDepartments).where(eq(s.userDepartments.userId, user.id));
    expect(departments.map((d) => d.id).sort((a, b) => a - b)).toEqual([ref.departmentId, housekeeping].sort((a, b) => a - b));
  });
});
