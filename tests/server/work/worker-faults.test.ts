import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@shared';
import type { Db } from '../../../server/src/db/client';
import * as schema from '../../../server/src/db/schema';
import { ApiClient } from '../../support/api-client';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { spawnLoggedServer } from '../../support/logged-server';
import { type Cluster, startCluster } from '../../support/postgres';
import type { ServerProcess } from '../../support/server-process';
import { openStream } from '../../support/sse';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer, testDbKind } from '../../support/test-server';

/**
 * The phone's taps when things fail: the database lost mid-tap, the phone's network dropped
 * mid-tap, PostgreSQL restarting, the server stopped with SIGTERM. A tap is applied once or
 * not at all; a retry with the same key finishes it and never applies it twice.
 */
const ENV = { HOTEL_RATE_LIMITS: 'off', HOTEL_PAIR_RATE_LIMIT: '1000', HOTEL_REQUEST_RATE_LIMIT: '0', HOTEL_ROOM_REQUEST_RATE_LIMIT: '0' };
const UNAVAILABLE = 'The database is not reachable right now, please try again in a moment';
/** The advisory lock a test holds to keep a write of the server's waiting (any number of this file's own). */
const HOLD_LINE = 4_207_001;

/** Pairs a phone for the housekeeper and gives it a fresh line of towels; returns its token and the line. */
async function phoneWithLine(api: ApiClient, fx: Fixture, staff: string) {
  const code = await api.call(endpoints.workerPairingCode, { token: staff, params: { workerId: fx.workers.housekeeper } });
  expect(code.status, JSON.stringify(code.body)).toBe(200);
  const paired = await api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Phone' } });
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
  const phone = paired.body.accessToken as string;
  const newLine = async () => {
    const added = await api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const lineId = (await api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
    const assigned = await api.call(endpoints.updateServiceRequestStatus, { token: staff, body: { requestDetailsId: lineId, status: 'Assigned', workerId: fx.workers.housekeeper } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    return lineId;
  };
  return { phone, newLine, line: await newLine() };
}

describe("a phone's tap when the database or the phone's network fails mid-way", () => {
  let t: TestServer;
  let fx: Fixture;
  let clerk: string;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    t = await startTestServer({ env: ENV });
    fx = await seedFixture(db());
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] };
    clerk = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db(), { claims: [...SERVICE_CLAIMS, 'Basic Data.Worker.Pair'], ...scope }));
  });
  afterAll(() => t.cleanup());

  const run = async (...statements: string[]) => {
    for (const statement of statements) await db().execute(sql.raw(statement));
  };
  const line = async (id: number) => (await db().select().from(schema.requestLines).where(eq(schema.requestLines.id, id)))[0];
  const notes = async (id: number, text: string) =>
    (await db().select().from(schema.lineMessages).where(and(eq(schema.lineMessages.lineId, id), eq(schema.lineMessages.text, text)))).length;

  it('a tap whose database went away mid-way answers 503 with Retry-After, and its retry (same key) is applied once', async () => {
    const { phone, line: lineId } = await phoneWithLine(t.api, fx, clerk);
    // The database goes away while the line is written, and stays away for the cleanup after it.
    await run(
      `create or replace function lost_database() returns trigger language plpgsql as $$ begin raise exception 'terminating connection' using errcode = '57P01'; end $$`,
      `create trigger lost_line before update on request_lines for each row when (new.id = ${lineId}) execute function lost_database()`,
      'create trigger lost_key before delete on worker_actions for each row execute function lost_database()',
    );
    let lost;
    try {
      lost = await t.api.call(endpoints.workAccept, { token: phone, params: { lineId }, body: {}, headers: { 'idempotency-key': 'tap-lost-accept' } });
    } finally {
      await run('drop trigger lost_line on request_lines', 'drop trigger lost_key on worker_actions', 'drop function lost_database()');
    }
    expect(lost.status).toBe(503);
    expect(lost.body.message).toBe(UNAVAILABLE);
    expect(Number(lost.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await line(lineId)).acceptedAt).toBeNull();

    // The database is back: the phone sends the same tap again, as its outbox does.
    const retried = await t.api.call(endpoints.workAccept, { token: phone, params: { lineId }, body: {}, headers: { 'idempotency-key': 'tap-lost-accept' } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const acceptedAt = (await line(lineId)).acceptedAt;
    expect(acceptedAt).not.toBeNull();
    const again = await t.api.call(endpoints.workAccept, { token: phone, params: { lineId }, body: {}, headers: { 'idempotency-key': 'tap-lost-accept' } });
    expect(again.body).toEqual(retried.body);
    expect((await line(lineId)).acceptedAt).toEqual(acceptedAt);
  });

  it("a Done whose answer the phone never got (its network dropped) is finished by the retry, completed once, its note once", async () => {
    const { phone, line: lineId } = await phoneWithLine(t.api, fx, clerk);
    for (const name of ['workAccept', 'workStart'] as const) expect((await t.api.call(endpoints[name], { token: phone, params: { lineId }, body: {} })).status).toBe(200);
    const version = (await t.api.call(endpoints.workTasks, { token: phone })).body.find((x: { lineId: number }) => x.lineId === lineId).version as string;
    // The line write is held by a lock this test holds: the phone gives up (its network drops) while
    // the server is at work, and the server goes on once the test lets it.
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [HOLD_LINE]);
    await run(
      `create or replace function held_line() returns trigger language plpgsql as $$ begin perform pg_advisory_xact_lock(${HOLD_LINE}); return new; end $$`,
      `create trigger held_line before update on request_lines for each row when (new.id = ${lineId}) execute function held_line()`,
    );
    /** How many of this database's sessions wait: for the test's lock (the held write), or for another lock (a try behind it). */
    const waiting = async (lock: 'the test' | 'another') =>
      (
        await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where not l.granted and a.datname = current_database() and (l.locktype = 'advisory' and l.objid = $1) = $2`,
          [HOLD_LINE, lock === 'the test'],
        )
      ).rows[0].n;
    const body = { version, note: 'Left at the door' };
    const headers = { 'idempotency-key': 'tap-dropped-done', authorization: `Bearer ${phone}`, 'content-type': 'application/json' };
    const url = new URL(endpoints.workDone.path.replace(':lineId', String(lineId)), t.url);
    const network = new AbortController();
    try {
      const dropped = fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: network.signal });
      // The first try is writing the line (it waits for the lock): now the phone's network drops.
      await vi.waitFor(async () => expect(await waiting('the test')).toBe(1), { timeout: 10_000, interval: 20 });
      network.abort();
      await expect(dropped).rejects.toThrow();
      // Sent again at once, the first try still at work: the retry waits behind it, then answers the same, applied once.
      const retrying = t.api.call(endpoints.workDone, { token: phone, params: { lineId }, body, headers: { 'idempotency-key': 'tap-dropped-done' } });
      await vi.waitFor(async () => expect(await waiting('another')).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
      await holder.query('select pg_advisory_unlock($1)', [HOLD_LINE]);
      const retried = await retrying;
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body.status).toBe('Completed');
    } finally {
      await holder.query('select pg_advisory_unlock_all()');
      await holder.end();
      await run('drop trigger held_line on request_lines', 'drop function held_line()');
    }
    const row = await line(lineId);
    expect(row.status).toBe('Completed');
    expect(row.completedByWorkerId).toBe(fx.workers.housekeeper);
    expect(await notes(lineId, 'Left at the door')).toBe(1);
    // Later tries answer the same, and change nothing.
    const later = await t.api.call(endpoints.workDone, { token: phone, params: { lineId }, body, headers: { 'idempotency-key': 'tap-dropped-done' } });
    expect(later.status).toBe(200);
    expect(await line(lineId)).toEqual(row);
    expect(await notes(lineId, 'Left at the door')).toBe(1);
  });
});

describe('stopping the server with SIGTERM while phones are connected', () => {
  let server: ServerProcess | undefined;
  let back: TestServer | undefined;
  let t: TestServer;
  let fx: Fixture;
  let clerk: string;

  beforeAll(async () => {
    // Seeded in process, then run as its own process on the same data (PGlite folder or PostgreSQL database).
    t = await startTestServer({ env: ENV });
    fx = await seedFixture(t.server.app.ctx.database.db);
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] };
    clerk = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(t.server.app.ctx.database.db, { claims: [...SERVICE_CLAIMS, 'Basic Data.Worker.Pair'], ...scope }));
    await t.close();
  });
  afterAll(async () => {
    await server?.stop();
    await back?.close();
    await t.cleanup();
  });

  const spawn = () => spawnLoggedServer({ ...ENV, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) }, { dataDir: t.config.dataDir });

  it("ends the phones' event streams with a reconnect, exits 0, and keeps every tap it answered; an unanswered one is applied once by its retry", async () => {
    server = await spawn();
    const api = new ApiClient(server.url);
    const { phone, line: lineId } = await phoneWithLine(api, fx, clerk);
    const ticket = (await api.call(endpoints.workStreamTicket, { token: phone })).body.ticket as string;
    const stream = await openStream(new URL(`${endpoints.workEvents.path}?ticket=${encodeURIComponent(ticket)}`, server.url).toString());
    expect(stream.res.status).toBe(200);
    const tap = (name: 'workAccept' | 'workStart' | 'workDone', key: string, client = api) =>
      client.call(endpoints[name], { token: phone, params: { lineId }, body: name === 'workDone' ? { note: 'Done before the stop' } : {}, headers: { 'idempotency-key': key } });
    expect((await tap('workAccept', 'tap-stop-accept')).status).toBe(200);
    expect((await tap('workStart', 'tap-stop-start')).status).toBe(200);

    // Done is sent as the signal comes: answered before the stop, or never read (the phone keeps it).
    const done = tap('workDone', 'tap-stop-done').catch(() => undefined);
    process.kill(server.pid, 'SIGTERM');
    await stream.closed();
    expect(stream.received.at(-1)?.event).toBe('reconnect');
    expect(await server.exited).toBe(0);
    const answered = await done;
    expect([200, 503, undefined]).toContain(answered?.status);

    // Back up (in this process: the stop was the spawned one's): the phone sends what it has not seen answered again, with the same key.
    back = await startTestServer({ env: ENV, reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl } });
    const after = back.api;
    const retried = await tap('workDone', 'tap-stop-done', after);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    if (answered?.status === 200) expect(retried.body).toEqual(answered.body);
    const card = await after.call(endpoints.serviceAssignmentDetails, { token: clerk, params: { id: lineId } });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.accepted_Date).toBeTruthy();
    expect(card.body.started_Date).toBeTruthy();
    const details = await after.call(endpoints.serviceDetails, { token: clerk, params: { id: lineId } });
    expect(details.body.serviceDetails.statusName).toBe('Completed');
    expect(JSON.stringify(details.body).split('Done before the stop').length - 1).toBe(1);
  });
});

describe.runIf(testDbKind() === 'postgres')("a phone's tap while PostgreSQL restarts", () => {
  let cluster: Cluster;
  let server: ServerProcess;
  let pool: pg.Pool;
  let fx: Fixture;
  let api: ApiClient;

  beforeAll(async () => {
    cluster = await startCluster();
    server = await spawnLoggedServer({ ...ENV, DATABASE_URL: cluster.url });
    pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
    pool.on('error', () => undefined);
    fx = await seedFixture(drizzle(pool, { schema }) as unknown as Db);
    api = new ApiClient(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await pool?.end();
    cluster?.stop();
  });

  it("answers the worker 503 in the phone's language with Retry-After while it is down, then applies the same tap once", async () => {
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { phone, line: lineId } = await phoneWithLine(api, fx, admin);
    const accept = (lang?: 'ar') => api.call(endpoints.workAccept, { token: phone, lang, params: { lineId }, body: {}, headers: { 'idempotency-key': 'tap-restart-accept' } });
    await cluster.down();
    try {
      const down = await accept('ar');
      expect(down.status).toBe(503);
      expect(down.body.message).toBe('قاعدة البيانات غير متاحة الآن، يرجى المحاولة بعد قليل');
      expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(server.alive()).toBe(true);
    } finally {
      await cluster.up();
    }
    const backAt = performance.now();
    let up = await accept();
    while (up.status !== 200 && performance.now() - backAt < 5_000) up = await accept();
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const rows = await drizzle(pool, { schema }).select().from(schema.requestLines).where(eq(schema.requestLines.id, lineId));
    expect(rows[0].acceptedAt).not.toBeNull();
    expect((await accept()).body).toEqual(up.body);
  });
});
