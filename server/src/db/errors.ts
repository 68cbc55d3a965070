/**
 * What the database's errors say, read safely. Drizzle wraps the driver's error in one whose
 * message is the whole query with its bound parameters (a guest's name, e-mail, phone and
 * notes on an insert): such text must never reach a log.
 */

type ErrorLike = { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; stack?: unknown };

/** The error and its causes, outermost first. */
function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e = error as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as ErrorLike | undefined, depth++) chain.push(e);
  return chain;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The SQLSTATE of a database error (PostgreSQL's or PGlite's), looked for through the causes. */
export function databaseCode(error: unknown): string | undefined {
  const found = chainOf(error).find((e) => typeof e.code === 'string' && SQLSTATE.test(e.code));
  return found?.code as string | undefined;
}

/**
 * Whether a write failed because the disk is full: PostgreSQL's class 53 "insufficient
 * resources" (53100 disk_full first; 53300, too many connections, is an outage and answered
 * as such before this is asked), or ENOSPC from the file system PGlite writes to.
 */
export function isStorageFull(error: unknown): boolean {
  return chainOf(error).some((e) => e.code === 'ENOSPC' || (typeof e.code === 'string' && /^53[0-9A-Z]{3}$/.test(e.code)) || (typeof e.message === 'string' && /no space left on device/i.test(e.message)));
}

/**
 * An error as it may be logged: a database error becomes its code and the database's own
 * message, without the query, its parameters or the row's details; any other error keeps
 * its message and stack.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const chain = chainOf(error);
  const fromDatabase = chain.find((e) => typeof e.code === 'string' && SQLSTATE.test(e.code));
  const queryWrapper = chain.some((e) => 'params' in e || 'query' in e);
  if (fromDatabase || queryWrapper) {
    const inner = fromDatabase ?? chain[chain.length - 1];
    return { type: String(inner.name ?? 'Error'), code: inner.code, message: inner === chain[0] && queryWrapper ? 'database query failed' : String(inner.message ?? '') };
  }
  const [outer] = chain;
  if (!outer) return { message: String(error) };
  return { type: String(outer.name ?? 'Error'), message: String(outer.message ?? ''), ...(typeof outer.code === 'string' ? { code: outer.code } : {}), stack: outer.stack };
}
