import { expect } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type CaughtMail, type SmtpCatcher, bodyOf } from '../../support/smtp';
import type { TestServer } from '../../support/test-server';

/** Set-up shared by the account and administration suites. */

let serial = 0;

/** A hotel and a department inserted straight into the database (their own screens are tested elsewhere). */
export async function hotelAndDepartment(t: TestServer): Promise<{ hotelId: number; departmentId: number }> {
  const db = t.server.app.ctx.database.db;
  const n = ++serial;
  const [company] = await db.insert(s.companies).values({ companyCode: `C${n}`, name: `Company ${n}`, countryName: 'Egypt' }).returning();
  const [hotel] = await db.insert(s.hotels).values({ hotelCode: `H${n}`, name: `Hotel ${n}`, nameAr: `فندق ${n}`, companyId: company.id }).returning();
  const [department] = await db.insert(s.departments).values({ departmentCode: `D${n}`, name: `Department ${n}` }).returning();
  return { hotelId: hotel.id, departmentId: department.id };
}

/** Points the server's e-mail settings at a test SMTP receiver, through the real screen's call. */
export async function useSmtp(
  t: Pick<TestServer, 'api' | 'adminToken'>,
  smtp: Pick<SmtpCatcher, 'port'>,
  extra: { username?: string; password?: string } = {},
): Promise<void> {
  const res = await t.api.call(endpoints.updateEmailSettings, {
    token: await t.adminToken(),
    body: { smtpServer: '127.0.0.1', smtpPort: smtp.port, senderName: 'Hotel', senderEmail: 'noreply@test.hotel', username: '', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The set-password link of an e-mail, split into what the reset screen reads. */
export function linkOf(mail: CaughtMail): { url: string; email: string; token: string } {
  const url = bodyOf(mail).match(/https?:\/\/\S+\/Dashboard\/ResetPassword\?\S+/)?.[0];
  if (!url) throw new Error(`no link in the e-mail:\n${mail.text}`);
  const query = new URL(url).searchParams;
  return { url, email: query.get('email') ?? '', token: query.get('token') ?? '' };
}

export const mailTo = (smtp: SmtpCatcher, address: string, after = 0) =>
  smtp.waitFor((m) => m.to.includes(address) && smtp.messages.indexOf(m) >= after);

export function newUserInput(ids: { hotelId: number; departmentId: number }, n: string) {
  return {
    firstName: 'Sara',
    lastName: `Tester ${n}`,
    phoneNumber: '+966 55 123 4567',
    email: `sara.${n}@test.hotel`,
    userCode: `U-${n}`,
    hotelIds: [ids.hotelId],
    departmentIds: [ids.departmentId],
  };
}
