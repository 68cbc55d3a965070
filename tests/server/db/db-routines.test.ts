import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { endpoints } from '@shared';
import { rowsOf } from '../../../server/src/db/client';
import { applyRoutines, readRoutines, routineDefinitions, routineStatement } from '../../../server/src/db/routines';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * The database's functions and triggers live one per file in server/src/db/routines and
 * are brought to those files on every start: a reader finds what a trigger does today in
 * one place, and the database cannot drift from it.
 */
describe('database routines, one file per object', () => {
  let t: TestServer;
  let fx: Fixture;
  const db = () => t.server.app.ctx.database.db;
  const routines = readRoutines();
  const client = { query: async (text: string) => ({ rows: rowsOf(await db().execute(sql.raw(text))) }) };
  const definitions = () => routineDefinitions(client);

  beforeAll(async () => {
    t = await startTestServer();
    fx = await seedFixture(db());
  });
  afterAll(() => t.cleanup());

  it('every function and trigger of the database has exactly one file, and every file names one', async () => {
    const inDatabase = [...(await definitions()).keys()].sort();
    expect(routines.map((r) => r.name).sort()).toEqual(inDatabase);
    expect(inDatabase).toContain('hotel_request_search_text');
    expect(inDatabase).toContain('requests_search_before');
  });

  it('each object in the database is exactly its file', async () => {
    const current = await definitions();
    for (const routine of routines) expect(current.get(routine.name), routine.name).toBe(routineStatement(routine.sql));
  });

  it('a start with nothing changed applies nothing (no lock on the tables)', async () => {
    expect(await applyRoutines(client)).toEqual([]);
  });

  it('a routine changed behind the server is brought back to its file at the next start, and searches use it', async () => {
    await db().execute(sql.raw(`CREATE OR REPLACE FUNCTION hotel_request_code(seq bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'XX-' || seq $$`));
    await t.close();
    t = await startTestServer({ reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl }, clock: t.clock });
    const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    expect(res.status).toBe(200);
    const [row] = rowsOf<{ code: string; search: string }>(
      await db().execute(sql`select request_code as code, search_text as search from requests where id = ${res.body.id}`),
    );
    expect(row.code).toMatch(/^RQ-\d{6}$/);
    expect(row.search.startsWith(row.code)).toBe(true);
    expect((await definitions()).get('hotel_request_code')).toBe(routineStatement(routines.find((r) => r.name === 'hotel_request_code')!.sql));
  });
});
