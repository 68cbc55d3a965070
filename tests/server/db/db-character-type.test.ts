import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../../server/src/db/client';
import { createPgDatabase, testDbKind } from '../../support/test-server';

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
    const opened = await warningsWhile(async () => openDatabase({ databaseUrl: await createPgDatabase({ ctype: 'C' }), dataDir: dataDir() }));
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
