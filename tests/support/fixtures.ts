import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ALL_CLAIMS, endpoints } from '@shared';
import type { Db } from '../../server/src/db/client';
import {
  companies,
  departments,
  hotels,
  roleClaims,
  roles,
  rooms,
  roomTypes,
  serviceGroups,
  services,
  useTypes,
  userDepartments,
  userHotels,
  userRoles,
  users,
  workerHotels,
  workers,
} from '../../server/src/db/schema';
import { hashPassword } from '../../server/src/security/password';
import type { Principal, TokenService } from '../../server/src/security/tokens';
import type { ApiClient } from './api-client';

/**
 * Test data written straight into the database (not through the Basic Data API), so a
 * suite can set up a hotel without depending on other modules. Every call uses fresh
 * codes, so it can run several times on one database.
 */
export interface Fixture {
  companyId: number;
  /** Two hotels, for scope tests: A has rooms 101 and 102, B has its own room 101. */
  hotelA: { id: number; name: string; roomIds: [number, number] };
  hotelB: { id: number; name: string; roomIds: [number] };
  departments: { housekeeping: number; maintenance: number };
  services: { towels: number; repair: number; special: number };
  /** One worker per department and one who belongs to none; each serves both hotels. */
  workers: { housekeeper: number; technician: number; floater: number };
}

export async function seedFixture(db: Db): Promise<Fixture> {
  const u = randomBytes(3).toString('hex');
  const [company] = await db.insert(companies).values({ companyCode: `CO-${u}`, name: `Company ${u}`, countryName: 'Saudi Arabia' }).returning();
  const [a, b] = await db
    .insert(hotels)
    .values([
      { hotelCode: `HA-${u}`, name: `Hotel A ${u}`, nameAr: `فندق أ ${u}`, companyId: company.id },
      { hotelCode: `HB-${u}`, name: `Hotel B ${u}`, nameAr: `فندق ب ${u}`, companyId: company.id },
    ])
    .returning();
  const [useType] = await db.insert(useTypes).values({ useTypeCode: `UT-${u}`, nameAr: 'سكني', nameEn: 'Residential' }).returning();
  const [roomType] = await db.insert(roomTypes).values({ roomTypeCode: `RT-${u}`, nameAr: 'مزدوجة', nameEn: 'Double' }).returning();
  const room = (hotelId: number, number: string) => ({ hotelId, number, useTypeId: useType.id, roomTypeId: roomType.id });
  const [a101, a102, b101] = await db.insert(rooms).values([room(a.id, '101'), room(a.id, '102'), room(b.id, '101')]).returning();
  const [group] = await db.insert(serviceGroups).values({ serviceGroupCode: `SG-${u}`, nameAr: 'الغرف', nameEn: 'Rooms' }).returning();
  const [housekeeping, maintenance] = await db
    .insert(departments)
    .values([
      { departmentCode: `HK-${u}`, name: `Housekeeping ${u}` },
      { departmentCode: `MT-${u}`, name: `Maintenance ${u}` },
    ])
    .returning();
  const service = (code: string, nameEn: string, nameAr: string, departmentId: number, isSpecial = false) => ({
    serviceCode: `${code}-${u}`,
    nameEn,
    nameAr,
    serviceGroupId: group.id,
    departmentId,
    isSpecial,
  });
  const [towels, repair, special] = await db
    .insert(services)
    .values([
      service('TW', 'Extra towels', 'مناشف إضافية', housekeeping.id),
      service('AC', 'AC repair', 'إصلاح التكييف', maintenance.id),
      service('SP', 'Special Request', 'طلب خاص', housekeeping.id, true),
    ])
    .returning();
  const [housekeeper, technician, floater] = await db
    .insert(workers)
    .values([
      { workerCode: `W1-${u}`, name: `Huda ${u}`, phoneNumber: '+966 55 100 0001', departmentId: housekeeping.id },
      { workerCode: `W2-${u}`, name: `Tariq ${u}`, phoneNumber: '+966 55 100 0002', departmentId: maintenance.id },
      { workerCode: `W3-${u}`, name: `Sami ${u}`, phoneNumber: '+966 55 100 0003', departmentId: null },
    ])
    .returning();
  // The fixture's workers serve both hotels (a scope test adds a worker of one hotel).
  await db.insert(workerHotels).values([housekeeper, technician, floater].flatMap((w) => [a, b].map((h) => ({ workerId: w.id, hotelId: h.id }))));
  return {
    companyId: company.id,
    hotelA: { id: a.id, name: a.name, roomIds: [a101.id, a102.id] },
    hotelB: { id: b.id, name: b.name, roomIds: [b101.id] },
    departments: { housekeeping: housekeeping.id, maintenance: maintenance.id },
    services: { towels: towels.id, repair: repair.id, special: special.id },
    workers: { housekeeper: housekeeper.id, technician: technician.id, floater: floater.id },
  };
}

