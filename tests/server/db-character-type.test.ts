import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../server/src/db/client';
import { createPgDatabase, testDbKind } from '../support/test-server';

/** A database made the way `initdb --no-locale` makes them: character type C. */
async function createCTypeDatabase(): Promise<string> {
  const base = inject('pgUrl')!;
  const name = `t_c_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create database ${name} template template0 lc_ctype 'C'`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const warningsWhile = async (open: () => Promise<Database>): Promise<{ database: Database; codes: string[] }> => {
  const codes: string[] = [];
  const listener = (warning: Error & { code?: string }) => codes.push(warning.code ?? '');
  process.on('warning', listener);
  try {
    const database = await open();
    await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    return { database, codes };
  } finally {
    process.off('warning', listener);
  }
};

describe.skipIf(testDbKind() !== 'postgres')("the database's character type and Arabic search", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'ctype-'));

  it('warns at start when the database is C: Arabic words would get no trigrams', async () => {
    const opened = await warningsWhile(async () => openDatabase({ databaseUrl: await createCTypeDatabase(), dataDir: dataDir() }));
    database = opened.database;
    expect(opened.codes).toContain('HOTEL_DB_CTYPE');
    const [row] = rowsOf<{ trigrams: string[] }>(await database.db.execute(sql`select show_trgm('فندق') as trigrams`));
    expect(row.trigrams).toEqual([]);
  });

  it('is quiet on a UTF-8 database, where an Arabic word has trigrams for the index', async () => {
    const opened = await warningsWhile(async () => openDatabase({ databaseUrl: await createPgDatabase(), dataDir: dataDir() }));
    database = opened.database;
    expect(opened.codes).not.toContain('HOTEL_DB_CTYPE');
    const [row] = rowsOf<{ trigrams: string[] }>(await database.db.execute(sql`select show_trgm('فندق') as trigrams`));
    expect(row.trigrams.length).toBeGreaterThan(0);
  });
});
