import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { rowsOf } from '../../../server/src/db/client';
import { requests } from '../../../server/src/db/schema';
import { oldestOpenLines } from '../../../server/src/modules/dashboard/dashboard.repository';
import { searchIn } from '../../../server/src/modules/requests/lists.repository';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

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
    for (const custName of ['Guest 12345', 'Guest 123456', 'Host 12345']) {
      const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels, fx.services.repair], { custName }) });
      expect(added.status).toBe(200);
    }
    await db().execute(sql`analyze request_lines`);
  });
  afterAll(() => t.cleanup());

  it("Home's lines waiting longest are read in order from the open lines' index", async () => {
    const plan = await planOf(oldestOpenLines(db(), admin, 'en', 5));
    expect(plan).toContain('request_lines_open_created_idx');
    expect(plan).not.toMatch(/Seq Scan on request_lines|Sort Key: request_lines\.created_at/);
  });

  it("a search of several words asks the trigram index for its number (else its longest word) and checks the whole text on those rows", async () => {
    const matching = db().select({ name: requests.custName }).from(requests).where(searchIn(requests.searchText, 'guest 12345')).orderBy(requests.custName);
    expect((await matching).map((r) => r.name)).toEqual(['Guest 12345', 'Guest 123456']);
    const plan = await planOf(matching);
    expect(plan).toMatch(/Index Cond: \(search_text ~~\* '%12345%'::text\)/);
    expect(plan).toMatch(/Filter: \(\(search_text \|\| ''::text\) ~~\* '%guest 12345%'::text\)/);
  });

  it('a search of a name and a shorter number asks the index for the number, which fewer rows hold than the name', async () => {
    const plan = await planOf(db().select({ id: requests.id }).from(requests).where(searchIn(requests.searchText, 'guest 4242')));
    expect(plan).toMatch(/Index Cond: \(search_text ~~\* '%4242%'::text\)/);
    expect(plan).toMatch(/Filter: \(\(search_text \|\| ''::text\) ~~\* '%guest 4242%'::text\)/);
  });

  it('a search of one word, or of words too short for a trigram, asks the index for the whole text', async () => {
    for (const text of ['12345', 'ab 12']) {
      const plan = await planOf(db().select({ id: requests.id }).from(requests).where(searchIn(requests.searchText, text)));
      expect(plan).toContain(`Index Cond: (search_text ~~* '%${text}%'::text)`);
      expect(plan).not.toContain('Filter');
    }
  });
});
