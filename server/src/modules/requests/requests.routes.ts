import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import {
  type GuestStreamEvents,
  ROOM_SIGNATURE_HEADER,
  type StaffStreamEvents,
  StreamSignal,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  endpoints,
  guestProjection,
} from '@shared';
import { AppError, forbidden, notFound } from '../../http/errors';
import { issueStreamTicket } from '../../security/stream-tickets.repository';
import { route } from '../../http/route';
import { isUuid } from './requests.mappers';
import { requestMessages as m } from './requests.messages';
import { requestHeader } from './requests.repository';
import * as guest from './requests.service';
import { canHearEvent, isOwnEvent, mayHearEvents } from '../../access/scope';
import { guestStreamAllowed, streamHub, streamMessages } from '../../live/stream-hub';
import * as conversation from './conversation.service';
import * as desk from './desk.service';
import * as guestMessages from './guest-messages.service';
import * as staff from './staff.service';
import * as workflow from './workflow.service';

/** A page's total (and whether the count stopped at its cap) in the list headers. */
function totalHeaders(reply: FastifyReply, page: staff.Page<unknown>): void {
  if (page.total === undefined) return;
  reply.header(TOTAL_COUNT_HEADER, page.total);
  if (page.totalCapped) reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
}

export default async function requestsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // ── Guest (no login) ──
  route(app, endpoints.addRequest, ({ body, lang, request }) => {
    const signature = request.headers[ROOM_SIGNATURE_HEADER];
    return guest.addRequest(ctx, body, request.ip, lang, typeof signature === 'string' ? signature : undefined);
  });
  route(app, endpoints.userRequestDetails, ({ params, lang }) => guest.requestDetail(ctx, params.id, lang));
  route(app, endpoints.addReview, ({ body, lang }) => guest.addReview(ctx, body, lang));
  route(app, endpoints.addGuestMessage, ({ body, lang, request }) => guestMessages.addGuestMessage(ctx, body, request.ip, lang));

  // ── Staff ──
  route(app, endpoints.createRequestForGuest, ({ user, body, lang }) => desk.createForGuest(ctx, user, body, lang));
  route(app, endpoints.allRequests, async ({ user, query, lang, reply }) => {
    const page = await staff.requestList(ctx, user, query, lang);
    totalHeaders(reply, page);
    return page.rows;
  });
  route(app, endpoints.requestDetails, ({ user, params, lang }) => staff.staffRequestDetails(ctx, user, params.id, lang));
  route(app, endpoints.allServicesRequest, async ({ user, query, lang, reply }) => {
    const page = await staff.serviceList(ctx, user, query, lang);
    totalHeaders(reply, page);
    return page.rows;
  });
  route(app, endpoints.serviceDetails, ({ user, params, query, lang }) => staff.staffServiceDetails(ctx, user, params.id, lang, query.read === 'true'));
  route(app, endpoints.serviceAssignmentDetails, ({ user, params, lang }) => staff.assignmentHistory(ctx, user, params.id, lang));
  route(app, endpoints.updateServiceRequestStatus, ({ user, body, lang }) => workflow.updateStatus(ctx, user, body, lang));
  route(app, endpoints.addServiceMessage, ({ user, body, lang }) => conversation.addMessage(ctx, user, body, lang));
  route(app, endpoints.acknowledgeService, ({ user, body, lang }) => workflow.acknowledge(ctx, user, body, lang));
  route(app, endpoints.assignServiceToDepartment, ({ user, body, lang }) => workflow.assignDepartment(ctx, user, body, lang));

  // ── Live events (server-sent events) ──
  const streams = streamHub(app);
  const resync = () => ({ at: ctx.clock.now().toISOString() });

  route(app, endpoints.staffEvents, async ({ user, reply, request, lang }) => {
    if (!mayHearEvents(user)) throw forbidden();
    const stream = streams.open<StaffStreamEvents>(reply, { address: request.ip, userId: user.userId }, lang);
    if (!stream) return reply;
    // A stream lives no longer than its token: then the client comes back with a
    // fresh one and is checked again (a disabled user stops hearing events).
    const expiry = request.authUntil ?? tokenExpiry(request);
    if (expiry) stream.endAt(expiry);
    // A logout, a password reset or a change of rights ends the stream at once.
    stream.onEnd(
      ctx.sessions.onChange((userIds) => {
        if (userIds !== 'everyone' && !userIds.includes(user.userId)) return;
        void ctx.sessions.isCurrent(user).then(
          (current) => current || stream.endAt(ctx.clock.now().getTime()),
          () => undefined,
        );
      }),
    );
    stream.onEnd(
      ctx.events.subscribe(
        (event) => canHearEvent(user, event) && stream.send(event.type, { ...event, mine: isOwnEvent(user, event) }),
        () => stream.send(StreamSignal.resync, resync()),
      ),
    );
    return reply;
  });

  route(app, endpoints.eventsTicket, async ({ user, request }) => {
    if (!mayHearEvents(user)) throw forbidden();
    const ttlMs = ctx.config.streams.ticketTtlMs;
    const until = new Date(tokenExpiry(request) ?? ctx.clock.now().getTime() + ctx.config.accessTokenTtlSeconds * 1000);
    return { ticket: await issueStreamTicket(ctx.database.db, user, until, ttlMs, ctx.clock.now()), expiresInSeconds: ttlMs / 1000 };
  });

  route(app, endpoints.guestEvents, async ({ params, reply, request, lang }) => {
    const owner = { address: request.ip, requestId: params.id };
    if (streams.refused(reply, owner, lang)) return reply;
    // Checked before the stream opens, so an unknown id is an ordinary 404.
    const header = isUuid(params.id) ? await requestHeader(ctx.database.db, params.id, 'en') : undefined;
    if (!header) throw notFound(m.requestNotFound);
    if (!guestStreamAllowed(header, ctx.config.streams.finishedRequestMs, ctx.clock.now().getTime())) throw new AppError(410, streamMessages.requestFinished);
    const stream = streams.open<GuestStreamEvents>(reply, owner, lang);
    if (!stream) return reply;
    stream.onEnd(
      ctx.events.subscribe(
        // An internal note or an escalation is staff business: the guest does not even hear of one.
        (event) => {
          const seen = guestProjection(event, params.id);
          if (seen) stream.send(seen.type, seen);
        },
        () => stream.send(StreamSignal.resync, resync()),
      ),
    );
    return reply;
  });
}

/** When the caller's access token (in the header) expires (ms); it was verified before the handler ran. */
function tokenExpiry(request: FastifyRequest): number | undefined {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  try {
    const exp = token ? decodeJwt(token).exp : undefined;
    return exp ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
