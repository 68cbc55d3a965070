import { clientAddressKey } from '../../http/client-address';
import {
  type AddRequestInput,
  type AddRequestResponse,
  type Language,
  type MessageResponse,
  type RequestChannel,
  type RequestDetail,
  type ReviewInput,
  SCHEDULE_AHEAD_DAYS_MAX,
  dueTimesOf,
  instantToZonedTime,
  scheduleAlertAt,
  scheduleProblem,
  zonedTimeToInstant,
} from '@shared';
import { dialCodeOf, fitsNumberingPlan, phoneExample } from '@shared/phone-plan';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, type LocalizedFieldError, badRequest, conflict, notFound } from '../../http/errors';
import { common, fieldMessages } from '../../i18n/common.messages';
import { localize } from '../../i18n/localize';
import { isUuid, iso, toDetail } from './requests.mappers';
import { requestMessages as m } from './requests.messages';
import * as repo from './requests.repository';
import { messagesOfLines } from './messages.repository';
import { verifyRoomLink } from '../qr/room-link';
import { openRecovery } from '../reports/recovery.service';
import { announcing } from '../../live/announce';

/** The guest's side: submit, follow and review a request (no login). */

/** Requests per IP per window; 0 turns the limit off. */
const WINDOW_SECONDS = 600;

export async function addRequest(ctx: AppContext, input: AddRequestInput, ip: string, lang: Language, roomSignature?: string): Promise<AddRequestResponse> {
  const { config } = ctx;
  if (config.rateLimitsEnabled && config.requestRateLimit > 0) await ctx.rateLimiter.hit(`add-request:${clientAddressKey(ip)}`, config.requestRateLimit, WINDOW_SECONDS);
  const created = await fileRequest(ctx, { ...input, custName: input.custName.trim(), channel: 'guest' }, lang, {
    roomVerified: (place) => {
      const verified = verifyRoomLink(config.jwtSecret, input.hotelId, input.roomId, place.linkVersion, roomSignature);
      if (!verified && config.requireSignedRoomLinks) throw new AppError(403, m.roomLinkInvalid);
      return verified;
    },
    beforeInsert: (roomVerified) => hitRoomLimit(ctx, input, roomVerified),
  });
  return { message: localize(m.submitted, lang), id: created.id };
}

/** A request as any channel files it: the guest's page, or staff for a guest (name, phone, e-mail may then be empty). */
export interface FiledRequest {
  channel: RequestChannel;
  hotelId: number;
  roomId: number;
  custName: string;
  custEmail: string;
  custPhone: string;
  note: string;
  services: AddRequestInput['services'];
}

/**
 * The one way a request enters the hotel, whatever its channel: the room and services
 * are checked, each line's clock starts (a Special Request's too), the desk hears of it
 * (live event, chime, toast), workers' phones are offered it and webhooks report it (each a
 * listener of its announcement, stored with it); escalation then follows from the lines' due times. Channel-specific checks come in through `checks`.
 */
