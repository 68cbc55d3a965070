import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The database's functions and triggers, one file per object in routines/ (`<name>.function.sql`,
 * `<name>.trigger.sql`), each a single CREATE OR REPLACE statement. The migrations made them
 * and changed them over time; to know what a trigger does today, read its file, not the last
 * migration that redefined it.
 *
 * Applied after the migrations on every start, but only where the database differs from the
 * file (a migration, or a hand, changed it): an unchanged install takes no lock on its tables
 * (CREATE OR REPLACE TRIGGER locks the table against writes while it runs). So each file is
 * written as PostgreSQL prints the object back (pg_get_functiondef, pg_get_triggerdef), without
 * the schema name; tests/server/db/db-routines.test.ts holds every file to that.
 */
export const ROUTINES_DIR = path.resolve(import.meta.dirname, 'routines');

export interface Routine {
  name: string;
  kind: 'function' | 'trigger';
  sql: string;
}

/** Reads every routine file; functions first, since the triggers name them. */
export function readRoutines(dir = ROUTINES_DIR): Routine[] {
  const routines = readdirSync(dir)
    .map((file) => /^([a-z_]+)\.(function|trigger)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([file, name, kind]) => ({ name, kind: kind as Routine['kind'], sql: readFileSync(path.join(dir, file), 'utf8') }));
  return routines.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'function' ? -1 : 1));
}

interface Client {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A routine's statement without its comments and final semicolon. */
export const routineStatement = (sql: string) => sql.replace(/^--.*\n/gm, '').trim().replace(/;$/, '');

/** Every function and trigger of the database (not an extension's), as CREATE OR REPLACE text: name → text. */
export async function routineDefinitions(client: Client): Promise<Map<string, string>> {
  const { rows } = await client.query(
    `select p.proname as name, pg_get_functiondef(p.oid) as def
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
      where n.nspname = current_schema() and d.objid is null
     union all
     select t.tgname, replace(pg_get_triggerdef(t.oid), 'CREATE TRIGGER', 'CREATE OR REPLACE TRIGGER')
       from pg_trigger t where not t.tgisinternal`,
  );
  return new Map((rows as { name: string; def: string }[]).map((r) => [r.name, r.def.replaceAll(' public.', ' ').trim()]));
}

/**
 * Brings every routine to its file's definition. Returns the names it (re)applied. Runs
 * where the migrations run: under PostgreSQL's migration lock, so two starting processes
 * never apply at once.
 */
export async function applyRoutines(client: Client, routines = readRoutines()): Promise<string[]> {
  const current = await routineDefinitions(client);
  const applied: string[] = [];
  for (const routine of routines) {
    if (current.get(routine.name) === routineStatement(routine.sql)) continue;
    await client.query(routine.sql);
    applied.push(routine.name);
  }
  return applied;
}
