import ExcelJS from 'exceljs';
import type { Claim } from '@shared';
import * as s from '../../../server/src/db/schema';
import type { Db } from '../../../server/src/db/client';
import { hashPassword } from '../../../server/src/security/password';
import type { TestServer } from '../../support/test-server';

/** Shared by the excel, booking-room and QR suites: reference rows inserted straight into the DB. */
export function dbOf(t: TestServer): Db {
  return t.server.app.ctx.database.db;
}

export interface Reference {
  hotelId: number;
  hotel2Id: number;
  useTypeId: number;
  roomTypeId: number;
  serviceGroupId: number;
  departmentId: number;
}

export async function seedReference(t: TestServer): Promise<Reference> {
  const db = dbOf(t);
  const [company] = await db.insert(s.companies).values({ companyCode: 'C1', name: 'Acme Hotels', countryName: 'Egypt' }).returning();
  const [hotel, hotel2] = await db
    .insert(s.hotels)
    .values([
      { hotelCode: 'H1', name: 'Nile Palace', nameAr: 'قصر النيل', companyId: company.id },
      { hotelCode: 'H2', name: 'Red Sea Resort', nameAr: 'منتجع البحر الأحمر', companyId: company.id },
    ])
    .returning();
  const [useType] = await db.insert(s.useTypes).values({ useTypeCode: 'GUEST', nameEn: 'Guest room', nameAr: 'غرفة نزلاء' }).returning();
  const [roomType] = await db.insert(s.roomTypes).values({ roomTypeCode: 'STD', nameEn: 'Standard', nameAr: 'قياسية' }).returning();
  const [group] = await db.insert(s.serviceGroups).values({ serviceGroupCode: 'HK', nameEn: 'Housekeeping', nameAr: 'التدبير المنزلي' }).returning();
  const [department] = await db.insert(s.departments).values({ departmentCode: 'D1', name: 'Rooms Division' }).returning();
  return {
    hotelId: hotel.id,
    hotel2Id: hotel2.id,
    useTypeId: useType.id,
    roomTypeId: roomType.id,
    serviceGroupId: group.id,
    departmentId: department.id,
  };
}

let userSeq = 0;
/** Signs in a fresh user holding exactly these claims (none: a user who may do nothing), working for `hotelIds`. */
export async function tokenWithClaims(t: TestServer, claims: Claim[], hotelIds: number[] = []): Promise<string> {
  const db = dbOf(t);
  const n = ++userSeq;
  const [role] = await db.insert(s.roles).values({ name: `limited-${n}-${Date.now()}` }).returning();
  if (claims.length) await db.insert(s.roleClaims).values(claims.map((claim) => ({ roleId: role.id, claim })));
  const email = `limited${n}.${Date.now()}@test.hotel`;
  const password = 'Limited-Passw0rd!';
  const [user] = await db
    .insert(s.users)
    .values({ userCode: `L${n}-${Date.now()}`, firstName: 'Limited', lastName: 'User', phoneNumber: '', email, passwordHash: await hashPassword(password) })
    .returning();
  await db.insert(s.userRoles).values({ userId: user.id, roleId: role.id });
  if (hotelIds.length) await db.insert(s.userHotels).values(hotelIds.map((hotelId) => ({ userId: user.id, hotelId })));
  return t.api.login(email, password);
}

/** Opens a downloaded template, fills rows after the header and returns the new file's bytes. */
export async function fillTemplate(template: Buffer, rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ExcelJS.Buffer);
  const sheet = wb.worksheets[0];
  rows.forEach((values, i) => {
    const row = sheet.getRow(i + 2);
    values.forEach((v, c) => (row.getCell(c + 1).value = v));
    row.commit();
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return wb;
}

export function fileForm(bytes: Uint8Array, name: string, type: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
