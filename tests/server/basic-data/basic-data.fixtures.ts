import { type Claim, endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { hashPassword } from '../../../server/src/security/password';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * Shared set-up of the basic-data suites: tokens from the real Login call and a helper
 * that builds the chain of rows an entity needs (company → hotel → room …).
 */

export const adminTokenOf = (t: TestServer) => t.adminToken();

/** A fresh server, the admin's token and a builder acting as the admin. */
export async function adminSession(): Promise<{ t: TestServer; token: string; b: Builder }> {
  const t = await startTestServer();
  const token = await t.adminToken();
  return { t, token, b: new Builder(t, token) };
}

const PASSWORD = 'Limited-Passw0rd!';

/** A signed-in user holding only the given claims (role and user inserted straight into the database). */
export async function userWithClaims(t: TestServer, email: string, claims: Claim[]): Promise<string> {
  const db = t.server.app.ctx.database.db;
  const [role] = await db.insert(s.roles).values({ name: `role-${email}` }).returning();
  if (claims.length) await db.insert(s.roleClaims).values(claims.map((claim) => ({ roleId: role.id, claim })));
  const [user] = await db
    .insert(s.users)
    .values({ userCode: email, firstName: 'Limited', lastName: 'User', phoneNumber: '', email, passwordHash: await hashPassword(PASSWORD) })
    .returning();
  await db.insert(s.userRoles).values({ userId: user.id, roleId: role.id });
  return t.api.login(email, PASSWORD);
}

/** Adds rows over HTTP as the admin and returns their ids; fails the test on anything but 200. */
export class Builder {
  private n = 0;
  constructor(
    private readonly t: TestServer,
    private readonly token: string,
  ) {}

  private next(prefix: string): string {
    this.n += 1;
    // Hex: no letters a search in these tests could match by chance (base 36 once gave "lq").
    return `${prefix}-${this.n}-${Math.random().toString(16).slice(2, 7)}`;
  }

  async add(key: keyof typeof CRUD_KEYS, body: Record<string, unknown>): Promise<number> {
    const res = await this.t.api.call(endpoints[key].add, { token: this.token, body });
    if (res.status !== 200) throw new Error(`add ${key} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  }

  company = (o: Record<string, unknown> = {}) => this.add('company', { name: 'Acme', countryName: 'Saudi Arabia', companyCode: this.next('C'), ...o });
  hotel = async (o: Record<string, unknown> = {}) =>
    this.add('hotel', { name: 'Hotel', nameAr: 'فندق', hotelCode: this.next('H'), companyId: o.companyId ?? (await this.company()), ...o });
  useType = (o: Record<string, unknown> = {}) => this.add('useType', { nameEn: 'Guest room', nameAr: 'غرفة نزلاء', useTypeCode: this.next('U'), ...o });
  roomType = (o: Record<string, unknown> = {}) => this.add('roomType', { nameEn: 'Single', nameAr: 'مفردة', roomTypeCode: this.next('RT'), ...o });
  room = async (o: Record<string, unknown> = {}) =>
    this.add('room', {
      number: this.next('R'),
      useTypeId: o.useTypeId ?? (await this.useType()),
      roomTypeId: o.roomTypeId ?? (await this.roomType()),
      hotelId: o.hotelId ?? (await this.hotel()),
      ...o,
    });
  serviceGroup = (o: Record<string, unknown> = {}) =>
    this.add('serviceGroup', { nameEn: 'Housekeeping', nameAr: 'التدبير المنزلي', serviceGroupCode: this.next('G'), ...o });
  department = (o: Record<string, unknown> = {}) => this.add('department', { name: 'Housekeeping', departmentCode: this.next('D'), ...o });
  service = async (o: Record<string, unknown> = {}) =>
    this.add('service', {
      nameEn: 'Towels',
      nameAr: 'مناشف',
      serviceCode: this.next('S'),
      serviceGroupId: o.serviceGroupId ?? (await this.serviceGroup()),
      departmentId: o.departmentId ?? (await this.department()),
      ...o,
    });
  /** A worker serves one or more hotels: a new hotel unless `hotelIds` is given. */
  worker = async (o: Record<string, unknown> = {}) =>
    this.add('worker', { name: 'Ahmed', phoneNumber: '+966 55 123 4567', workerCode: this.next('W'), hotelIds: o.hotelIds ?? [await this.hotel()], ...o });
}

export const CRUD_KEYS = {
  company: 'company',
  hotel: 'hotel',
  useType: 'useType',
  roomType: 'roomType',
  room: 'room',
  serviceGroup: 'serviceGroup',
  service: 'service',
  worker: 'worker',
  department: 'department',
} as const;
