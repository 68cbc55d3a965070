import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from './client';

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

/** Renders SQL to text and parameters; the schema has no casing rules, so any dialect renders it alike. */
const dialect = new PgDialect();

/**
 * A raw statement (`sql` with `sql.placeholder(name)` for what changes per call) built once,
 * like builtOnce, for the statements the query builder cannot say (several reads folded into
 * one, an insert of a request with its lines). Its rows come as the driver gives them
 * (snake_case names, no mapping), unnamed like builtOnce's.
 */
export function sqlBuiltOnce<Row>(statement: () => SQL): (db: DbOrTx) => { execute(values: Record<string, unknown>): Promise<Row[]> } {
  let text: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return builtOnce((db) => {
    text ??= dialect.sqlToQuery(statement());
    const prepared = db._.session.prepareQuery(text, undefined, '', false);
    return { execute: async (values) => rowsOf<Row>(await prepared.execute(values)) };
  });
}

/** Shapes kept per database before the oldest are forgotten (a list has a few dozen in use). */
const MAX_SHAPES = 256;

/**
 * Like builtOnce, for a statement whose text depends on a few choices (which filters a list
 * has, its sort and language): one is built per shape, with `sql.placeholder` for every
 * value, and run with each call's values. `shape` must hold everything the text depends on
 * and nothing else (JSON-comparable).
 */
export function builtPerShape<S, Q>(build: (db: DbOrTx, shape: S) => Q): (db: DbOrTx, shape: S) => Q {
  const built = new WeakMap<DbOrTx, Map<string, Q>>();
  return (db, shape) => {
    let byShape = built.get(db);
    if (!byShape) built.set(db, (byShape = new Map()));
    const key = JSON.stringify(shape);
    let query = byShape.get(key);
    if (!query) {
      if (byShape.size >= MAX_SHAPES) byShape.delete(byShape.keys().next().value as string);
      byShape.set(key, (query = build(db, shape)));
    }
    return query;
  };
}
