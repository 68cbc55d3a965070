import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/** What a migration needs of a connection: PostgreSQL's pg.Client and the PGlite worker both answer it. */
export interface MigrationClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Where the start says what it does: the server's logger (pino), or nothing. */
export interface MigrationLog {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
}

/** Drizzle's own bookkeeping: the same schema, table and rows as its migrator writes. */
const BOOKKEEPING = '"drizzle"."__drizzle_migrations"';

/**
 * Drizzle's migrator (drizzle-orm's pg dialect `migrate`), with a log: the journal's
 * migrations newer than the last one recorded run in one transaction, each recorded in
 * `drizzle.__drizzle_migrations` with its hash and journal time as Drizzle does. When
 * there are any, the start says once "upgrading, do not stop" (a stop rolls the whole
 * upgrade back, and the next start begins it again), then each migration as it starts and
 * ends, with its tag and how long it took: an upgrade that takes minutes shows it is working.
 */
export async function runMigrations(
  client: MigrationClient,
  inTransaction: (work: (tx: MigrationClient) => Promise<void>) => Promise<void>,
  folder: string,
  log?: MigrationLog,
): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const tagOf = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));

  await client.query('CREATE SCHEMA IF NOT EXISTS "drizzle"', []);
  await client.query(`CREATE TABLE IF NOT EXISTS ${BOOKKEEPING} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`, []);
  const { rows } = await client.query(`select id, hash, created_at from ${BOOKKEEPING} order by created_at desc limit 1`, []);
  const last = rows[0] as { created_at: string | number } | undefined;
  const pending = migrations.filter((m) => !last || Number(last.created_at) < m.folderMillis);
  if (pending.length === 0) return;

  const from = last ? (tagOf.get(Number(last.created_at)) ?? null) : null;
  const to = tagOf.get(pending[pending.length - 1].folderMillis);
  log?.warn({ from, to, migrations: pending.length }, 'upgrading, do not stop');
  const started = performance.now();
  await inTransaction(async (tx) => {
    for (const migration of pending) {
      const tag = tagOf.get(migration.folderMillis);
      log?.info({ tag }, 'migration started');
      const at = performance.now();
      for (const statement of migration.sql) await tx.query(statement, []);
      await tx.query(`insert into ${BOOKKEEPING} ("hash", "created_at") values ($1, $2)`, [migration.hash, migration.folderMillis]);
      log?.info({ tag, ms: Math.round(performance.now() - at) }, 'migration finished');
    }
  });
  log?.info({ to, migrations: pending.length, ms: Math.round(performance.now() - started) }, 'upgrade done');
}
