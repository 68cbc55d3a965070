import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { rowsOf } from '../../../server/src/db/client';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { hasPgBouncer, startPgBouncer } from '../../support/pgbouncer';
import { type Received, openStream } from '../../support/sse';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';

/** How often the LISTEN connection is proved alive here (HOTEL_DB_LISTEN_CHECK_MS): short, so a silent one is found in a second. */
const LISTEN_CHECK_MS = '300';

/** A dropped LISTEN connection (PostgreSQL restart, network blip) must not end live events for good. */
describe.runIf(testDbKind() === 'postgres')('live events after the LISTEN connection drops', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_DB_LISTEN_CHECK_MS: LISTEN_CHECK_MS } });
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

  /** A staff user of the fixture's hotel A, with the streams' URLs. */
  const staffOf = async (fx: Fixture) => {
    const { database, tokens } = t.server.app.ctx;
    const token = await tokenFor(tokens, await createStaffUser(database.db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id] }));
    return (server: { url: string }) => openStream(new URL(pathOf(endpoints.staffEvents), server.url).toString(), { authorization: `Bearer ${token}` });
  };
  /** What a screen needs to hear after `from` once a request was made: its event, or a resync (re-read everything). */
  const learnsOf = (stream: { received: Received[] }, id: string, from: number) => (e: Received) =>
    stream.received.indexOf(e) >= from && (e.event === 'resync' || (e.event === 'request-created' && e.data.requestId === id));

  it('a LISTEN connection that goes silent (no end, no error) is found, made again, and every stream gets a resync, one opened meanwhile too', async () => {
    const { database } = t.server.app.ctx;
    const fx = await seedFixture(database.db);
    const open = await staffOf(fx);
    const before = await open(t);
    // The backend that holds this server's LISTEN, frozen: its socket stays open, nothing comes from it.
    const [held] = rowsOf<{ pid: number }>(
      await database.db.execute(sql`
        select pid from pg_stat_activity
        where pid <> pg_backend_pid() and datname = current_database() and query ilike 'LISTEN%' and state = 'idle'`),
    );
    expect(held).toBeDefined();
    process.kill(held.pid, 'SIGSTOP');
    try {
      const during = await open(t);
      const mine = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
      const guest = await openStream(new URL(pathOf(endpoints.guestEvents, { id: mine.body.id }), t.url).toString());
      const marks = [before.received.length, during.received.length];
      // Its NOTIFY goes to the frozen backend: no process hears it here.
      const missed = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
      expect(missed.status).toBe(200);
      await before.next(learnsOf(before, missed.body.id, marks[0]), 'the missed request or a resync on the stream opened before');
      await during.next(learnsOf(during, missed.body.id, marks[1]), 'the missed request or a resync on the stream opened while the connection was silent');
      await guest.next((e) => e.event === 'resync', 'resync on a guest stream opened while the connection was silent');
      // Listening again: the next request's own event arrives.
      const next = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
      await before.next((e) => e.event === 'request-created' && e.data.requestId === next.body.id, 'an event after the resync');
      for (const s of [before, during, guest]) s.close();
    } finally {
      // Let it go: it finds its client gone and ends.
      process.kill(held.pid, 'SIGCONT');
    }
  });

  it.runIf(hasPgBouncer())(
    'a NOTIFY that fails after its commit (the pooler down, LISTEN fine) gives that process and every other a resync once the pool answers again',
    async () => {
      const { database } = t.server.app.ctx;
      const fx = await seedFixture(database.db);
      const open = await staffOf(fx);
      // A second process on the same database whose pool goes through PgBouncer; its LISTEN goes to PostgreSQL itself.
      const direct = t.config.databaseUrl!;
      const bouncer = await startPgBouncer({ databaseUrl: direct });
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-test-'));
      const pooled = await startTestServer({
        reuse: { dataDir, databaseUrl: bouncer.url },
        env: { DATABASE_DIRECT_URL: direct, HOTEL_DB_POOLER: 'transaction', HOTEL_DB_LISTEN_CHECK_MS: LISTEN_CHECK_MS },
      });
      try {
        const here = await open(pooled);
        const there = await open(t);
        // The pooler stops right after the request's commit, before its NOTIFY: the publish fails (a warning, the guest still gets 200).
        const pooledDb = pooled.server.app.ctx.database;
        const notify = pooledDb.notify.bind(pooledDb);
        let stopped = false;
        pooledDb.notify = async (channel, payload) => {
          if (!stopped && channel === 'hotel_events' && payload.includes('request-created')) {
            stopped = true;
            await bouncer.down();
          }
          return notify(channel, payload);
        };
        const marks = [here.received.length, there.received.length];
        const missed = await pooled.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
        expect([missed.status, stopped]).toEqual([200, true]);
        // Opened on the other process while this one cannot publish.
        const during = await open(t);
        await bouncer.up();
        for (const [stream, from, where] of [
          [here, marks[0], 'on the process that could not publish'],
          [there, marks[1], 'on another process'],
          [during, 0, 'on a stream opened during the outage'],
        ] as const) {
          await stream.next((e) => stream.received.indexOf(e) >= from && e.event === 'resync', `resync ${where}`);
        }
        for (const s of [here, there, during]) s.close();
      } finally {
        await pooled.close();
        await bouncer.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
