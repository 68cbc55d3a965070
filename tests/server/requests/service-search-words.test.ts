import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_WORDS_MAX, type ServiceLookupGroup, endpoints } from '@shared';
import { foldSearchText, matchesSearch, searchTokens } from '@shared/search-text';
import * as s from '../../../server/src/db/schema';
import type { TestServer } from '../../support/test-server';
import { type Builder, adminSession } from '../basic-data/basic-data.fixtures';
import { XLSX, dbOf, fileForm, fillTemplate, seedReference } from '../excel/excel.fixtures';

type ServiceRow = { id: number; serviceCode: string; nameEn: string; searchWordsEn: string; searchWordsAr: string };

/** Services carry everyday words guests search by, in both languages, on the screen's API and in Excel. */
describe('services: search words', () => {
  let t: TestServer;
  let token: string;
  let b: Builder;
  let serviceGroupId: number;
  let departmentId: number;
  beforeAll(async () => {
    ({ t, token, b } = await adminSession());
    [serviceGroupId, departmentId] = [await b.serviceGroup({ nameEn: 'Maintenance', nameAr: 'الصيانة' }), await b.department()];
  });
  afterAll(() => t.cleanup());

  const list = async (query: Record<string, string> = {}) => (await t.api.call(endpoints.service.list, { token, query })).body as ServiceRow[];
  const rowOf = async (id: number) => (await list()).find((r) => r.id === id)!;
  const body = (o: Record<string, unknown>) => ({ nameEn: 'Air conditioning repair', nameAr: 'إصلاح التكييف', serviceCode: `AC-${Math.random().toString(16).slice(2, 8)}`, serviceGroupId, departmentId, ...o });

  it('stores both, trimmed, lists them, keeps them on an edit without them and clears them with empty text', async () => {
    const id = await b.service(body({ searchWordsEn: ' AC, air conditioner ', searchWordsAr: 'مكيف، تبريد' }));
    expect(await rowOf(id)).toMatchObject({ searchWordsEn: 'AC, air conditioner', searchWordsAr: 'مكيف، تبريد' });

    const { serviceCode } = await rowOf(id);
    const edit = (o: Record<string, unknown>) => t.api.call(endpoints.service.edit, { token, params: { id }, body: body({ serviceCode, ...o }) });
    expect((await edit({ nameEn: 'AC repair' })).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ nameEn: 'AC repair', searchWordsEn: 'AC, air conditioner', searchWordsAr: 'مكيف، تبريد' });
    expect((await edit({ searchWordsEn: '', searchWordsAr: '  ' })).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ searchWordsEn: '', searchWordsAr: '' });
  });

  it('a service added without them has none', async () => {
    const id = await b.service(body({}));
    expect(await rowOf(id)).toMatchObject({ searchWordsEn: '', searchWordsAr: '' });
  });

  it('refuses words too long or on two lines with a message on the field, in English and Arabic, and stores nothing', async () => {
    const before = (await list()).length;
    const long = await t.api.call(endpoints.service.add, { token, body: body({ searchWordsAr: 'م'.repeat(SEARCH_WORDS_MAX + 1) }) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'searchWordsAr', message: `Must be at most ${SEARCH_WORDS_MAX} characters` }]);
    const longAr = await t.api.call(endpoints.service.add, { token, lang: 'ar', body: body({ searchWordsEn: 'x'.repeat(100_000) }) });
    expect(longAr.status).toBe(400);
    expect(longAr.body.errors).toEqual([{ field: 'searchWordsEn', message: `يجب ألا يزيد عن ${SEARCH_WORDS_MAX} حرفًا` }]);
    const twoLines = await t.api.call(endpoints.service.add, { token, body: body({ searchWordsEn: 'AC\nair' }) });
    expect(twoLines.status).toBe(400);
    expect(twoLines.body.errors[0].field).toBe('searchWordsEn');
    expect(await list()).toHaveLength(before);
  });

  it('the list search finds a service by its words, whatever the diacritics, hamza or ة', async () => {
    const id = await b.service(body({ nameEn: 'Cooling unit', nameAr: 'وحدة التبريد', searchWordsAr: 'مُكَيِّف، ثلاجة' }));
    for (const search of ['مكيف', 'مكيّف', 'ثلاجه', 'وحده']) {
      expect((await list({ search })).map((r) => r.id), search).toContain(id);
    }
    const hamza = await b.service(body({ nameEn: 'Fix', nameAr: 'إصلاح الأبواب' }));
    expect((await list({ search: 'اصلاح ابواب' })).map((r) => r.id)).toContain(hamza);
  });

  it("the guest page's service list carries the other language's name and both sets of words", async () => {
    const id = await b.service(body({ nameEn: 'Air conditioning repair', nameAr: 'إصلاح التكييف', searchWordsEn: 'AC', searchWordsAr: 'مكيف' }));
    const entry = async (lang: 'en' | 'ar') =>
      ((await t.api.call(endpoints.generateServices, { lang })).body as ServiceLookupGroup[]).flatMap((g) => g.services).find((x) => x.id === id)!;
    expect(await entry('en')).toMatchObject({ name: 'Air conditioning repair', keywords: 'إصلاح التكييف AC مكيف' });
    expect(await entry('ar')).toMatchObject({ name: 'إصلاح التكييف', keywords: 'Air conditioning repair AC مكيف' });
    const found = (term: string, x: { name: string; keywords?: string }) => matchesSearch(searchTokens(term), foldSearchText(`${x.name} ${x.keywords}`));
    expect(found('مكيّف', await entry('en'))).toBe(true);
    expect(found('ac', await entry('ar'))).toBe(true);
  });
});

