import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type SmtpCatcher, startSmtp, subjectOf } from '../../support/smtp';
import { ADMIN_EMAIL, type TestServer, startTestServer } from '../../support/test-server';
import { type Reference, XLSX, dbOf, fileForm, fillTemplate, seedReference, tokenWithClaims } from './excel.fixtures';

describe('UploadUser: users from a sheet, each invited by e-mail', () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let token: string;
  let ref: Reference;
  let template: Buffer;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer();
    token = await t.adminToken();
    ref = await seedReference(t);
    await dbOf(t).insert(s.emailSettings).values({
      id: 1,
      smtpServer: '127.0.0.1',
      smtpPort: smtp.port,
      senderName: 'Hotel',
      senderEmail: 'noreply@test.hotel',
      requireTls: false,
    });
    const res = await t.api.call<Buffer>(endpoints.userTemplate, { token });
    expect(res.status).toBe(200);
    template = res.body;
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const upload = async (rows: (string | null)[][], lang?: 'en' | 'ar') =>
    t.api.call(endpoints.uploadUser, { token, lang, form: fileForm(await fillTemplate(template, rows), 'users.xlsx', XLSX) });

  it('refuses the whole file when a row is bad, naming each problem', async () => {
    const res = await upload([
      ['U1', 'Mona', 'Said', 'mona@test.hotel', '+966 50 111 2222', 'H1', 'D1'],
      ['U2', 'Omar', 'Adel', 'MONA@test.hotel', '+966 50 111 3333', 'H1, NOPE', 'D1'],
      ['U3', 'Huda', 'Ali', ADMIN_EMAIL, '+966 50 111 4444', 'H1', ''],
      ['U1', 'Karim', 'Nabil', 'not-an-email', '12', 'H2', 'D1'],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.rowErrors).toEqual([
      { row: 3, column: 'hotelCodes', message: 'Unknown code "NOPE"' },
      { row: 3, column: 'email', message: 'Duplicate of row 2 in this file' },
      { row: 4, column: 'departmentCodes', message: 'Choose at least 1' },
      { row: 5, column: 'email', message: 'Must Enter Valid Email' },
    ]);
    expect(await dbOf(t).select().from(s.users).where(eq(s.users.userCode, 'U1'))).toEqual([]);
    expect(smtp.messages).toEqual([]);
  });

  it('reports duplicate codes and e-mails, within the file and against existing users (e-mails without regard to case)', async () => {
    const res = await upload([
      ['U1', 'Mona', 'Said', 'mona@test.hotel', '+966 50 111 2222', 'H1', 'D1'],
      ['U2', 'Omar', 'Adel', 'MONA@test.hotel', '+966 50 111 3333', 'H1', 'D1'],
      ['U1', 'Huda', 'Ali', 'huda@test.hotel', '+966 50 111 4444', 'H1', 'D1'],
      ['admin', 'Karim', 'Nabil', ADMIN_EMAIL.toUpperCase(), '+966 50 111 5555', 'H2', 'D1'],
      ['U7', '<b>Sami</b>', 'Fathy', 'sami@test.hotel', '+966 50 111 6666', 'H2', 'D1'],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.rowErrors).toEqual([
      { row: 3, column: 'email', message: 'Duplicate of row 2 in this file' },
      { row: 4, column: 'userCode', message: 'Duplicate of row 2 in this file' },
      { row: 5, column: 'userCode', message: '"admin" already exists' },
      { row: 5, column: 'email', message: `"${ADMIN_EMAIL}" already exists` },
      { row: 6, column: 'firstName', message: 'Must not contain < or >' },
    ]);
  });

  it('creates the users with their hotels and departments and e-mails each an invitation', async () => {
    const res = await upload(
      [
        ['U1', 'Mona', 'Said', 'Mona@Test.Hotel', '+966 50 111 2222', 'H1, H2', 'D1'],
        ['U2', 'Omar', 'Adel', 'omar@test.hotel', '+966 50 111 3333', 'H2', 'D1'],
      ],
      'ar',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'تم رفع الملف بنجاح. الصفوف المستوردة: 2', id: 2 });

    const [mona] = await dbOf(t).select().from(s.users).where(eq(s.users.userCode, 'U1'));
    expect(mona).toMatchObject({ firstName: 'Mona', email: 'mona@test.hotel', phoneNumber: '+966 50 111 2222', passwordHash: null });
    const hotels = await dbOf(t).select().from(s.userHotels).where(eq(s.userHotels.userId, mona.id));
    expect(hotels.map((h) => h.hotelId).sort()).toEqual([ref.hotelId, ref.hotel2Id].sort());
    const departments = await dbOf(t).select().from(s.userDepartments).where(eq(s.userDepartments.userId, mona.id));
    expect(departments.map((d) => d.departmentId)).toEqual([ref.departmentId]);

    for (const email of ['mona@test.hotel', 'omar@test.hotel']) {
      const mail = await smtp.waitFor((m) => m.to.includes(email));
      expect(mail.text).toMatch(/\/Dashboard\/ResetPassword\?email=[^&\s]+&token=[\w-]{20,}(?:&|\s|$)/);
    }
    const invites = await dbOf(t).select().from(s.passwordTokens).where(eq(s.passwordTokens.purpose, 'invite'));
    expect(invites).toHaveLength(2);
  });

  it('takes each user’s language from the sheet (empty: the uploader’s) and writes the invitation in it', async () => {
    const bad = await upload([['U8', 'Lina', 'Farid', 'lina@test.hotel', '+966 50 111 8888', 'H1', 'D1', 'fr']]);
    expect(bad.status).toBe(400);
    expect(bad.body.rowErrors).toEqual([{ row: 2, column: 'language', message: expect.any(String) }]);
    const res = await upload([
      ['U8', 'Lina', 'Farid', 'lina@test.hotel', '+966 50 111 8888', 'H1', 'D1', 'AR'],
      ['U9', 'Adam', 'Nour', 'adam@test.hotel', '+966 50 111 9999', 'H1', 'D1', ''],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(subjectOf(await smtp.waitFor((m) => m.to.includes('lina@test.hotel')))).toBe('حسابك في نظام خدمات الفندق');
    expect(subjectOf(await smtp.waitFor((m) => m.to.includes('adam@test.hotel')))).toBe('Your hotel service account');
    const [lina] = await dbOf(t).select().from(s.users).where(eq(s.users.email, 'lina@test.hotel'));
    expect(lina.language).toBe('ar');
  });

  it('still creates the users when e-mail is not configured, and says the invitations were not sent', async () => {
    await dbOf(t).delete(s.emailSettings);
    const res = await upload([['U5', 'Rana', 'Samy', 'rana@test.hotel', '+966 50 111 7777', 'H1', 'D1']]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'File Uploaded Successfully. Rows imported: 1. 1 invitation e-mail(s) could not be sent (e-mail settings are not configured); the users list marks them, with "Resend invitation" and "Copy invitation link"',
    );
    const listed = (await t.api.call(endpoints.allUsers, { token })).body.find((u: { email: string }) => u.email === 'rana@test.hotel');
    expect(listed.invitation).toEqual({ state: 'failed', failure: 'e-mail settings are not configured', expiresAt: expect.any(String) });
    expect(await dbOf(t).select().from(s.users).where(eq(s.users.email, 'rana@test.hotel'))).toHaveLength(1);
  });

  it('needs Users.Create', async () => {
    const viewer = await tokenWithClaims(t, ['Administration.Users.View']);
    expect((await t.api.call(endpoints.userTemplate, { token: viewer })).status).toBe(403);
    const file = await fillTemplate(template, [['U9', 'A', 'B', 'u9@test.hotel', '+966 50 111 9999', 'H1', 'D1']]);
    expect((await t.api.call(endpoints.uploadUser, { token: viewer, form: fileForm(file, 'u.xlsx', XLSX) })).status).toBe(403);
  });
});
