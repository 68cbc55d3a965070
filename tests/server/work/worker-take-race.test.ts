import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { departments, requestLines, workers } from '../../../server/src/db/schema';
import { type Fixture, createStaffUser, guestRequest, seedFixture, serveHotels, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';

/**
 * Take across processes: three servers on one PostgreSQL database (as a chain runs them
 * behind a load balancer), each worker's phone talking to its own server, all racing
 * for the same 100 pool lines.
 */
describe.runIf(testDbKind() === 'postgres')('taking a pool line across three servers', { timeout: 240_000 }, () => {
  const servers: TestServer[] = [];
  const dirs: string[] = [];
  let fx: Fixture;

  beforeAll(async () => {
    const first = await startTestServer({ env: { HOTEL_RATE_LIMITS: 'off', HOTEL_PAIR_RATE_LIMIT: '1000' } });
    servers.push(first);
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-take-'));
      dirs.push(dataDir);
      servers.push(
        await startTestServer({
          reuse: { dataDir, databaseUrl: first.config.databaseUrl },
          env: { HOTEL_RATE_LIMITS: 'off', HOTEL_PAIR_RATE_LIMIT: '1000', HOTEL_JWT_SECRET: first.config.jwtSecret },
        }),
      );
    }
    fx = await seedFixture(first.server.app.ctx.database.db);
  }, 240_000);
  afterAll(async () => {
    for (const s of servers.slice(1).reverse()) await s.close();
    await servers[0]?.cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('100 lines, three workers on three servers: each line is taken exactly once', async () => {
    const [a] = servers;
    const db = a.server.app.ctx.database.db;
    await db.update(departments).set({ workersTakeOpenLines: true }).where(eq(departments.id, fx.departments.maintenance));
    const crew = await db
      .insert(workers)
      .values([1, 2, 3].map((n) => ({ workerCode: `RACE-${n}-${fx.companyId}`, name: `Racer ${n}`, phoneNumber: '+966 55 000 0000', departmentId: fx.departments.maintenance })))
      .returning({ id: workers.id });
    await serveHotels(db, crew.map((w) => w.id), [fx.hotelA.id, fx.hotelB.id]);
    const supervisor = await tokenFor(a.server.app.ctx.tokens, await createStaffUser(db, { claims: ['Basic Data.Worker.Pair'], hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.maintenance] }));
    // Each phone pairs with, and then talks to, its own server.
    const phones = await Promise.all(
      crew.map(async (w, i) => {
        const code = await servers[i].api.call(endpoints.workerPairingCode, { token: supervisor, params: { workerId: w.id } });
        const paired = await servers[i].api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: `Phone ${i}` } });
        expect(paired.status, JSON.stringify(paired.body)).toBe(200);
        return { workerId: w.id, token: paired.body.accessToken as string, server: servers[i] };
      }),
    );

    const lineIds: number[] = [];
    while (lineIds.length < 100) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const added = await servers[i % 3].api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.repair]) });
          expect(added.status, JSON.stringify(added.body)).toBe(200);
          return (await a.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
        }),
      );
      lineIds.push(...batch);
    }
    expect(new Set(lineIds).size).toBe(100);

    // Every phone tries every line, each in its own order, ten taps in flight at a time.
    const wins = new Map<number, number[]>();
    await Promise.all(
      phones.map(async (phone, p) => {
        const order = p === 0 ? lineIds : p === 1 ? [...lineIds].reverse() : [...lineIds.slice(50), ...lineIds.slice(0, 50)];
        for (let i = 0; i < order.length; i += 10) {
          await Promise.all(
            order.slice(i, i + 10).map(async (lineId) => {
              const res = await phone.server.api.call(endpoints.workTake, { token: phone.token, params: { lineId }, body: {} });
              expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
              if (res.status === 200) wins.set(lineId, [...(wins.get(lineId) ?? []), phone.workerId]);
            }),
          );
        }
      }),
    );

    expect(wins.size).toBe(100);
    for (const lineId of lineIds) expect(wins.get(lineId), `line ${lineId}`).toHaveLength(1);
    const rows = await db.select({ id: requestLines.id, workerId: requestLines.workerId, status: requestLines.status }).from(requestLines).where(inArray(requestLines.id, lineIds));
    for (const row of rows) expect(row).toMatchObject({ status: 'Assigned', workerId: wins.get(row.id)![0] });
    // Each server answered some wins: the race really ran across the three.
    expect(new Set([...wins.values()].map((w) => w[0])).size).toBe(3);
  });
});
