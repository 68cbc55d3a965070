/**
 * Which server test files run on which database engine.
 *
 * Every file runs on PostgreSQL, the chain's database. The application branches on the engine in one
 * place (the connection: PGlite's worker thread and data folder lock, PostgreSQL's pool and LISTEN/NOTIFY),
 * so running the whole suite on PGlite too proved the same code twice at three times the cost. On PGlite
 * run only the files below: what PGlite does differently, the SQL whose engines differ most (PGlite is
 * PostgreSQL 18 in WebAssembly, CI's cluster is PostgreSQL 15), and one smoke file that walks every server
 * module once on the one-PC database. tests/COVERAGE.md says the same, per file.
 */
export const PGLITE_FILES = [
  // PGlite's own: the worker thread, the data folder and its lock, backup/restore, the one-PC start, memory.
  'db/pglite-worker',
  'db/pglite-memory',
  'db/data-lock',
  'db/backup',
  'platform/first-start',
  'platform/production-start',
  'db/disk-full',
  // The browser tests' shared server, put back between specs (PGlite only, as every browser test's server).
  'platform/test-reset',
  // Where the engine itself answers: the in-process event bus (no LISTEN/NOTIFY), one process's session
  // guard, routines, SQL clock functions, trigram and Arabic search, the demo history's bulk writes.
  'live/events',
  'account/session-revocation',
  'db/db-routines',
  'service-levels/service-level-clock-sql',
  'requests/request-search-text',
  'requests/service-search-words',
  'access/arabic-names',
  'platform/demo-history',
  'platform/hardening',
  // The outbound queue's lease (UPDATE … FROM a SELECT … FOR UPDATE SKIP LOCKED) and its retries: the one-PC
  // product's low-rating and reset e-mails go through it too.
  'outbound/outbound-retry',
  // The smoke of the one-PC product: one server walks every module once over HTTP (each module's own
  // file proves it in full on PostgreSQL; tests/engines/pglite-statements.test.ts has PGlite parse and
  // type every statement that run sent).
  'db/pglite-smoke',
] as const;

export const pgliteFiles = PGLITE_FILES.map((name) => `tests/server/${name}.test.ts`);
