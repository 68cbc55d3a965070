import type { FastifyReply } from 'fastify';
import { keyMayHold } from '@shared';
import { canSeeHotelOrChain } from '../../../access/scope';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { AppError, unauthorized } from '../../../http/errors';
import type { Principal } from '../../../security/tokens';
import { hashMatches, keyIdOf } from './api-key-format';
import { apiKeyMessages as m } from './api-keys.messages';
import * as repo from './api-keys.repository';

/**
 * Turns `Authorization: Bearer hgs_live_…` into the caller, on every call. The key's
 * row and its creator's standing are read each time, so a revoke, a claim taken from the
 * creator or the creator switched off takes effect on the very next call in every
 * process: no cache to go stale.
 */
export class ApiKeyAuthenticator {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly ceiling: { perSecond: number; perMinute: number },
  ) {}

  /**
   * The key's principal; 401 for an unknown, malformed or revoked key or one whose creator
   * is switched off or no longer reaches its hotel, 429 past its rate.
   *
   * A key acts for its creator (as a fine-grained token does for its owner): it holds
   * only claims on the keys' allow-list that the creator still holds now. A claim that
   * left the allow-list is dropped from the stored key at this call.
   */
  async authenticate(key: string, reply: FastifyReply): Promise<Principal> {
    const { db } = this.database;
    const keyId = keyIdOf(key);
    const row = keyId ? await repo.liveKeyByKeyId(db, keyId) : undefined;
    if (!row || !hashMatches(key, row.secretHash)) throw unauthorized(m.keyInvalid);
    const creator = row.createdBy === null ? undefined : await repo.creatorStanding(db, row.createdBy);
    const reaches = creator?.isActive && canSeeHotelOrChain(creator, row.hotelId);
    if (!creator || !reaches) throw unauthorized(m.creatorGone);
    const allowed = row.claims.filter(keyMayHold);
    if (allowed.length !== row.claims.length) await repo.setKeyClaims(db, row.id, allowed);
    await this.limit(row, reply);
    await repo.touchApiKey(db, row.id, this.clock.now());
    return Object.freeze({
      userId: 0,
      name: row.name,
      email: '',
      claims: allowed.filter((claim) => creator.claims.has(claim)),
      // A key is never an Admin, whatever it reaches: what only an Admin may do is asked of a person.
      // A chain key reaches every hotel by naming them all; any key every department of its hotels.
      isAdmin: false,
      hotelIds: row.hotelId === null ? await repo.allHotelIds(db) : [row.hotelId],
      departmentIds: await repo.allDepartmentIds(db),
      apiKey: { id: row.id, name: row.name },
    });
  }

  /** The RateLimit headers tell the caller how it stands in its tighter window; past either limit, 429 with Retry-After. */
  private async limit(row: repo.ApiKeyRow, reply: FastifyReply): Promise<void> {
    const { second, minute } = await repo.countKeyCall(this.database.db, row.id);
    // The server's ceiling caps even a key made before the ceiling was lowered.
    const windows = [
      { limit: Math.min(row.perSecond, this.ceiling.perSecond), ...second, seconds: 1 },
      { limit: Math.min(row.perMinute, this.ceiling.perMinute), ...minute, seconds: 60 },
    ];
    const over = windows.filter((w) => w.count > w.limit);
    const shown = over.length
      ? over.reduce((a, b) => (b.resetSeconds > a.resetSeconds ? b : a))
      : windows.reduce((a, b) => (b.limit - b.count < a.limit - a.count ? b : a));
    const reset = Math.max(1, Math.ceil(shown.resetSeconds));
    reply.header('RateLimit-Policy', windows.map((w) => `${w.limit};w=${w.seconds}`).join(', '));
    reply.header('RateLimit-Limit', String(shown.limit));
    reply.header('RateLimit-Remaining', String(Math.max(0, shown.limit - shown.count)));
    reply.header('RateLimit-Reset', String(reset));
    if (over.length) {
      reply.header('Retry-After', String(reset));
      throw new AppError(429, m.rateLimited, { seconds: reset });
    }
  }
}
