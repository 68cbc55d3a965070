import { inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints, pathOf } from '@shared';
import type { Db } from '../../../server/src/db/client';
import * as schema from '../../../server/src/db/schema';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type Cluster, startCluster } from '../../support/postgres';
import { spawnLoggedServer } from '../../support/logged-server';
import type { ServerProcess } from '../../support/server-process';
import { testDbKind } from '../../support/test-server';

interface Answer {
  status: number;
  sentAt: number;
  doneAt: number;
  id?: string;
  message?: string;
  retryAfter?: string | null;
}

/**
 * A PostgreSQL restart or outage (what real sites see every week) must never end the
 * server process: calls meanwhile answer 503 with a message and Retry-After, the
 * first call after the database is back succeeds, and nothing acknowledged is lost.
 * The server runs as its own process, so a crash shows as an exit.
 */
describe.runIf(testDbKind() === 'postgres')('a PostgreSQL restart while guests are sending requests', () => {
  let cluster: Cluster;
  let server: ServerProcess;
  let pool: pg.Pool;
  let fx: Fixture;
  beforeAll(async () => {
    cluster = await startCluster();
    // Every guest here writes from one address into one room: the per-address and per-room limits would answer 429.
    server = await spawnLoggedServer({ DATABASE_URL: cluster.url, HOTEL_REQUEST_RATE_LIMIT: '0', HOTEL_ROOM_REQUEST_RATE_LIMIT: '0' });
    pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
    pool.on('error', () => undefined);
    fx = await seedFixture(drizzle(pool, { schema }) as unknown as Db);
  });
  afterAll(async () => {
    await server?.stop();
    await pool?.end();
    cluster?.stop();
  });

  const addRequest = async (name: string, lang: 'en' | 'ar' = 'en'): Promise<Answer> => {
    const sentAt = performance.now();
    try {
      const res = await fetch(new URL(`${pathOf(endpoints.addRequest)}?lang=${lang}`, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(guestRequest(fx, [fx.services.towels, fx.services.repair], { custName: name })),
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await res.json()) as { id?: string; message?: string };
      return { status: res.status, sentAt, doneAt: performance.now(), id: body.id, message: body.message, retryAfter: res.headers.get('retry-after') };
    } catch {
      // No answer at all (connection refused or reset): the process is gone or hung.
      return { status: 0, sentAt, doneAt: performance.now() };
    }
  };

  /** `guests` concurrent senders, each sending again as soon as it has an answer, until `until()` says stop. */
  const flood = async (guests: number, until: () => boolean, answers: Answer[] = []): Promise<Answer[]> => {
    await Promise.all(
      Array.from({ length: guests }, async (_, g) => {
        for (let i = 0; !until(); i++) answers.push(await addRequest(`Guest ${g}-${i}`));
      }),
    );
    return answers;
  };

  const storedIds = async (ids: string[]) =>
    (await drizzle(pool, { schema }).select({ id: schema.requests.id }).from(schema.requests).where(inArray(schema.requests.id, ids))).map((r) => r.id);

  it('keeps the process alive, answers 503 meanwhile and 200 soon after, and loses nothing acknowledged', async () => {
    let backAt = Infinity;
    const seen: Answer[] = [];
    const okSince = (at: number) => seen.filter((a) => a.status === 200 && a.sentAt >= at).length;
    // The flood runs until calls sent after the database is back have succeeded, a few per guest.
    const flooding = flood(20, () => okSince(backAt) >= 40, seen);
    // Under way: every guest has had an answer before the restart.
    await vi.waitFor(() => expect(okSince(0)).toBeGreaterThanOrEqual(20), { timeout: 30_000, interval: 20 });
    await cluster.restart();
    backAt = performance.now();
    const answers = await flooding;

    expect(server.alive(), server.log()).toBe(true);
    expect(server.log()).not.toMatch(/Unhandled 'error' event/);
    // The restart's "terminating connection" (57P01) appears only as a handled warning, with its code and no query.
    const restartLines = server.log().split('\n').filter((line) => line.includes('57P01'));
    for (const line of restartLines) expect(line).toMatch(/"level":40,.*"msg":"database unavailable"/);
    // Every call got an answer, and only a success or "try again".
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 503]));
    for (const failed of answers.filter((a) => a.status === 503)) {
      expect(failed.message).toBe('The database is not reachable right now, please try again in a moment');
      expect(Number(failed.retryAfter)).toBeGreaterThan(0);
    }
    const firstOkAfter = answers.filter((a) => a.status === 200 && a.sentAt >= backAt).sort((a, b) => a.doneAt - b.doneAt)[0];
    expect(firstOkAfter, 'no call succeeded after the database came back').toBeDefined();
    const recoveryMs = firstOkAfter.doneAt - backAt;
    console.info(`restart: ${answers.length} calls, ${answers.filter((a) => a.status === 503).length} answered 503; first 200 ${Math.round(recoveryMs)} ms after the database was back`);
    expect(recoveryMs).toBeLessThan(5_000);

    const acknowledged = answers.filter((a) => a.status === 200).map((a) => a.id!);
    expect((await storedIds(acknowledged)).sort()).toEqual([...acknowledged].sort());
  });

  it('answers 503 in Arabic with Retry-After while PostgreSQL is down, and 200 once it is up', async () => {
    await cluster.down();
    try {
      const down = await addRequest('Guest down', 'ar');
      expect(down.status).toBe(503);
      expect(down.message).toBe('قاعدة البيانات غير متاحة الآن، يرجى المحاولة بعد قليل');
      expect(Number(down.retryAfter)).toBeGreaterThan(0);
      expect(server.alive()).toBe(true);
    } finally {
      await cluster.up();
    }
    const backAt = performance.now();
    let up: Answer;
    do up = await addRequest('Guest up');
    while (up.status !== 200 && performance.now() - backAt < 5_000);
    expect(up.status).toBe(200);
    expect(await storedIds([up.id!])).toEqual([up.id]);
  });
});