export async function fileRequest(
  ctx: AppContext,
  input: FiledRequest,
  lang: Language,
  checks: {
    roomVerified(place: repo.Place): boolean;
    beforeInsert?(roomVerified: boolean): Promise<void>;
    /** What the request's filing writes with it, in its transaction (a desk's tracking-link e-mail). */
    withRequest?(tx: DbOrTx, created: { id: string }): Promise<void>;
  },
): Promise<{ id: string; requestCode: string }> {
  const { config } = ctx;
  const db = ctx.database.db;
  const serviceIds = [...new Set(input.services.map((s) => s.serviceId))];
  const { place, services: found } = await repo.newRequestRead(db, input.hotelId, input.roomId, serviceIds);
  const roomVerified = checks.roomVerified(place);
  const problems: LocalizedFieldError[] = [];
  if (!place.hotelExists) problems.push({ field: 'hotelId', message: m.hotelMissing });
  if (place.roomHotelId !== input.hotelId) problems.push({ field: 'roomId', message: m.roomMissing });
  const byId = new Map(found.map((s) => [s.id, s]));
  input.services.forEach((s, i) => {
    if (!byId.has(s.serviceId)) problems.push({ field: `services.${i}.serviceId`, message: m.serviceMissing });
  });
  // SPEC's pattern (checked by the schema) is the floor; the number must also fit its country's plan.
  if (input.custPhone && !fitsNumberingPlan(input.custPhone)) {
    const code = dialCodeOf(input.custPhone)!.value;
    problems.push({ field: 'custPhone', message: m.phoneNotInPlan, params: { example: `${code} ${phoneExample(code) ?? ''}`.trim() } });
  }
  // A time asked for is the hotel's wall-clock time: today or a later day, never past, at most a month on.
  const now = ctx.clock.now();
  const timeZone = place.timeZone ?? config.hotelTimeZone;
  const scheduledFor = input.services.map((s) => (s.scheduledAt === undefined ? null : zonedTimeToInstant(s.scheduledAt, timeZone)));
  scheduledFor.forEach((at, i) => {
    if (!at) return;
    if (Number.isNaN(at.getTime())) {
      problems.push({ field: `services.${i}.scheduledAt`, message: fieldMessages.scheduledAtFormat });
      return;
    }
    const problem = scheduleProblem(at, now);
    if (problem === 'past')
      problems.push({ field: `services.${i}.scheduledAt`, message: m.scheduledInPast, params: { now: instantToZonedTime(now, timeZone).slice(11) } });
    else if (problem === 'tooFar') problems.push({ field: `services.${i}.scheduledAt`, message: m.scheduledTooFar, params: { days: SCHEDULE_AHEAD_DAYS_MAX } });
  });
  if (problems.length) throw badRequest(common.validation, {}, problems);
  await checks.beforeInsert?.(roomVerified);

  // The clock of each line starts now, a Special Request's too (shared/service-levels.ts);
  // a scheduled line's starts at its alert moment, when the scheduler fires it.
  const clockOfLine = (serviceId: number, i: number) => {
    const at = scheduledFor[i];
    if (at) return { scheduledFor: at, alertAt: scheduleAlertAt(at, byId.get(serviceId)!.scheduleLeadMinutes, config.sla.minuteMs) };
    return { clockStartedAt: now, ...dueTimesOf(now, byId.get(serviceId)!.targets, config.sla.minuteMs) };
  };
  const request: repo.NewRequest = {
    hotelId: input.hotelId,
    roomId: input.roomId,
    custName: input.custName,
    custEmail: input.custEmail,
    custPhone: input.custPhone,
    note: input.note,
    roomVerified,
    lang,
    channel: input.channel,
    roomNumber: place.roomNumber,
    hotelNames: place.hotelNames,
    lines: input.services.map((s, i) => {
      const service = byId.get(s.serviceId)!;
      return { serviceId: s.serviceId, note: s.note, departmentId: departmentOf(service), names: service, ...clockOfLine(s.serviceId, i) };
    }),
  };
  // Scheduled lines stay quiet: the desk and the phones hear of them when the scheduler fires them.
  const alertNow = input.services.filter((_, i) => !scheduledFor[i]);
  const departmentIds = [...new Set(alertNow.map((s) => departmentOf(byId.get(s.serviceId)!)))];
  // The request and what its announcement's listeners write (live event, webhook event, pushes) are stored together, or none is.
  return announcing(ctx, async (tx, announce) => {
    const created = await repo.insertRequest(tx, request);
    await checks.withRequest?.(tx, created);
    await announce({
      type: 'request.created',
      at: now,
      hotelId: input.hotelId,
      requestId: created.id,
      live: alertNow.length
        ? {
            type: 'request-created',
            requestId: created.id,
            requestCode: created.requestCode,
            hotelId: input.hotelId,
            departmentIds,
            statusName: 'Open',
            at: iso(created.createdAt),
            summary: newRequestSummary({ ...input, services: alertNow }, place.roomNumber ?? '', (id) => byId.get(id)!),
          }
        : undefined,
      // Phones are offered the open lines of departments whose workers take them: with none among the lines, nothing to look for.
      offersOpenLines:
        alertNow.length > 0 && input.services.some((s) => departmentOf(byId.get(s.serviceId)!) !== null && byId.get(s.serviceId)!.departmentTakesOpenLines),
    });
    return created;
  });
}

/** How many characters of the guest's note a toast shows. */
const NOTE_PREVIEW_CHARS = 60;
/** How many services a toast names ("and 3 more"), which keeps the event small. */
const SERVICES_NAMED = 3;

