import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../server/src/db/client';
import * as schema from '../../server/src/db/schema';

/** One statement as Drizzle sends it: the text with $n placeholders and its parameters as the driver gets them. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * A Drizzle on `pool` that records every statement it sends, for calling the server's
 * repository functions from a bench and reading (or replaying) the SQL they run.
 */
export function recordingDb(pool: pg.Pool): { db: Db; record: (run: () => Promise<unknown>) => Promise<Statement[]> } {
  let recorded: Statement[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => recorded.push({ sql, params }) } }) as unknown as Db;
  return {
    db,
    async record(run) {
      recorded = [];
      await run();
      return recorded;
    },
  };
}
