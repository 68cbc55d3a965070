import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';

/** Statements already written by this process (every database it opens shares the list). */
const written = new Set<string>();

/**
 * Tests only (NODE_ENV=test and HOTEL_TEST_SQL_LOG naming a folder): every distinct statement the
 * server sends to PostgreSQL through Drizzle, one JSON string a line in `<folder>/<pid>.jsonl`. The
 * suite runs on PostgreSQL only; afterwards tests/engines/pglite-statements.test.ts has PGlite parse
 * and type every one of them, so a statement PGlite (PostgreSQL 18 in WebAssembly) would refuse cannot
 * hide in a file that runs on PostgreSQL alone.
 */
export function statementLog(env: NodeJS.ProcessEnv = process.env): Logger | undefined {
  const dir = env.NODE_ENV === 'test' ? env.HOTEL_TEST_SQL_LOG : undefined;
  if (!dir) return undefined;
  const file = path.join(dir, `${process.pid}.jsonl`);
  return {
    logQuery(query) {
      if (written.has(query)) return;
      written.add(query);
      appendFileSync(file, `${JSON.stringify(query)}\n`);
    },
  };
}