describe('Excel: service search words', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await adminSession());
    await seedReference(t);
  });
  afterAll(() => t.cleanup());

  const template = async () => (await t.api.call<Buffer>(endpoints.serviceTemplate, { token })).body;
  const upload = (bytes: Uint8Array, lang?: 'en' | 'ar') => t.api.call(endpoints.uploadService, { token, lang, form: fileForm(bytes, 'services.xlsx', XLSX) });

  it('imports the words of both columns, an empty cell as none', async () => {
    const file = await fillTemplate(await template(), [
      ['XAC', 'Air conditioning repair', 'إصلاح التكييف', 'HK', 'D1', null, null, 'AC, aircon', ' مكيف، تبريد '],
      ['XTW', 'Towels', 'مناشف', 'HK', 'D1', null, null, '', null],
    ]);
    const res = await upload(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = (await t.api.call(endpoints.service.list, { token })).body as ServiceRow[];
    expect(rows.find((r) => r.serviceCode === 'XAC')).toMatchObject({ searchWordsEn: 'AC, aircon', searchWordsAr: 'مكيف، تبريد' });
    expect(rows.find((r) => r.serviceCode === 'XTW')).toMatchObject({ searchWordsEn: '', searchWordsAr: '' });
  });

  it('refuses words too long by row and column, in English and Arabic, and imports nothing', async () => {
    const before = (await dbOf(t).select().from(s.services)).length;
    const file = await fillTemplate(await template(), [
      ['YOK', 'Fine', 'جيد', 'HK', 'D1', null, null, 'fine', 'جيد'],
      ['YEN', 'Long', 'طويل', 'HK', 'D1', null, null, 'w'.repeat(SEARCH_WORDS_MAX + 1), ''],
      ['YAR', 'Long Ar', 'طويل ع', 'HK', 'D1', null, null, '', 'ك'.repeat(SEARCH_WORDS_MAX + 1)],
    ]);
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.body.rowErrors).toEqual([
      { row: 3, column: 'searchWordsEn', message: `Must be at most ${SEARCH_WORDS_MAX} characters` },
      { row: 4, column: 'searchWordsAr', message: `Must be at most ${SEARCH_WORDS_MAX} characters` },
    ]);
    const ar = await upload(file, 'ar');
    expect(ar.body.rowErrors.map((e: { message: string }) => e.message)).toEqual([`يجب ألا يزيد عن ${SEARCH_WORDS_MAX} حرفًا`, `يجب ألا يزيد عن ${SEARCH_WORDS_MAX} حرفًا`]);
    expect((await dbOf(t).select().from(s.services)).length).toBe(before);
  });
});
