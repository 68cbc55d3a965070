import type { ApaleoSettings, ApaleoSettingsInput, ApaleoWebhookInput, Language, MessageResponse } from '@shared';
import { endpoints } from '@shared';
import type { AppContext } from '../../../context';
import { canSeeHotel } from '../../../access/scope';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors';
import { localize } from '../../../i18n/localize';
import type { Principal } from '../../../security/tokens';
import { accessOf } from '../../administration/roles.repository';
import { afterStayChange, applyStayChange } from '../stays/stays.service';
import * as stays from '../stays/stays.repository';
import { stayMessages } from '../stays/stays.messages';
import { ApaleoClient, ApaleoError } from './apaleo-client';
import { stayOutcome } from './apaleo-reservation';
import { apaleoMessages as m } from './apaleo.messages';
import * as repo from './apaleo.repository';

/** The reservation events that can change who is in which room (apaleo.dev/guides/webhook/configuration). */
const RESERVATION_TYPES = new Set(['checked-in', 'checked-out', 'unit-assigned', 'unit-unassigned', 'changed', 'amended']);

/** One apaleo client (and token cache) per running server. */
const clients = new WeakMap<AppContext, ApaleoClient>();
export function apaleoClientOf(ctx: AppContext): ApaleoClient {
  let client = clients.get(ctx);
  if (!client) clients.set(ctx, (client = new ApaleoClient(ctx.config.apaleo, ctx.clock)));
  return client;
}

/**
 * apaleo's webhook. It is not signed, so it is only a hint of which reservation changed:
 * the reservation is read from apaleo with the hotel's own credentials and its state
 * applied with the stay rules every PMS follows. A forged notification can at most make
 * the server read apaleo's truth again. Refusals change nothing; when apaleo cannot be
 * read the answer is 5xx, so apaleo sends the notification again later.
 */
export async function takeApaleoWebhook(ctx: AppContext, input: ApaleoWebhookInput, lang: Language): Promise<MessageResponse> {
  // The health check apaleo sends when a subscription is made must get a 2xx, as must events this adapter does not use.
  if (input.topic.toLowerCase() !== 'reservation' || !RESERVATION_TYPES.has(input.type)) return { message: localize(m.nothingToDo, lang) };
  const { db } = ctx.database;
  const propertyId = input.propertyId ?? '';
  const settings = propertyId ? await repo.settingsByProperty(db, propertyId) : undefined;
  if (!settings) throw new AppError(404, m.unknownProperty, { propertyId: propertyId.slice(0, 50) });
  const secret = settings.clientSecretEnc ? ctx.box.open(settings.clientSecretEnc) : undefined;
  if (!settings.enabled || !secret || !settings.clientId) throw conflict(m.disabled);
  const reservationId = input.data?.entityId;
  if (!reservationId) throw badRequest(m.noReservation);
  // apaleo's notification ids share the replay table with signed stay events, in their own namespace.
  const eventId = `apaleo:${input.id}`;
  if (await stays.eventTaken(db, settings.hotelId, eventId)) return { message: localize(m.alreadyTaken, lang, { eventId: input.id }) };

  // The webhook is open to anyone: what it may make the server ask of apaleo (on the hotel's own API quota) is bounded.
  await ctx.rateLimiter.hit(`apaleo:reads:${settings.hotelId}`, ctx.config.apaleo.readsPerMinute, 60);
  const reservation = await apaleoClientOf(ctx)
    .reservation(settings.hotelId, { clientId: settings.clientId, clientSecret: secret }, reservationId)
    .catch((error: unknown) => {
      throw refusalOf(error, reservationId);
    });
  if (reservation.property.id !== settings.propertyId || reservation.id !== reservationId) throw badRequest(m.otherProperty, { reservationId });

  const now = ctx.clock.now();
  let changed = false;
  let checkedOut: number | undefined;
  try {
    await db.transaction(async (tx) => {
      const outcome = stayOutcome(reservation, await stays.stayOpen(tx, settings.hotelId, reservation.id));
      if (outcome.kind === 'no-unit') throw badRequest(m.unitMissing, { reservationId });
      if (outcome.kind === 'nothing') {
        // Taken all the same: the same notification sent again is answered without reading apaleo.
        if (!(await stays.takeEventId(tx, settings.hotelId, eventId, now))) throw conflict(stayMessages.replayed, { eventId });
        return;
      }
      checkedOut = await applyStayChange(ctx, tx, settings.hotelId, eventId, outcome.change, now);
      changed = true;
    });
  } catch (error) {
    // Two copies of one notification at once: the second finds the id taken.
    if (error instanceof AppError && error.text === stayMessages.replayed) return { message: localize(m.alreadyTaken, lang, { eventId: input.id }) };
    throw error;
  }
  afterStayChange(ctx, checkedOut);
  return { message: localize(changed ? m.taken : m.nothingToDo, lang) };
}

