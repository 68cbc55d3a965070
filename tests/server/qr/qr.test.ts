import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type TestServer, startTestServer } from '../../support/test-server';
import { type Reference, dbOf, seedReference, tokenWithClaims } from '../excel/excel.fixtures';

/** Pages of a PDF: page objects are "/Type /Page" (the tree is "/Type /Pages"). */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page(?![s\w])/g) ?? []).length;
/** pdfkit writes link annotations as plain (uncompressed) dictionaries: each QR is a link to its URL. */
const linkedUrls = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));

/** The PDF's text as a reader gets it (poppler's pdftotext), in logical order, without bidi marks; one entry per line. */
const extractedLines = (pdf: Buffer, ...args: string[]) =>
  execFileSync('pdftotext', [...args, '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

describe('room QR sheet', () => {
  let t: TestServer;
  let token: string;
  let ref: Reference;
  let roomIds: number[];
  beforeAll(async () => {
    t = await startTestServer({ env: { PUBLIC_URL: 'https://guest.example.com' } });
    token = await t.adminToken();
    ref = await seedReference(t);
    const rooms = await dbOf(t)
      .insert(s.rooms)
      .values(
        Array.from({ length: 13 }, (_, i) => ({
          number: String(101 + i),
          hotelId: ref.hotelId,
          useTypeId: ref.useTypeId,
          roomTypeId: ref.roomTypeId,
        })),
      )
      .returning();
    roomIds = rooms.map((r) => r.id);
    await dbOf(t).insert(s.rooms).values({ number: '999', hotelId: ref.hotel2Id, useTypeId: ref.useTypeId, roomTypeId: ref.roomTypeId });
  });
  afterAll(() => t.cleanup());

  it('is an A4 PDF with one QR per room of the hotel, each linking to the guest form of that room', async () => {
    const res = await t.api.call<Buffer>(endpoints.roomQrSheet, { token, query: { hotelId: ref.hotelId } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('filename="RoomQrCodes-H1.pdf"');
    const pdf = res.body;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // 13 rooms at 12 per page.
    expect(pageCount(pdf)).toBe(2);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    // Each link also carries the room's signature (room-links.test.ts).
    const urls = linkedUrls(pdf).map((u) => u.replace(/&sig=[\w.-]+$/, ''));
    expect(urls.sort()).toEqual(roomIds.map((id) => `https://guest.example.com/Request/Service?hotelId=${ref.hotelId}&roomId=${id}`).sort());
  });

  it('prints a one-page sheet saying so for a hotel without rooms, and 404 for an unknown hotel', async () => {
    const [empty] = await dbOf(t)
      .insert(s.hotels)
      .values({ hotelCode: 'EMPTY', name: 'Empty Inn', nameAr: 'نزل فارغ', companyId: (await dbOf(t).select().from(s.companies))[0].id })
      .returning();
    const res = await t.api.call<Buffer>(endpoints.roomQrSheet, { token, query: { hotelId: empty.id } });
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(1);
    expect(linkedUrls(res.body)).toEqual([]);
    const missing = await t.api.call(endpoints.roomQrSheet, { token, query: { hotelId: 987654 }, lang: 'ar' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('هذا الفندق غير موجود');
    expect((await t.api.call(endpoints.roomQrSheet, { token, query: { hotelId: 'abc' } })).status).toBe(400);
    expect((await t.api.call(endpoints.roomQrSheet, { token })).status).toBe(400);
  });

  it('needs Room.View', async () => {
    expect((await t.api.call(endpoints.roomQrSheet, { query: { hotelId: ref.hotelId } })).status).toBe(401);
    const other = await tokenWithClaims(t, ['Basic Data.Hotel.View']);
    expect((await t.api.call(endpoints.roomQrSheet, { token: other, query: { hotelId: ref.hotelId } })).status).toBe(403);
    const viewer = await tokenWithClaims(t, ['Basic Data.Room.View'], [ref.hotelId]);
    expect((await t.api.call(endpoints.roomQrSheet, { token: viewer, query: { hotelId: ref.hotelId } })).status).toBe(200);
  });

  it('follows the hotel scope: another hotel\'s sheet answers 404 (no signed links of it leave the server)', async () => {
    const receptionist = await tokenWithClaims(t, ['Basic Data.Room.View', 'Basic Data.Room.Edit'], [ref.hotelId]);
    const other = await t.api.call(endpoints.roomQrSheet, { token: receptionist, query: { hotelId: ref.hotel2Id } });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('sig=');
    const rotate = await t.api.call(endpoints.rotateRoomQrCodes, { token: receptionist, body: { hotelId: ref.hotel2Id }, lang: 'ar' });
    expect(rotate.status).toBe(404);
    expect(rotate.body.message).toBe('هذا الفندق غير موجود');
    expect(await dbOf(t).select().from(s.roomLinkKeys)).toEqual([]);
  });

  it('a GET never rotates: ?rotate=true prints the same codes; new codes take the POST with Room.Edit', async () => {
    const sigs = async (query: Record<string, string | number>) =>
      linkedUrls((await t.api.call<Buffer>(endpoints.roomQrSheet, { token, query })).body).map((u) => new URL(u).searchParams.get('sig'));
    const before = await sigs({ hotelId: ref.hotelId });
    expect(await sigs({ hotelId: ref.hotelId, rotate: 'true' })).toEqual(before);

    const viewer = await tokenWithClaims(t, ['Basic Data.Room.View'], [ref.hotelId]);
    expect((await t.api.call(endpoints.rotateRoomQrCodes, { token: viewer, body: { hotelId: ref.hotelId } })).status).toBe(403);
    expect(await sigs({ hotelId: ref.hotelId })).toEqual(before);

    const editor = await tokenWithClaims(t, ['Basic Data.Room.Edit'], [ref.hotelId]);
    const rotated = await t.api.call(endpoints.rotateRoomQrCodes, { token: editor, body: { hotelId: ref.hotelId } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.message).toBe('New codes made for 13 rooms: the codes printed before no longer verify the room. Print the new sheet.');
    const after = await sigs({ hotelId: ref.hotelId });
    expect(after).toHaveLength(before.length);
    for (const sig of after) expect(before).not.toContain(sig);
  });

  it('prints Arabic words apart and in reading order, the Arabic hotel name aligned right', async () => {
    // The hotel of the report. (Names with the lam-alef ligature, like الأحمر, come out of pdftotext with
    // the ligature's two letters swapped: the extractor reverses them, the printed glyph is right.)
    const db = dbOf(t);
    const [hotel] = await db
      .insert(s.hotels)
      .values({ hotelCode: 'CJ', name: 'Corniche Jeddah', nameAr: 'فندق كورنيش جدة', companyId: (await db.select().from(s.companies))[0].id })
      .returning();
    await db.insert(s.rooms).values({ number: '999', hotelId: hotel.id, useTypeId: ref.useTypeId, roomTypeId: ref.roomTypeId });
    const res = await t.api.call<Buffer>(endpoints.roomQrSheet, { token, query: { hotelId: hotel.id } });
    expect(res.status).toBe(200);
    const lines = extractedLines(res.body);
    // Each Arabic line keeps every space: "كورنيشجدة" and "لطلبخدمة" were the bug.
    expect(lines).toContain('فندق كورنيش جدة');
    expect(lines.some((line) => line.endsWith('امسح الرمز لطلب خدمة') && line.startsWith('Scan to request a service'))).toBe(true);
    expect(lines.some((line) => line.startsWith('Room 999') && line.endsWith('غرفة'))).toBe(true);
    // pdftotext -bbox gives each word's box: the header's Arabic name ends at the right margin (A4 width 595.28 − 36).
    const boxes = [...execFileSync('pdftotext', ['-bbox', '-', '-'], { input: res.body }).toString('utf8').matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)</g)];
    const headerArabic = boxes.filter((b) => Number(b[2]) < 40 && /[\u0600-\u06ff]/.test(b[4]));
    expect(headerArabic).toHaveLength(3);
    expect(Math.max(...headerArabic.map((b) => Number(b[3])))).toBeCloseTo(595.28 - 36, 0);
  });
});
