import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS, openDatabase } from '../../server/src/db/client';

/**
 * The server suite runs on PostgreSQL; only what PGlite does differently runs on PGlite too
 * (tests/server/engines.ts). This closes the gap: every distinct statement the server sent to
 * PostgreSQL during that run (server/src/db/statement-log.ts) is parsed and typed by PGlite against
 * the same migrated schema (Parse and Describe: functions, operators, types and syntax resolved,
 * nothing executed). `npm test` runs it after Vitest with the run's log (HOTEL_TEST_SQL_CHECK).
 */
const LOG = process.env.HOTEL_TEST_SQL_CHECK ?? '';

function recordedStatements(): string[] {
  const statements = new Set<string>();
  for (const file of readdirSync(LOG).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of readFileSync(path.join(LOG, file), 'utf8').split('\n')) if (line) statements.add(JSON.parse(line) as string);
  }
  return [...statements];
}

describe('every statement of the PostgreSQL run on PGlite', () => {
  let dir: string;
  let db: PGlite;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hotel-statements-'));
    // Migrated as the server migrates it, then opened directly: describeQuery is PGlite's own call.
    await (await openDatabase({ dataDir: dir })).close();
    db = await PGlite.create(path.join(dir, 'pglite'), PGLITE_OPTIONS);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('parses and types each one', { timeout: 300_000 }, async () => {
    const recorded = recordedStatements();
    // A test may make a table of its own through the server's handle (a trigger's witness): statements
    // naming what the run itself created are not the schema's, and PGlite's schema has no such table.
    const made = recorded.flatMap((q) => [.../\bcreate (?:temp(?:orary)? )?table (?:if not exists )?"?(\w+)"?/i.exec(q) ?? []].slice(1));
    const statements = recorded.filter((q) => !made.some((name) => new RegExp(`\\b${name}\\b`).test(q)));
    // The server suite sends well over a thousand distinct statements: a short log is a run that recorded nothing.
    expect(statements.length, `statements recorded in ${LOG}`).toBeGreaterThan(500);
    const refused: string[] = [];
    for (const statement of statements) {
      try {
        await db.describeQuery(statement);
      } catch (error) {
        refused.push(`${(error as Error).message}: ${statement.slice(0, 300)}`);
      }
    }
    console.log(`PGlite parsed and typed ${statements.length - refused.length} of ${statements.length} statements of the PostgreSQL run`);
    expect(refused).toEqual([]);
  });
});