function refusalOf(error: unknown, reservationId: string): AppError {
  if (!(error instanceof ApaleoError)) return new AppError(503, m.unreachable);
  switch (error.reason) {
    case 'not-found':
      return new AppError(404, m.reservationNotFound, { reservationId });
    case 'credentials':
      return new AppError(502, m.credentialsRefused);
    case 'bad-answer':
      return new AppError(502, m.badAnswer);
    default:
      return new AppError(503, m.unreachable);
  }
}

async function checkHotel(ctx: AppContext, user: Principal, hotelId: number): Promise<void> {
  const { db } = ctx.database;
  const access = await accessOf(db, user.userId);
  if (!canSeeHotel(access, hotelId)) throw new AppError(403, stayMessages.hotelNotFound);
  if (!(await stays.hotelExists(db, hotelId))) throw notFound(stayMessages.hotelNotFound);
}

function view(ctx: AppContext, hotelId: number, row: repo.ApaleoSettingsRow | undefined): ApaleoSettings {
  return {
    hotelId,
    enabled: row?.enabled ?? false,
    propertyId: row?.propertyId ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: Boolean(row?.clientSecretEnc),
    webhookUrl: `${ctx.config.publicUrl}${endpoints.apaleoWebhook.path}`,
  };
}

export async function apaleoSettings(ctx: AppContext, user: Principal, hotelId: number): Promise<ApaleoSettings> {
  await checkHotel(ctx, user, hotelId);
  return view(ctx, hotelId, await repo.settingsOf(ctx.database.db, hotelId));
}

/** Saves a hotel's apaleo settings; the secret is kept unless a new one is given. On only when complete. */
export async function saveApaleoSettings(ctx: AppContext, user: Principal, input: ApaleoSettingsInput, lang: Language): Promise<{ message: string; settings: ApaleoSettings }> {
  await checkHotel(ctx, user, input.hotelId);
  const { db } = ctx.database;
  const before = await repo.settingsOf(db, input.hotelId);
  const newSecret = input.clientSecret?.trim() ? input.clientSecret.trim() : undefined;
  const hasSecret = Boolean(newSecret ?? before?.clientSecretEnc);
  if (input.enabled && (!input.propertyId || !input.clientId || !hasSecret)) throw badRequest(m.incomplete);
  if (input.propertyId && (await repo.propertyTakenByOther(db, input.propertyId, input.hotelId))) throw conflict(m.propertyTaken, { propertyId: input.propertyId });
  await repo.saveSettings(db, {
    hotelId: input.hotelId,
    enabled: input.enabled,
    propertyId: input.propertyId,
    clientId: input.clientId,
    updatedAt: ctx.clock.now(),
    ...(newSecret ? { clientSecretEnc: ctx.box.seal(newSecret) } : {}),
  });
  apaleoClientOf(ctx).forget(input.hotelId);
  return { message: localize(m.saved, lang), settings: view(ctx, input.hotelId, await repo.settingsOf(db, input.hotelId)) };
}
