import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type TestServer, startTestServer } from '../../support/test-server';
import { XLSX, dbOf, fileForm, fillTemplate, seedReference } from './excel.fixtures';

/** The Service Excel template carries the two target columns, in and out. */
describe('Excel: service targets', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.adminToken();
    await seedReference(t);
  });
  afterAll(() => t.cleanup());

  const template = async () => (await t.api.call<Buffer>(endpoints.serviceTemplate, { token })).body;
  const upload = (bytes: Uint8Array, lang?: 'en' | 'ar') => t.api.call(endpoints.uploadService, { token, lang, form: fileForm(bytes, 'services.xlsx', XLSX) });
  const listed = async () =>
    Object.fromEntries(
      ((await t.api.call(endpoints.service.list, { token })).body as { serviceCode: string; acknowledgeMinutes: number | null; completeMinutes: number | null }[]).map((r) => [
        r.serviceCode,
        [r.acknowledgeMinutes, r.completeMinutes],
      ]),
    );

  it('imports the minutes typed as numbers or text, an empty cell as no target, and lists them', async () => {
    const file = await fillTemplate(await template(), [
      ['IRN', 'Ironing', 'كوي', 'HK', 'D1', 10, 45],
      ['LDR', 'Laundry', 'غسيل', 'HK', 'D1', null, '30'],
      ['SPA', 'Spa', 'سبا', 'HK', 'D1', '', null],
    ]);
    const res = await upload(file);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('File Uploaded Successfully. Rows imported: 3');
    expect(await listed()).toMatchObject({ IRN: [10, 45], LDR: [null, 30], SPA: [null, null] });
  });

  it('refuses a bad target by row and column, in English and Arabic, and imports nothing', async () => {
    const before = (await dbOf(t).select().from(s.services)).length;
    const file = await fillTemplate(await template(), [
      ['A1', 'Fine', 'جيد', 'HK', 'D1', 5, 20],
      ['A2', 'Half', 'نصف', 'HK', 'D1', 2.5, null],
      ['A3', 'Word', 'كلمة', 'HK', 'D1', null, 'soon'],
      ['A4', 'Zero', 'صفر', 'HK', 'D1', 0, null],
      ['A5', 'Long', 'طويل', 'HK', 'D1', null, 10_081],
      ['A6', 'Minus', 'سالب', 'HK', 'D1', -5, null],
    ]);
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Nothing was imported: 5 problem(s) found in the file');
    expect(res.body.rowErrors).toEqual([
      { row: 3, column: 'acknowledgeMinutes', message: 'Must be a whole number' },
      { row: 4, column: 'completeMinutes', message: 'Must be a whole number' },
      { row: 5, column: 'acknowledgeMinutes', message: 'Must be 1 or more' },
      { row: 6, column: 'completeMinutes', message: 'Must be 10080 or less' },
      { row: 7, column: 'acknowledgeMinutes', message: 'Must be 1 or more' },
    ]);
    expect((await dbOf(t).select().from(s.services)).length).toBe(before);
    const ar = await upload(file, 'ar');
    expect(ar.body.rowErrors.map((e: { message: string }) => e.message)).toEqual([
      'يجب أن يكون رقمًا صحيحًا',
      'يجب أن يكون رقمًا صحيحًا',
      'يجب أن يكون 1 أو أكثر',
      'يجب أن يكون 10080 أو أقل',
      'يجب أن يكون 1 أو أكثر',
    ]);
  });
});
