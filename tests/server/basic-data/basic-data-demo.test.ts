import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { type ServiceLookupGroup, endpoints } from '@shared';
import { foldSearchText, matchesSearch, searchTokens } from '@shared/search-text';
import * as s from '../../../server/src/db/schema';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../../server/src/seed/demo';
import { verifyPassword } from '../../../server/src/security/password';
import { type TestServer, startTestServer } from '../../support/test-server';
import { adminTokenOf } from './basic-data.fixtures';

const TABLES = {
  companies: s.companies,
  hotels: s.hotels,
  useTypes: s.useTypes,
  roomTypes: s.roomTypes,
  rooms: s.rooms,
  serviceGroups: s.serviceGroups,
  services: s.services,
  departments: s.departments,
  workers: s.workers,
  users: s.users,
  roles: s.roles,
  roleClaims: s.roleClaims,
  userRoles: s.userRoles,
  userHotels: s.userHotels,
  userDepartments: s.userDepartments,
  emailSettings: s.emailSettings,
};

describe('demo data (npm start -- --demo)', () => {
  let t: TestServer;
  const counts = async () => {
    const db = t.server.app.ctx.database.db;
    const out: Record<string, number> = {};
    for (const [name, table] of Object.entries(TABLES)) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
      out[name] = Number(row.n);
    }
    return out;
  };

  beforeAll(async () => {
    t = await startTestServer({ argv: ['--demo'] });
  });
  afterAll(async () => {
    await t.cleanup();
    // The restarted server reused the first one's folder, which cleanup() leaves in place.
    rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('seeds a two-hotel chain with about forty rooms each, floors 1 to 4', async () => {
    const token = await adminTokenOf(t);
    const hotels = (await t.api.call(endpoints.hotel.list, { token })).body as { id: number; name: string; nameAr: string; companyName: string }[];
    expect(hotels).toHaveLength(2);
    expect(hotels.every((h) => h.companyName === 'Nakheel Hospitality' && /[\u0600-\u06FF]/.test(h.nameAr))).toBe(true);
    for (const hotel of hotels) {
      const rooms = (await t.api.call(endpoints.generateRooms, { query: { hotelId: hotel.id } })).body as { number: string }[];
      expect(rooms.length).toBe(40);
      expect(new Set(rooms.map((r) => r.number[0]))).toEqual(new Set(['1', '2', '3', '4']));
    }
  });

  it('has the Special Request service, in both languages, marked special', async () => {
    const token = await adminTokenOf(t);
    const services = (await t.api.call(endpoints.service.list, { token })).body as Record<string, unknown>[];
    expect(services.length).toBeGreaterThanOrEqual(15);
    const special = services.filter((x) => x.isSpecial);
    expect(special).toEqual([expect.objectContaining({ nameEn: 'Special Request', nameAr: 'طلب خاص' })]);
    const ar = (await t.api.call(endpoints.generateServices, { lang: 'ar' })).body as { name: string; services: { name: string }[] }[];
    expect(ar.map((g) => g.name)).toEqual(expect.arrayContaining(['التدبير المنزلي', 'الصيانة', 'الأطعمة والمشروبات', 'الاستقبال', 'أخرى']));
    expect(ar.flatMap((g) => g.services.map((x) => x.name))).toContain('طلب خاص');
  });

  it('finds the air conditioning repair by the words guests use (مكيف, AC), in either language', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const services = ((await t.api.call(endpoints.generateServices, { lang })).body as ServiceLookupGroup[]).flatMap((g) => g.services);
      for (const term of ['مكيف', 'مكيّف', 'AC', 'air conditioner']) {
        const found = services.filter((x) => matchesSearch(searchTokens(term), foldSearchText(`${x.name} ${x.keywords ?? ''}`)));
        expect(found.map((x) => x.name), `${lang}: ${term}`).toContain(lang === 'ar' ? 'إصلاح التكييف' : 'Air conditioning repair');
      }
    }
  });

  it('gives every department a staff user with the demo password, both hotels and Service Management claims', async () => {
    const db = t.server.app.ctx.database.db;
    const departments = await db.select().from(s.departments);
    expect(departments.map((d) => d.name).sort()).toEqual(['Food & Beverage', 'Front Office', 'Guest Relations', 'Housekeeping', 'Maintenance']);
    const workers = await db.select().from(s.workers);
    expect(workers.length).toBeGreaterThanOrEqual(10);
    expect(workers.every((w) => w.phoneNumber.startsWith('+966') && w.departmentId !== null)).toBe(true);

    for (const demo of DEMO_USERS) {
      const [user] = await db.select().from(s.users).where(eq(s.users.email, demo.email));
      expect(await verifyPassword(DEMO_PASSWORD, user.passwordHash)).toBe(true);
      expect(await db.select().from(s.userHotels).where(eq(s.userHotels.userId, user.id))).toHaveLength(2);
      expect(await db.select().from(s.userDepartments).where(eq(s.userDepartments.userId, user.id))).toHaveLength(1);
      const login = await t.api.call(endpoints.login, { body: { email: demo.email, password: DEMO_PASSWORD } });
      expect(login.status).toBe(200);
      expect(login.body.userRoles).toEqual(expect.arrayContaining([...demo.roles]));
      expect(login.body.permissions).toEqual(expect.arrayContaining(['Service Management.Request List', 'Service Management.Service List']));
      // Staff handle requests but cannot touch master data they were not given.
      expect((await t.api.call(endpoints.company.list, { token: login.body.accessToken })).status).toBe(403);
    }
    const roleNames = (await db.select().from(s.roles).where(inArray(s.roles.name, ['Staff', 'Receptionist']))).map((r) => r.name);
    expect(roleNames.sort()).toEqual(['Receptionist', 'Staff']);
    expect(await db.select().from(s.emailSettings)).toHaveLength(0);
  });

  it('adds nothing when run again, nor when the server restarts with --demo', async () => {
    const before = await counts();
    expect(before.rooms).toBe(80);
    await seedDemo(t.server.app.ctx.database.db);
    expect(await counts()).toEqual(before);

    await t.close();
    t = await startTestServer({ argv: ['--demo'], reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl } });
    expect(await counts()).toEqual(before);
  });
});
