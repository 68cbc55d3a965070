import type { DbOrTx } from './client';

/**
 * A query whose SQL is built once per database (or transaction) instead of on every call:
 * Drizzle's query building costs more CPU than sending the query. Prepare it unnamed
 * (`.prepare('')`): a named statement would be kept on a connection a pooler may not give back.
 */
export function builtOnce<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
