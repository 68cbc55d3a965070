import { randomBytes } from 'node:crypto';
import type { Language, MessageResponse, WebhookCreated, WebhookDeliveriesPage, WebhookEventType, WebhookSubscription, WebhookSubscriptionInput } from '@shared';
import { inLanguage } from '../../../access/names';
import { canSeeHotelOrChain } from '../../../access/scope';
import type { AppContext } from '../../../context';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { localize } from '../../../i18n/localize';
import type { Principal } from '../../../security/tokens';
import { addressProblem, urlProblem } from './targets';
import { webhookMessages as m } from './webhooks.messages';
import * as repo from './webhooks.repository';

/** Managing subscriptions: who may see and change which, the secret shown once, the delivery log. */

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A Standard Webhooks secret: whsec_ and 32 random bytes in base64. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

async function ownSubscription(ctx: AppContext, user: Principal, id: number) {
  const row = await repo.subscriptionById(ctx.database.db, id);
  if (!row || !canSeeHotelOrChain(user, row.hotelId)) throw notFound(m.notFound);
  return row;
}

export async function listWebhooks(ctx: AppContext, user: Principal, lang: Language): Promise<WebhookSubscription[]> {
  const rows = await repo.listSubscriptions(ctx.database.db, user);
  return rows.map(({ hotelNameAr, hotelName, ...row }) => ({
    ...row,
    eventTypes: row.eventTypes as WebhookEventType[],
    hotelName: inLanguage(lang, { en: hotelName, ar: hotelNameAr || hotelName }) ?? null,
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function addWebhook(ctx: AppContext, user: Principal, input: WebhookSubscriptionInput, lang: Language): Promise<WebhookCreated> {
  const rules = ctx.config.webhooks;
  const problem = urlProblem(input.url, rules) ?? (await addressProblem(input.url, rules));
  if (problem) throw badRequest(problem, {}, [{ field: 'url', message: problem }]);
  if (input.hotelId === null && !user.isAdmin) throw badRequest(m.chainNeedsAdmin, {}, [{ field: 'hotelId', message: m.chainNeedsAdmin }]);
  if (input.hotelId !== null && (!canSeeHotelOrChain(user, input.hotelId) || !(await repo.hotelExists(ctx.database.db, input.hotelId))))
    throw badRequest(m.hotelNotFound, {}, [{ field: 'hotelId', message: m.hotelNotFound }]);
  const secret = newSecret();
  const id = await repo.insertSubscription(ctx.database.db, {
    url: input.url,
    eventTypes: [...new Set(input.eventTypes)],
    hotelId: input.hotelId,
    includeInternalNotes: input.includeInternalNotes,
    secretEnc: ctx.box.seal(secret),
    createdBy: user.userId,
    at: ctx.clock.now(),
  });
  return { message: localize(m.created, lang), id, secret };
}

export async function setWebhookEnabled(ctx: AppContext, user: Principal, id: number, enabled: boolean, lang: Language): Promise<MessageResponse> {
  await ownSubscription(ctx, user, id);
  await repo.setEnabled(ctx.database.db, id, enabled, ctx.clock.now());
  if (enabled) ctx.webhooks.nudge();
  return { message: localize(m.saved, lang), id };
}

export async function removeWebhook(ctx: AppContext, user: Principal, id: number, lang: Language): Promise<MessageResponse> {
  await ownSubscription(ctx, user, id);
  await repo.deleteSubscription(ctx.database.db, id);
  return { message: localize(m.removed, lang), id };
}

export async function webhookDeliveries(ctx: AppContext, user: Principal, id: number, page: number, pageSize: number): Promise<WebhookDeliveriesPage> {
  await ownSubscription(ctx, user, id);
  const { items, total } = await repo.deliveriesOf(ctx.database.db, id, page, pageSize);
  return {
    total,
    items: items.map((d) => ({
      ...d,
      eventType: d.eventType as WebhookEventType,
      createdAt: d.createdAt.toISOString(),
      lastAttemptAt: iso(d.lastAttemptAt),
      nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
      deliveredAt: iso(d.deliveredAt),
    })),
  };
}

export async function resendDelivery(ctx: AppContext, user: Principal, id: number, deliveryId: number, lang: Language): Promise<MessageResponse> {
  await ownSubscription(ctx, user, id);
  const done = await repo.resendDelivery(ctx.database.db, id, deliveryId, ctx.clock.now());
  if (done === 'missing') throw notFound(m.deliveryNotFound);
  if (done === 'pending') throw conflict(m.deliveryPending);
  ctx.webhooks.nudge();
  return { message: localize(m.resent, lang), id: deliveryId };
}
