import type { FastifyReply } from 'fastify';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { AppError, unauthorized } from '../../../http/errors';
import type { Principal } from '../../../security/tokens';
import { hashMatches, keyIdOf } from './api-key-format';
import { apiKeyMessages as m } from './api-keys.messages';
import * as repo from './api-keys.repository';

/**
 * Turns `Authorization: Bearer hgs_live_…` into the caller, on every call. The key's
 * row is read each time (one unique-index lookup), so a revoke takes effect on the
 * very next call in every process: no cache to go stale.
 */
export class ApiKeyAuthenticator {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** The key's principal; 401 for an unknown, malformed or revoked key, 429 past its rate. */
  async authenticate(key: string, reply: FastifyReply): Promise<Principal> {
    const { db } = this.database;
    const keyId = keyIdOf(key);
    const row = keyId ? await repo.liveKeyByKeyId(db, keyId) : undefined;
    if (!row || !hashMatches(key, row.secretHash)) throw unauthorized(m.keyInvalid);
    await this.limit(row, reply);
    await repo.touchApiKey(db, row.id, this.clock.now());
    return Object.freeze({
      userId: 0,
      name: row.name,
      email: '',
      claims: row.claims,
      // A chain key reaches every hotel, as an Admin does; a hotel key every department of its hotel.
      isAdmin: row.hotelId === null,
      hotelIds: row.hotelId === null ? [] : [row.hotelId],
      departmentIds: row.hotelId === null ? [] : await repo.allDepartmentIds(db),
      apiKey: { id: row.id, name: row.name },
    });
  }

  /** The RateLimit headers tell the caller how it stands in its tighter window; past either limit, 429 with Retry-After. */
  private async limit(row: repo.ApiKeyRow, reply: FastifyReply): Promise<void> {
    const { second, minute } = await repo.countKeyCall(this.database.db, row.id);
    const windows = [
      { limit: row.perSecond, ...second, seconds: 1 },
      { limit: row.perMinute, ...minute, seconds: 60 },
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
