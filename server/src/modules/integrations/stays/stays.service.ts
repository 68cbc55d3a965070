import { randomBytes } from 'node:crypto';
import { type GuestRoomStay, type Language, type MessageResponse, STAY_EVENT_TOLERANCE_SECONDS, type StayEventInput } from '@shared';
import type { AppContext } from '../../../context';
import { canSeeHotel } from '../../../access/scope';
import type { Tx } from '../../../db/client';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../../http/errors';
import { localize } from '../../../i18n/localize';
import type { Principal } from '../../../security/tokens';
import { accessOf } from '../../administration/roles.repository';
import { signatureMatches, timestampFresh } from './stay-signature';
import { stayMessages as m } from './stays.messages';
import * as repo from './stays.repository';
import { placeOf } from '../../qr/place.repository';
import { verifyRoomLink } from '../../qr/room-link';
import { enqueueStayReviewMail } from './stay-mail';
import { firstNameOf } from './first-name';

export interface SignedBody {
  raw: string;
  timestamp?: string;
  signature?: string;
}

/**
 * One stay event from the hotel's PMS. Checked in this order, each refusal changing
 * nothing: the hotel's secret signs the exact body, the timestamp is fresh (±5 min),
 * the event id is new, the room exists. The event id is stored in the same transaction
 * as the change, so a refused event leaves no id behind and a taken one is never taken twice.
 */
export async function takeStayEvent(ctx: AppContext, input: StayEventInput, signed: SignedBody, lang: Language): Promise<MessageResponse> {
  const { db } = ctx.database;
  const sealed = await repo.sealedSecretOf(db, input.hotelId);
  const secret = sealed ? ctx.box.open(sealed) : undefined;
  const now = ctx.clock.now();
  if (!timestampFresh(signed.timestamp, now, STAY_EVENT_TOLERANCE_SECONDS)) throw unauthorized(withParams(m.oldTimestamp));
  if (!secret || !signatureMatches(secret, signed.timestamp!, signed.raw, signed.signature)) throw unauthorized(m.badSignature);
  const checkedOut = await db.transaction((tx) => applyStayChange(ctx, tx, input.hotelId, input.eventId, input, now));
  afterStayChange(ctx, checkedOut);
  return { message: localize(m.taken, lang) };
}

/** One change to a stay, as any PMS adapter gives it (the signed stay event is one). */
export type StayChange = Pick<StayEventInput, 'type' | 'stayId' | 'roomNumber' | 'guest' | 'arrival' | 'departure'>;

/**
 * The rules every PMS's stay change follows, in the caller's transaction: the event id is
 * new (kept with the change, so a refused change leaves no id behind and a taken one is
 * never taken twice); check-in and room move name a room the hotel has; a move or
 * check-out needs the stay open.
 */
export async function applyStayChange(ctx: AppContext, tx: Tx, hotelId: number, eventId: string, change: StayChange, now: Date): Promise<number | undefined> {
  if (!(await repo.takeEventId(tx, hotelId, eventId, now))) throw conflict(m.replayed, { eventId });
  const roomId = change.type === 'check-out' ? undefined : await repo.roomIdOf(tx, hotelId, change.roomNumber);
  if (change.type !== 'check-out' && roomId === undefined) throw badRequest(m.unknownRoom, { room: change.roomNumber });
  const details = { guestName: change.guest.name.trim(), language: change.guest.language, email: change.guest.email, arrival: change.arrival, departure: change.departure };
  if (change.type === 'check-in') {
    await repo.checkIn(tx, { hotelId, externalId: change.stayId, roomId: roomId!, checkedInAt: now, ...details });
    return undefined;
  }
  const stayId =
    change.type === 'room-move'
      ? await repo.updateOpenStay(tx, hotelId, change.stayId, { roomId: roomId!, ...details })
      : await repo.checkOutOpenStay(tx, hotelId, change.stayId, now);
  if (stayId === undefined) throw badRequest(m.unknownStay, { stayId: change.stayId });
  if (change.type !== 'check-out') return undefined;
  // A check-out's review e-mail is written with it (on the outbound queue, keyed by the stay): a stay
  // re-opened (a late check-in event) and checked out again keeps the e-mail it had: one per stay.
  await enqueueStayReviewMail(ctx, tx, stayId);
  return stayId;
}

/**
 * After the change's commit: a check-out's review e-mail is on the outbound queue from the commit
 * on; this only sends it sooner (the PMS does not wait on the mail server: a slow one must not make
 * it time out and send the check-out again). Never called (the process stopped first), the next
 * pass of any process sends it.
 */
export function afterStayChange(ctx: AppContext, checkedOutStayId: number | undefined): void {
  if (checkedOutStayId !== undefined) ctx.outbound.nudge();
}

/** The timestamp message names the tolerance in minutes. */
function withParams(text: typeof m.oldTimestamp) {
  const minutes = String(STAY_EVENT_TOLERANCE_SECONDS / 60);
  return { en: text.en.replace('{minutes}', minutes), ar: text.ar.replace('{minutes}', minutes) };
}

/** A new secret for the hotel's PMS; the previous one stops working at once. Shown in this answer only. */
export async function newStaySecret(ctx: AppContext, user: Principal, hotelId: number, lang: Language): Promise<{ message: string; secret: string }> {
  const { db } = ctx.database;
  const access = await accessOf(db, user.userId);
  if (!canSeeHotel(access, hotelId)) throw new AppError(403, m.hotelNotFound);
  if (!(await repo.hotelExists(db, hotelId))) throw notFound(m.hotelNotFound);
  const secret = `hgs_stay_${randomBytes(32).toString('base64url')}`;
  await repo.saveSecret(db, hotelId, ctx.box.seal(secret), ctx.clock.now());
  return { message: localize(m.secretCreated, lang), secret };
}

/**
 * The guest form, opened from a room's signed QR link, asks who is staying there: the first
 * name only (to pre-fill the form and greet) and the stay's language. The page is public and
 * room ids are small numbers, so without the room's valid signature the answer is always
 * "no stay": nobody can walk the room ids to list the hotel's guests.
 */
export async function guestRoomStay(ctx: AppContext, hotelId: number, roomId: number, signature: string | undefined): Promise<GuestRoomStay> {
  const { db } = ctx.database;
  const place = await placeOf(db, hotelId, roomId);
  if (place.roomHotelId !== hotelId || !verifyRoomLink(ctx.config.jwtSecret, hotelId, roomId, place.linkVersion, signature)) return { stay: null };
  const open = await repo.openStayOfRoom(db, hotelId, roomId);
  if (!open || !firstNameOf(open.guestName)) return { stay: null };
  const firstName = firstNameOf(open.guestName);
  const language = open.language.trim().toLowerCase().slice(0, 2);
  return { stay: { firstName, language: language === 'en' || language === 'ar' ? language : null } };
}
