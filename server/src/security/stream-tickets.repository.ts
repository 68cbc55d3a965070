import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { streamTickets, workStreamTickets } from '../db/schema';
import type { DevicePrincipal } from './device-tokens';
import { type Principal, hashToken, newOpaqueToken } from './tokens';

/** A ticket is 43 characters of base64url; anything much longer is not one (checked before hashing). */
const MAX_TICKET_LENGTH = 100;

/**
 * Issues a single-use ticket that opens one event stream for `principal` within
 * `ttlMs`; the stream may last until `streamUntil`. Expired tickets are swept here.
 */
export async function issueStreamTicket(db: DbOrTx, principal: Principal, streamUntil: Date, ttlMs: number, now: Date): Promise<string> {
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, now));
  const { token, hash } = newOpaqueToken();
  await db.insert(streamTickets).values({
    tokenHash: hash,
    userId: principal.userId,
    principal,
    streamUntil,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** The ticket's principal and stream end, once: the row is deleted as it is read. Undefined when unknown, used or expired. */
export async function redeemStreamTicket(db: DbOrTx, ticket: string, now: Date): Promise<{ principal: Principal; streamUntil: number } | undefined> {
  if (!ticket || ticket.length > MAX_TICKET_LENGTH) return undefined;
  const [row] = await db
    .delete(streamTickets)
    .where(and(eq(streamTickets.tokenHash, hashToken(ticket)), gt(streamTickets.expiresAt, now)))
    .returning();
  return row ? { principal: row.principal as Principal, streamUntil: row.streamUntil.getTime() } : undefined;
}

/** The same for a worker's phone: the ticket opens that device's stream (its worker's tasks). */
export async function issueDeviceStreamTicket(db: DbOrTx, device: DevicePrincipal, streamUntil: Date, ttlMs: number): Promise<string> {
  const now = new Date();
  await db.delete(workStreamTickets).where(lt(workStreamTickets.expiresAt, now));
  const { token, hash } = newOpaqueToken();
  await db.insert(workStreamTickets).values({ tokenHash: hash, deviceId: device.deviceId, workerId: device.workerId, streamUntil, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

export async function redeemDeviceStreamTicket(db: DbOrTx, ticket: string): Promise<{ device: DevicePrincipal; streamUntil: number } | undefined> {
  if (!ticket || ticket.length > MAX_TICKET_LENGTH) return undefined;
  const [row] = await db
    .delete(workStreamTickets)
    .where(and(eq(workStreamTickets.tokenHash, hashToken(ticket)), gt(workStreamTickets.expiresAt, new Date())))
    .returning();
  return row ? { device: { deviceId: row.deviceId, workerId: row.workerId }, streamUntil: row.streamUntil.getTime() } : undefined;
}
