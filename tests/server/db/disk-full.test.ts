import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { ApiClient } from '../../support/api-client';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { logLines, spawnLoggedServer } from '../../support/logged-server';
import type { ServerProcess } from '../../support/server-process';
import { type TestServer, startTestServer } from '../../support/test-server';

const FULL_EN = 'The server cannot save right now: its disk is full. Tell the IT staff.';
const FULL_AR = 'لا يستطيع الخادم الحفظ الآن: قرصه ممتلئ. أبلغ فريق تقنية المعلومات.';

/** A guest whose request arrives while the disk is full: none of this may reach the log. */
const GUEST = {
  custName: 'Diskfull Nadia Qasim',
  custEmail: 'nadia.qasim@guest.test',
  custPhone: '+966 55 987 6543',
  note: `Allergic to feathers, Karim-private-note ${'x'.repeat(1_900)}`,
};

/**
 * A full disk is told apart from a server fault: the write answers 503 with a message the
 * staff can act on, health says `storage: unwritable` until a write succeeds again (its
 * own probe write, or a call's), and
 * the log carries the error's code, never the query's parameters (the guest's data).
 * The full disk is simulated in the database itself: a trigger raises PostgreSQL's
 * disk_full (53100) for requests from one guest name.
 */
describe('writing while the disk is full', { timeout: 240_000 }, () => {
  let seeded: TestServer;
  let server: ServerProcess;
  let fx: Fixture;
  beforeAll(async () => {
    seeded = await startTestServer({ env: { HOTEL_RATE_LIMITS: 'off' } });
    const db = seeded.server.app.ctx.database.db;
    fx = await seedFixture(db);
    await db.execute(sql`
      create function test_disk_full() returns trigger language plpgsql as $$
      begin
        if new.cust_name like 'Diskfull %' then
          raise exception 'could not extend file "base/1/2": No space left on device' using errcode = 'disk_full';
        end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger test_disk_full before insert on requests for each row execute function test_disk_full()`);
    // Health's own probe write (storage_probe) meets the full disk once, then finds room.
    await db.execute(sql`create sequence test_probe_tries`);
    await db.execute(sql`
      create function test_probe_full() returns trigger language plpgsql as $$
      begin
        if nextval('test_probe_tries') = 1 then
          raise exception 'could not extend file "base/1/3": No space left on device' using errcode = 'disk_full';
        end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger test_probe_full before insert or update on storage_probe for each row execute function test_probe_full()`);
    await seeded.close();
    const { dataDir, databaseUrl } = seeded.config;
    // A fast clock: health probes at most once a second of the server’s time, a tenth of a millisecond here.
    server = await spawnLoggedServer(
      { HOTEL_RATE_LIMITS: 'off', HOTEL_TEST_CLOCK: `${new Date().toISOString()}@9999`, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      { dataDir },
    );
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await seeded?.cleanup();
  });

  it('answers 503 in the caller’s language, reports storage unwritable in health until its own probe write succeeds, and logs none of the guest’s data', async () => {
    const api = new ApiClient(server.url);
    const body = guestRequest(fx, [fx.services.towels], { ...GUEST, services: [{ serviceId: fx.services.towels, note: 'Room-private-service-note' }] });

    const en = await api.call(endpoints.addRequest, { body });
    expect(en.status).toBe(503);
    expect(en.body.message).toBe(FULL_EN);
    const ar = await api.call(endpoints.addRequest, { body, lang: 'ar' });
    expect(ar.status).toBe(503);
    expect(ar.body.message).toBe(FULL_AR);

    // Health's probe write meets the full disk too.
    const unhealthy = await api.raw('GET', '/api/health');
    expect(unhealthy.status).toBe(503);
    expect(unhealthy.body).toMatchObject({ storage: 'unwritable', message: FULL_EN });

    // Space again: no call has written, yet health's next probe succeeds and it is back to ok
    // (a load balancer that took the node out of rotation on health alone brings it back).
    const healthy = await api.raw('GET', '/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body).toEqual({ status: 'ok' });
    const written = await api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect((await api.raw('GET', '/api/health')).status).toBe(200);

    const log = server.log();
    const full = logLines(log).filter((l) => l.msg === 'disk full: the database cannot write');
    expect(full).toHaveLength(2);
    expect(full[0].err).toMatchObject({ code: '53100' });
    expect(logLines(log).filter((l) => l.msg === 'disk full no more: writes succeed again')).toEqual([expect.objectContaining({ how: 'the health probe wrote' })]);
    for (const secret of ['Nadia', 'Qasim', 'nadia.qasim', '987 6543', '9876543', 'Karim-private-note', 'Room-private-service-note', 'xxxxxxxxxx']) expect(log).not.toContain(secret);
  });
});
