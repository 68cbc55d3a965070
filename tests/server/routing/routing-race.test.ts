import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { lineRoutingLog, requestLines, routingRules, workers } from '../../../server/src/db/schema';
import { type Fixture, guestRequest, seedFixture, serveHotels } from '../../support/fixtures';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';

/** No timers: the test plays the routing runs, all three processes at once. */
const ENV = { HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' };

/**
 * Routing across processes: three servers on one PostgreSQL database routing the same
 * department at the same moments, while guests keep filing lines.
 */
describe.runIf(testDbKind() === 'postgres')('routing across three servers', { timeout: 240_000 }, () => {
  const servers: TestServer[] = [];
  const dirs: string[] = [];
  let fx: Fixture;

  beforeAll(async () => {
    const first = await startTestServer({ env: ENV });
    servers.push(first);
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-route-'));
      dirs.push(dataDir);
      servers.push(await startTestServer({ reuse: { dataDir, databaseUrl: first.config.databaseUrl }, env: { ...ENV, HOTEL_JWT_SECRET: first.config.jwtSecret } }));
    }
    fx = await seedFixture(first.server.app.ctx.database.db);
  }, 240_000);
  afterAll(async () => {
    for (const s of servers.slice(1).reverse()) await s.close();
    await servers[0]?.cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('100 lines, three processes routing at once: each line is routed exactly once, loads stay level', async () => {
    const [a] = servers;
    const db = a.server.app.ctx.database.db;
    const crew = await db
      .insert(workers)
      .values([1, 2, 3, 4].map((n) => ({ workerCode: `ROUTE-${n}-${fx.companyId}`, name: `Router ${n}`, phoneNumber: '+966 55 000 0000', departmentId: fx.departments.maintenance, shiftOverride: 'on' as const })))
      .returning({ id: workers.id });
    await serveHotels(db, crew.map((w) => w.id), [fx.hotelA.id, fx.hotelB.id]);
    await db.update(workers).set({ shiftOverride: 'off' }).where(eq(workers.id, fx.workers.technician));
    await db.insert(routingRules).values({ hotelId: fx.hotelA.id, scope: 'department', scopeId: fx.departments.maintenance, maxOpenTasks: 100 });

    const lineIds: number[] = [];
    const runs: Promise<unknown>[] = [];
    while (lineIds.length < 100) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const added = await servers[i % 3].api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.repair]) });
          expect(added.status, JSON.stringify(added.body)).toBe(200);
          return (await a.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
        }),
      );
      lineIds.push(...batch);
      // Every process routes while the next lines are being filed.
      runs.push(...servers.map((s) => s.server.routing.runOnce(s.clock.now())));
    }
    await Promise.all(runs);
    // Until nothing is left: runs that found the department locked by another skipped it.
    for (let round = 0; round < 5; round++) await Promise.all(servers.map((s) => s.server.routing.runOnce(s.clock.now())));

    const rows = await db.select({ id: requestLines.id, workerId: requestLines.workerId, status: requestLines.status }).from(requestLines).where(inArray(requestLines.id, lineIds));
    expect(rows).toHaveLength(100);
    for (const row of rows) expect(row.status, `line ${row.id}`).toBe('Assigned');
    const log = await db.select().from(lineRoutingLog).where(inArray(lineRoutingLog.lineId, lineIds));
    const assigned = log.filter((l) => l.outcome === 'assigned');
    expect(assigned).toHaveLength(100);
    expect(new Set(assigned.map((l) => l.lineId)).size).toBe(100);
    for (const row of rows) expect(assigned.find((l) => l.lineId === row.id)?.workerId).toBe(row.workerId);
    // Never to the worker off shift; the loads of the four differ by at most one.
    const loads = crew.map((w) => rows.filter((r) => r.workerId === w.id).length);
    expect(loads.reduce((x, y) => x + y, 0)).toBe(100);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  });
});
