import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../support/fixtures';
import { openStream } from '../support/sse';
import { type TestServer, startTestServer, testDbKind } from '../support/test-server';

/** A dropped LISTEN connection (PostgreSQL restart, network blip) must not end live events for good. */
describe.runIf(testDbKind() === 'postgres')('live events after the LISTEN connection drops', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.cleanup());

  it('listens again by itself and delivers the next event', async () => {
    const { database } = t.server.app.ctx;
    const received: string[] = [];
    await database.listen('reconnect_probe', (payload) => received.push(payload));
    await database.notify('reconnect_probe', 'before');
    await expect.poll(() => received).toContain('before');

    // Kill the connection that holds LISTEN, as a server restart would.
    const killed = await database.db.execute(sql`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where pid <> pg_backend_pid() and datname = current_database() and query ilike 'LISTEN%'`);
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);

    await expect
      .poll(
        async () => {
          await database.notify('reconnect_probe', 'after');
          return received.includes('after');
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);
  });

  it('sends every open stream a resync once listening resumes, so screens re-read what they missed', async () => {
    const { database, tokens } = t.server.app.ctx;
    const fx = await seedFixture(database.db);
    const token = await tokenFor(tokens, await createStaffUser(database.db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id] }));
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const staff = await openStream(new URL(pathOf(endpoints.staffEvents), t.url).toString(), { authorization: `Bearer ${token}` });
    const guest = await openStream(new URL(pathOf(endpoints.guestEvents, { id: added.body.id }), t.url).toString());
    try {
      expect([staff.res.status, guest.res.status]).toEqual([200, 200]);
      const dropped = Date.now();
      const killed = await database.db.execute(sql`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where pid <> pg_backend_pid() and datname = current_database() and query ilike 'LISTEN%'`);
      expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      await staff.next((e) => e.event === 'resync', 'resync on the staff stream');
      await guest.next((e) => e.event === 'resync', 'resync on the guest stream');
      // The back-off is short: the first retry comes within a second.
      expect(Date.now() - dropped).toBeLessThan(5_000);
      // And the streams stay open, hearing new events again.
      const next = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
      await staff.next((e) => e.event === 'request-created' && e.data.requestId === next.body.id, 'an event after the resync');
    } finally {
      staff.close();
      guest.close();
    }
  });
});
