import type { SecurityEventKind, SecurityEventsPage } from '@shared';
import type { AppContext } from '../../context';
import type { Principal } from '../../security/tokens';
import * as repo from './security-audit.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

export interface SecurityEventInput {
  kind: SecurityEventKind;
  email: string;
  userId?: number | null;
  actorId?: number | null;
  ip?: string;
}

/** Writes one event at the server clock's time. The e-mail is capped: a failed sign-in's is whatever was typed. */
export async function recordSecurityEvent(ctx: Ctx, event: SecurityEventInput, db: repo.DbLike = ctx.database.db): Promise<void> {
  await repo.insertSecurityEvent(db, {
    at: ctx.clock.now(),
    kind: event.kind,
    email: event.email.slice(0, 254),
    userId: event.userId ?? null,
    actorId: event.actorId ?? null,
    ip: (event.ip ?? '').slice(0, 64),
  });
}

/** The reader's page of the audit: an Admin's is the chain's, anyone else's their hotels' (securityEventScope). */
export async function listSecurityEvents(ctx: Ctx, reader: Pick<Principal, 'isAdmin' | 'hotelIds'>, page: number, pageSize: number): Promise<SecurityEventsPage> {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageOfSecurityEvents(db, repo.securityEventScope(db, reader), page, pageSize);
  return { items: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total };
}
