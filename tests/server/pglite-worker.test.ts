import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/client';
import { type TestServer, startTestServer, testDbKind } from '../support/test-server';

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
});
