import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '@shared';
import { rowsOf } from '../../../server/src/db/client';
import { DataDirInUseError, lockDataDir } from '../../../server/src/db/data-lock';
import type { ApiResponse } from '../../support/api-client';
import { guestRequest, seedFixture, submitGuestRequest } from '../../support/fixtures';
import { logLines, spawnLoggedServer } from '../../support/logged-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer, testDbKind } from '../../support/test-server';

/** A 503 that says the database is being started again, in the caller's language, with Retry-After. */
function expectRestarting(res: ApiResponse, message = 'The database is restarting, please try again in a moment') {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('2');
  expect(res.body.message).toBe(message);
}

/**
 * PGlite runs in a worker thread: a long query keeps the database busy, not the server's
 * thread, so calls that need no database (static files, open streams, tokens) answer at
 * once. (Calls that do, /api/health's `select 1` among them, still wait their turn: one
 * PGlite runs one query at a time.)
 */
describe.runIf(testDbKind() === 'pglite')('PGlite off the server thread', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.cleanup());

  it('answers a call without the database within 200 ms while a heavy query runs', async () => {
    const db = t.server.app.ctx.database.db;
    let running = true;
    const started = performance.now();
    const heavy = db.execute(sql`select count(*)::int as n from generate_series(1, 10000000) g where g % 7 = 3`).finally(() => (running = false));
    const latencies: number[] = [];
    for (let i = 0; i < 5 && running; i++) {
      const sent = performance.now();
      expect((await t.api.raw('GET', '/robots.txt')).status).toBe(200);
      latencies.push(performance.now() - sent);
    }
    const stillRunning = running;
    expect(rowsOf<{ n: number }>(await heavy)[0].n).toBe(1428572);
    console.log(`heavy query ${Math.round(performance.now() - started)} ms; robots.txt meanwhile: ${latencies.map(Math.round).join(', ')} ms`);
    // The calls were measured while the query ran (else this test measured nothing).
    expect(stillRunning).toBe(true);
    expect(Math.max(...latencies)).toBeLessThan(200);
  });

  it('keeps transactions whole: a failed one leaves nothing, a committed one stays', async () => {
    const db = t.server.app.ctx.database.db;
    await db.execute(sql`create table if not exists worker_probe (v int primary key)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (1)`);
        await tx.execute(sql`insert into worker_probe values (1)`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (2)`);
      await tx.transaction(async (inner) => inner.execute(sql`insert into worker_probe values (3)`));
    });
    expect(rowsOf<{ v: number }>(await db.execute(sql`select v from worker_probe order by v`)).map((r) => r.v)).toEqual([2, 3]);
  });

  it('a dead worker thread: calls answer 503 with Retry-After while it starts again, then it serves the data written before', async () => {
    const { database } = t.server.app.ctx;
    const fx = await seedFixture(database.db);
    const before = await submitGuestRequest(t.api, guestRequest(fx, [fx.services.towels]));
    const pglite = database.pglite!;
    await pglite.killWorker();
    expect(pglite.state).toBe('restarting');
    const [health, login, guest, arabic] = await Promise.all([
      t.api.call(endpoints.health),
      t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }),
      t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) }),
      t.api.call(endpoints.health, { lang: 'ar' }),
    ]);
    // Made while the new thread was starting (else this test measured nothing).
    expect(pglite.state).toBe('restarting');
    for (const res of [health, login, guest]) expectRestarting(res);
    expectRestarting(arabic, 'قاعدة البيانات قيد إعادة التشغيل، يرجى المحاولة بعد قليل');
    // The process kept the data folder's lock: no second server gets in while the thread is away.
    await expect(lockDataDir(t.config.dataDir)).rejects.toThrow(DataDirInUseError);

    await pglite.whenUp();
    expect((await t.api.call(endpoints.health)).status).toBe(200);
    expect((await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status).toBe(200);
    const kept = await t.api.call(endpoints.userRequestDetails, { params: { id: before.id } });
    expect(kept.status).toBe(200);
    expect(kept.body.requestDetails.map((l: { id: number }) => l.id)).toEqual(before.lines);
    expect((await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) })).status).toBe(200);
  });

  it('a query past HOTEL_PGLITE_QUERY_TIMEOUT_MS: the call answers 503, the stuck query is ended with its thread, and the next call works', async () => {
    const { database } = t.server.app.ctx;
    const pglite = database.pglite!;
    // Minutes of work for PGlite: every call after it would wait behind it. (Drizzle runs a query once it is awaited.)
    const stuck = database.db.execute(sql`select count(*) from generate_series(1, 2000000000) g`).then(
      () => undefined,
      (error: unknown) => error,
    );
    const bound = pglite.queryTimeoutMs;
    pglite.queryTimeoutMs = 300;
    try {
      const started = performance.now();
      const health = await t.api.call(endpoints.health);
      expectRestarting(health, 'The database took too long to answer and is restarting, please try again in a moment');
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(await stuck).toMatchObject({ cause: { code: '57P03' } });
    } finally {
      pglite.queryTimeoutMs = bound;
    }
    await pglite.whenUp();
    expect((await t.api.call(endpoints.health)).status).toBe(200);
    expect((await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status).toBe(200);
  });
});

/** The server as its own process, as a service manager runs it: what it does when the database cannot come back. */
describe.runIf(testDbKind() === 'pglite')('PGlite worker thread that cannot be started again', () => {
  it('exits non-zero, saying why, so the service manager starts a new server', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-worker-lost-'));
    try {
      cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
      const server = await spawnLoggedServer({}, { dataDir });
      expect((await fetch(new URL('/api/health', server.url))).status).toBe(200);
      // The data folder's database is gone (a volume unmounted): a new thread would find no database to open.
      rmSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
      // NODE_ENV=test: SIGUSR2 ends the worker thread as a crash would (main.ts).
      process.kill(server.pid, 'SIGUSR2');
      expect(await server.exited).toBe(1);
      const messages = logLines(server.log()).map((l) => l.msg);
      expect(messages).toContain('the PGlite worker thread ended: starting it again (calls answer 503 meanwhile)');
      expect(messages).toContain('the PGlite worker thread cannot be started again: the database is lost to this process');
      expect(server.log()).toMatch(/no PG_VERSION/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