export interface StaffUserOptions {
  claims?: readonly string[];
  hotelIds?: number[];
  departmentIds?: number[];
  /** Holder of the seeded Admin role: every claim, every hotel. */
  isAdmin?: boolean;
  firstName?: string;
  lastName?: string;
}

export interface StaffUser {
  userId: number;
  email: string;
  password: string;
  name: string;
  /** What an access token of this user says (as Login would issue it). */
  principal: Principal;
}

/** A user with a password, one role holding `claims`, and the given hotels and departments. */
export async function createStaffUser(db: Db, options: StaffUserOptions = {}): Promise<StaffUser> {
  const u = randomBytes(4).toString('hex');
  const password = `Pw-${u}-secret`;
  const firstName = options.firstName ?? 'Staff';
  const lastName = options.lastName ?? u;
  const email = `staff-${u}@test.hotel`;
  const [user] = await db
    .insert(users)
    .values({ userCode: `U-${u}`, firstName, lastName, phoneNumber: '+966 55 000 0000', email, passwordHash: await hashPassword(password) })
    .returning();
  const claims = options.isAdmin ? [...ALL_CLAIMS] : [...(options.claims ?? [])];
  let roleId: number;
  if (options.isAdmin) {
    [{ id: roleId }] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Admin'));
  } else {
    [{ id: roleId }] = await db.insert(roles).values({ name: `Role ${u}`, description: 'test role' }).returning();
    if (claims.length) await db.insert(roleClaims).values(claims.map((claim) => ({ roleId, claim })));
  }
  await db.insert(userRoles).values({ userId: user.id, roleId });
  const hotelIds = options.hotelIds ?? [];
  const departmentIds = options.departmentIds ?? [];
  if (hotelIds.length) await db.insert(userHotels).values(hotelIds.map((hotelId) => ({ userId: user.id, hotelId })));
  if (departmentIds.length) await db.insert(userDepartments).values(departmentIds.map((departmentId) => ({ userId: user.id, departmentId })));
  const name = `${firstName} ${lastName}`;
  return {
    userId: user.id,
    email,
    password,
    name,
    principal: { userId: user.id, name, email, claims, isAdmin: options.isAdmin === true, hotelIds, departmentIds },
  };
}

/**
 * An access token for a fixture user, signed by the server's own token service: a
 * suite can act as staff without depending on the Login route.
 */
export function tokenFor(tokens: TokenService, user: StaffUser): Promise<string> {
  return tokens.sign(user.principal);
}

/** Every Service Management claim: a full clerk of the request screens. */
export const SERVICE_CLAIMS = ALL_CLAIMS.filter((c) => c.startsWith('Service Management.'));

/** An AddRequest body for hotel A's first room: a guest asking for the given services. */
export function guestRequest(fx: Fixture, serviceIds: number[], over: Record<string, unknown> = {}) {
  return {
    custName: 'Layla Hassan',
    custEmail: 'layla@example.com',
    custPhone: '+966 55 123 4567',
    hotelId: fx.hotelA.id,
    roomId: fx.hotelA.roomIds[0],
    note: '',
    services: serviceIds.map((serviceId, i) => ({ serviceId, note: `note ${i + 1}` })),
    ...over,
  };
}

/** Files a guest's request over HTTP, as the guest's page does, and reads back its id and its lines' ids in order. */
export async function submitGuestRequest(api: Pick<ApiClient, 'call'>, body: object): Promise<{ id: string; lines: number[] }> {
  const res = await api.call(endpoints.addRequest, { body });
  const view = await api.call(endpoints.userRequestDetails, { params: { id: res.body.id } });
  return { id: res.body.id as string, lines: (view.body.requestDetails as { id: number }[]).map((l) => l.id) };
}

/**
 * A request of hotel A for towels, assigned to the housekeeper and completed by `clerk`, then rated by the guest:
 * what the service-recovery follow-up and its e-mail start from. Answers the request's id.
 */
export async function ratedRequest(
  api: Pick<ApiClient, 'call'>,
  fx: Fixture,
  clerk: string,
  review: { rating: number; feedback: string; custName?: string },
): Promise<string> {
  const { id, lines } = await submitGuestRequest(api, guestRequest(fx, [fx.services.towels], review.custName ? { custName: review.custName } : {}));
  const step = async (body: object) => {
    const res = await api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: lines[0], note: '', ...body } });
    if (res.status !== 200) throw new Error(`status change refused: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await step({ status: 'Assigned', workerId: fx.workers.housekeeper });
  await step({ status: 'Completed' });
  const rated = await api.call(endpoints.addReview, { body: { id, rating: review.rating, feedback: review.feedback } });
  if (rated.status !== 200) throw new Error(`review refused: ${rated.status} ${JSON.stringify(rated.body)}`);
  return id;
}

/** Workers made straight in the database serve these hotels (a worker of no hotel sees and gets nothing). */
export async function serveHotels(db: Db, workerIds: number[], hotelIds: number[]): Promise<void> {
  await db.insert(workerHotels).values(workerIds.flatMap((workerId) => hotelIds.map((hotelId) => ({ workerId, hotelId }))));
}
