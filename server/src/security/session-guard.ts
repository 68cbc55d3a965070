import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Principal, TokenService } from './tokens';

/**
 * Whether an access token's session still stands: its user is active, the user's
 * session version is the one the token carries (raised by logout everywhere, a
 * password reset, a role or permission change), and its device session (the refresh
 * token family) was not ended by a logout. Checked on every authenticated call.
 *
 * Answers are kept in a small per-process cache (see `oneProcess` for which). Whatever
 * ends a session clears the user's entries here and, through NOTIFY, in every other
 * process; a short lifetime bounds staleness if a notification is ever lost (a dropped
 * LISTEN connection) or a row is changed straight in the database.
 */
const CHANNEL = 'hotel_sessions_changed';
const TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;
const EVERYONE = '*';

interface Entry {
  ok: boolean;
  at: number;
}

export class SessionGuard {
  /** userId → (sessionId|version → answer). */
  private readonly entries = new Map<number, Map<string, Entry>>();
  private size = 0;
  /** Bumped on every clear: a check that began before a clear must not store what it read. */
  private generation = 0;

  /** Tells open event streams that some users' sessions may have ended. */
  private readonly changes = new EventEmitter().setMaxListeners(0);

  /**
   * Whether every change is seen before the next call. On PGlite (one process, an
   * in-process bus) it is, so "still signed in" may be remembered. On PostgreSQL
   * another process's NOTIFY arrives a moment after its change answered, and under
   * load a call can overtake it (seen in the two-process test once verifying a token
   * got fast), so there only "signed out" is remembered and "still signed in" is read
   * on every call: one primary-key lookup.
   */
  private readonly oneProcess: boolean;

  /**
   * The read, as named prepared statements: it runs on every authenticated call on
   * PostgreSQL, which then parses and plans it once per connection instead of per call.
   * Behind a transaction pooler the statements are unnamed (parsed on each call): a named
   * one would be kept on a connection the next call may not get.
   * A token without a device session (issued before sessions had one) has no family to check.
   */
  private readonly statements;

  constructor(private readonly database: Database) {
    this.oneProcess = database.kind === 'pglite';
    const standing = sql`${users.isActive} and ${users.sessionVersion} = ${sql.placeholder('version')}`;
    const current = (ok: ReturnType<typeof sql<boolean>>, name: string) =>
      database.db.select({ ok }).from(users).where(eq(users.id, sql.placeholder('userId'))).prepare(database.namedStatements ? name : '');
    this.statements = {
      // "users"."id" spelled out: Drizzle writes a column of the only table in FROM unqualified,
      // and inside the subquery a bare "id" is the refresh token's.
      withDevice: current(
        sql<boolean>`(${standing} and exists (
          select 1 from refresh_tokens r where r.family_id = ${sql.placeholder('sid')}::uuid and r.user_id = "users"."id" and r.revoked_at is null))`,
        'session_guard_device',
      ),
      userOnly: current(sql<boolean>`(${standing})`, 'session_guard_user'),
    };
  }

  async start(): Promise<void> {
    // After a lost LISTEN connection any change may have been missed: forget everything.
    await this.database.listen(
      CHANNEL,
      (payload) => this.forget(payload),
      () => this.forget(EVERYONE),
    );
  }

  /**
   * Calls `listener` with the users whose sessions may have ended ('everyone' when
   * unknown); returns the function that stops listening. An open event stream uses
   * it to end at once when its user signs out, rather than at its token's expiry.
   */
  onChange(listener: (userIds: number[] | 'everyone') => void): () => void {
    this.changes.on('change', listener);
    return () => this.changes.off('change', listener);
  }

  async isCurrent(p: Principal): Promise<boolean> {
    const key = `${p.sessionId ?? ''}|${p.sessionVersion ?? 0}`;
    const hit = this.entries.get(p.userId)?.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.ok;
    const generation = this.generation;
    const ok = await this.read(p);
    // Only what a later call may trust is kept (see `oneProcess`).
    if (generation === this.generation && (!ok || this.oneProcess)) this.remember(p.userId, key, ok);
    return ok;
  }

  /** Ends the standing of cached answers for these users (or everyone) here and in every other process. */
  async changed(userIds: readonly number[] | 'everyone'): Promise<void> {
    const payload = userIds === 'everyone' ? EVERYONE : userIds.join(',');
    if (!payload) return;
    this.forget(payload);
    await this.database.notify(CHANNEL, payload).catch(() => undefined);
  }

  private async read(p: Principal): Promise<boolean> {
    const values = { userId: p.userId, version: p.sessionVersion ?? 0 };
    const rows = p.sessionId
      ? await this.statements.withDevice.execute({ ...values, sid: p.sessionId })
      : await this.statements.userOnly.execute(values);
    return rows[0]?.ok === true;
  }

  private remember(userId: number, key: string, ok: boolean): void {
    if (this.size >= MAX_ENTRIES) this.forget(EVERYONE);
    let forUser = this.entries.get(userId);
    if (!forUser) this.entries.set(userId, (forUser = new Map()));
    if (!forUser.has(key)) this.size++;
    forUser.set(key, { ok, at: Date.now() });
  }

  private forget(payload: string): void {
    this.generation++;
    if (payload === EVERYONE) {
      this.entries.clear();
      this.size = 0;
      this.changes.emit('change', 'everyone');
      return;
    }
    for (const id of payload.split(',')) {
      const forUser = this.entries.get(Number(id));
      if (!forUser) continue;
      this.size -= forUser.size;
      this.entries.delete(Number(id));
    }
    this.changes.emit('change', payload.split(',').map(Number));
  }
}

/** The caller behind an access token, or undefined when it is forged, expired or its session has ended. */
export async function currentPrincipal(ctx: { tokens: TokenService; sessions: SessionGuard }, token: string): Promise<Principal | undefined> {
  const principal = await ctx.tokens.verify(token);
  return principal && (await ctx.sessions.isCurrent(principal)) ? principal : undefined;
}
