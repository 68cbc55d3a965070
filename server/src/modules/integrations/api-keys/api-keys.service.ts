import type { ApiKey, ApiKeyInput, CreatedApiKey, Language, MessageResponse } from '@shared';
import { canSeeHotelOrChain } from '../../../access/scope';
import type { AppContext } from '../../../context';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors';
import { localize } from '../../../i18n/localize';
import type { Principal } from '../../../security/tokens';
import { accessOf } from '../../administration/roles.repository';
import { newApiKey } from './api-key-format';
import { apiKeyMessages as m } from './api-keys.messages';
import * as repo from './api-keys.repository';
import { keyRefusal } from './api-keys.rules';

type Row = Awaited<ReturnType<typeof repo.listApiKeys>>[number];
const toApiKey = (r: Row): ApiKey => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

/**
 * A hotel's keys are the business of that hotel's users; the chain's keys, of Admins (as
 * webhooks: canSeeHotelOrChain). Asked of the person as they are now, not of their (older) token.
 */
const accessNow = (ctx: AppContext, user: Principal) => accessOf(ctx.database.db, user.userId);

export async function listKeys(ctx: AppContext, user: Principal, lang: Language): Promise<ApiKey[]> {
  return (await repo.listApiKeys(ctx.database.db, lang, undefined, await accessNow(ctx, user))).map(toApiKey);
}

export async function createKey(ctx: AppContext, user: Principal, input: ApiKeyInput, lang: Language): Promise<CreatedApiKey> {
  const { db } = ctx.database;
  // What the creator holds now, not what their (older) token says.
  const creator = await accessOf(db, user.userId);
  const claims = [...new Set(input.claims)].sort();
  const refusal = keyRefusal(creator, { hotelId: input.hotelId, claims });
  if (refusal) throw new AppError(403, refusal.text, refusal.params);
  const ceiling = ctx.config.apiKeyRateCeiling;
  if (input.perSecond > ceiling.perSecond || input.perMinute > ceiling.perMinute) {
    const params = { perSecond: String(ceiling.perSecond), perMinute: String(ceiling.perMinute) };
    const field = input.perSecond > ceiling.perSecond ? 'perSecond' : 'perMinute';
    throw badRequest(m.rateAboveCeiling, params, [{ field, message: m.rateAboveCeiling, params }]);
  }
  if (input.hotelId !== null && !(await repo.hotelExists(db, input.hotelId))) throw badRequest(m.hotelNotHeld);
  const { key, keyId, hash } = newApiKey();
  const id = await repo.insertApiKey(db, {
    keyId,
    name: input.name.trim(),
    hotelId: input.hotelId,
    claims,
    secretHash: hash,
    perSecond: input.perSecond,
    perMinute: input.perMinute,
    createdBy: user.userId,
    createdAt: ctx.clock.now(),
  });
  const [row] = await repo.listApiKeys(db, lang, id);
  return { message: localize(m.created, lang), id, key, apiKey: toApiKey(row) };
}

export async function revokeKey(ctx: AppContext, user: Principal, id: number, lang: Language): Promise<MessageResponse> {
  const { db } = ctx.database;
  const row = await repo.findApiKey(db, id);
  // Another hotel's key, or the chain's for a non-Admin, is not found (nothing tells it exists).
  if (!row || !canSeeHotelOrChain(await accessNow(ctx, user), row.hotelId)) throw notFound(m.notFound);
  if (!(await repo.revokeApiKey(db, id, user.userId, ctx.clock.now()))) throw conflict(m.alreadyRevoked);
  return { message: localize(m.revoked, lang), id };
}
