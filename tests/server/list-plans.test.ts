import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { rowsOf } from '../../server/src/db/client';
import { oldestOpenLines } from '../../server/src/modules/dashboard/dashboard.repository';
import { type Fixture, guestRequest, seedFixture } from '../support/fixtures';
import { type TestServer, startTestServer } from '../support/test-server';

/**
 * The lists stay as fast with a million requests as with ten thousand because some of
 * their questions are answered from partial indexes over the few open lines (bench/
 * list-plans.ts, docs/benchmarks.md "One million requests"). A partial index serves a
 * query only while the query's own condition implies the index's: a status added to
 * "open" on one side only would quietly bring back a walk over every line. With
 * sequential scans priced out, the planner shows which index can answer.
 */
describe('the plans of the bounded list questions', () => {
  let t: TestServer;
  let fx: Fixture;
  const db = () => t.server.app.ctx.database.db;
  const admin = { isAdmin: true, hotelIds: [], departmentIds: [] };

  const planOf = (query: SQLWrapper) =>
    db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain (costs off) ${query}`));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  beforeAll(async () => {
    t = await startTestServer();
    fx = await seedFixture(db());
    for (let i = 0; i < 3; i++) expect((await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels, fx.services.repair]) })).status).toBe(200);
    await db().execute(sql`analyze request_lines`);
  });
  afterAll(() => t.cleanup());

  it("Home's lines waiting longest are read in order from the open lines' index", async () => {
    const plan = await planOf(oldestOpenLines(db(), admin, 'en', 5));
    expect(plan).toContain('request_lines_open_created_idx');
    expect(plan).not.toMatch(/Seq Scan on request_lines|Sort Key: request_lines\.created_at/);
  });
});