/** What a desk's toast names: room, hotel, the services, and the first words of the guest's note. */
function newRequestSummary(
  input: Pick<FiledRequest, 'note' | 'services'>,
  roomNumber: string,
  serviceOf: (id: number) => { nameEn: string; nameAr: string; hotelNameEn: string | null; hotelNameAr: string | null },
) {
  const first = serviceOf(input.services[0].serviceId);
  const note = [input.note, ...input.services.map((s) => s.note)].map((n) => n.trim().replace(/\s+/g, ' ')).find(Boolean) ?? '';
  const cut = note.length > NOTE_PREVIEW_CHARS ? `${note.slice(0, NOTE_PREVIEW_CHARS).replace(/\s+\S*$/, '')}…` : note;
  return {
    roomNumber,
    hotelNameEn: first.hotelNameEn ?? '',
    hotelNameAr: first.hotelNameAr ?? '',
    services: input.services.slice(0, SERVICES_NAMED).map((s) => ({ nameEn: serviceOf(s.serviceId).nameEn, nameAr: serviceOf(s.serviceId).nameAr })),
    serviceCount: input.services.length,
    notePreview: cut,
  };
}

export async function requestDetail(ctx: AppContext, id: string, lang: Language): Promise<RequestDetail> {
  const db = ctx.database.db;
  const header = isUuid(id) ? await repo.requestHeader(db, id, lang) : undefined;
  if (!header) throw notFound(m.requestNotFound);
  const lines = await repo.linesOfRequest(db, id, lang);
  // Replies only: an internal note never reaches a guest.
  return toDetail(header, lines, await messagesOfLines(db, lines.map((l) => l.id), 'guest'), ctx.clock.now());
}

export async function addReview(ctx: AppContext, input: ReviewInput, lang: Language): Promise<MessageResponse> {
  const db = ctx.database.db;
  if (!isUuid(input.id)) throw notFound(m.requestNotFound);
  const now = ctx.clock.now();
  // One conditional UPDATE: two reviews sent at once cannot both be stored.
  const saved = await announcing(ctx, async (tx, announce) => {
    const ref = await repo.saveReview(tx, input.id, input.feedback, input.rating, now);
    if (!ref) return false;
    await announce({
      type: 'review.added',
      at: now,
      ...ref,
      rating: input.rating,
      feedback: input.feedback,
      live: { type: 'review-added', requestId: ref.requestId, requestCode: ref.requestCode, hotelId: ref.hotelId, departmentIds: [], at: iso(now) },
    });
    // A low rating's follow-up and the duty managers' e-mails are stored with the review: none is lost with the process.
    const lowRating = await openRecovery(ctx, tx, input.id, input.rating);
    if (lowRating) await announce({ type: 'live', live: lowRating });
    return { lowRating, id: ref.requestId };
  });
  if (!saved) {
    const header = await repo.requestHeader(db, input.id, lang);
    if (!header) throw notFound(m.requestNotFound);
    if (header.rating !== null) throw conflict(m.alreadyReviewed);
    throw conflict(m.notCompletedYet);
  }
  // The duty managers' e-mails go now.
  if (saved.lowRating) ctx.outbound.nudge();
  return { message: localize(m.reviewAdded, lang), id: saved.id };
}

/**
 * One room cannot flood the desk either, from however many addresses. Only requests that
 * passed the room and signature checks count (refused ones would let anybody lock a room
 * out), and unsigned requests (accepted and marked when links are not required) have a
 * budget of their own, so they cannot use up the signed guest's.
 */
async function hitRoomLimit(ctx: AppContext, input: AddRequestInput, roomVerified: boolean): Promise<void> {
  const { config } = ctx;
  if (!config.rateLimitsEnabled || config.roomRequestRateLimit <= 0) return;
  const key = `add-request-room:${input.roomId}:${roomVerified ? 'signed' : 'unsigned'}`;
  await ctx.rateLimiter.hit(key, config.roomRequestRateLimit, WINDOW_SECONDS);
}

/** A Special Request waits for staff to choose its department (SPEC §4). */
function departmentOf(service: { isSpecial: boolean; departmentId: number | null }): number | null {
  return service.isSpecial ? null : service.departmentId;
}
