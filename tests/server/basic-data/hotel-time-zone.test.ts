import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { hotels, services } from '../../../server/src/db/schema';
import { type Fixture, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/** The hotel's time zone, its escalation digest and a service's alert lead are master data: edited on their screens and API, checked. */
describe("the hotel's time zone, digest and a service's scheduling lead on the master-data API", () => {
  let t: TestServer;
  let fx: Fixture;
  let token: string;
  const db = () => t.server.app.ctx.database.db;
  const hotelRow = async () => (await db().select().from(hotels).where(eq(hotels.id, fx.hotelA.id)))[0];
  const edit = async (over: Record<string, unknown>, lang?: 'ar') => {
    const row = await hotelRow();
    const body = { name: row.name, nameAr: row.nameAr, hotelCode: row.hotelCode, companyId: row.companyId, ...over };
    return t.api.call(endpoints.hotel.edit, { token, params: { id: fx.hotelA.id }, body, lang });
  };

  beforeAll(async () => {
    t = await startTestServer();
    fx = await seedFixture(db());
    token = await t.adminToken();
  });
  afterAll(() => t.cleanup());

  it('saves an IANA zone and a digest window, lists them, and clears the zone when empty', async () => {
    expect((await edit({ timeZone: 'Europe/Berlin', escalationDigestMinutes: 30 })).status).toBe(200);
    expect(await hotelRow()).toMatchObject({ timeZone: 'Europe/Berlin', escalationDigestMinutes: 30 });
    const listed = (await t.api.call(endpoints.hotel.list, { token })).body.find((h: { id: number }) => h.id === fx.hotelA.id);
    expect(listed).toMatchObject({ timeZone: 'Europe/Berlin', escalationDigestMinutes: 30 });
    expect((await edit({ timeZone: '', escalationDigestMinutes: null })).status).toBe(200);
    expect(await hotelRow()).toMatchObject({ timeZone: null, escalationDigestMinutes: null });
  });

  it.each(['Mars/Olympus', 'Asia/Riyadh; drop table hotels', 'x'.repeat(65), 'Riyadh'])('refuses the zone %j with a clear message in both languages and changes nothing', async (timeZone) => {
    await edit({ timeZone: 'Asia/Riyadh' });
    const en = await edit({ timeZone, name: 'Renamed' });
    expect(en.status).toBe(400);
    expect(en.body.errors).toContainEqual({ field: 'timeZone', message: timeZone.length > 64 ? expect.any(String) : 'Enter a time zone name such as Asia/Riyadh, or leave it empty' });
    const ar = await edit({ timeZone }, 'ar');
    expect(ar.status).toBe(400);
    if (timeZone.length <= 64) expect(ar.body.errors).toContainEqual({ field: 'timeZone', message: 'أدخل اسم منطقة زمنية مثل Asia/Riyadh، أو اتركه فارغًا' });
    expect(await hotelRow()).toMatchObject({ timeZone: 'Asia/Riyadh' });
    expect((await hotelRow()).name).not.toBe('Renamed');
  });

  it("keeps a service's scheduling lead, from 0 minutes to a day", async () => {
    const [row] = await db().select().from(services).where(eq(services.id, fx.services.towels));
    const body = { nameEn: row.nameEn, nameAr: row.nameAr, serviceCode: row.serviceCode, serviceGroupId: row.serviceGroupId, departmentId: row.departmentId };
    expect((await t.api.call(endpoints.service.edit, { token, params: { id: row.id }, body: { ...body, scheduleLeadMinutes: 45 } })).status).toBe(200);
    expect((await db().select().from(services).where(eq(services.id, row.id)))[0].scheduleLeadMinutes).toBe(45);
    const tooLong = await t.api.call(endpoints.service.edit, { token, params: { id: row.id }, body: { ...body, scheduleLeadMinutes: 24 * 60 + 1 } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].field).toBe('scheduleLeadMinutes');
    expect((await db().select().from(services).where(eq(services.id, row.id)))[0].scheduleLeadMinutes).toBe(45);
  });
});
