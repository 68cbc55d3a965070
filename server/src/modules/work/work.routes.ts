import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@shared';
import { decodeJwt } from 'jose';
import { badRequest } from '../../http/errors';
import { readMultipart, registerMultipart } from '../../http/multipart';
import { route } from '../../http/route';
import { common } from '../../i18n/common.messages';
import * as pairing from './pairing.service';
import * as photos from './photos.service';
import * as push from './push.service';
import { issueDeviceStreamTicket } from '../../security/stream-tickets.repository';
import * as work from './tasks.service';
import { ownShift, setOwnShift } from '../routing/routing.service';
import { addToLineHistory } from '../requests/line-history';
import { attachedPhotoIds } from './photos.repository';
import { openWorkStream, watchDeviceChanges } from './work-events';

const KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/** The tap's own key: the Idempotency-Key header, else the body's clientActionId. */
function actionKey(request: FastifyRequest, body: { clientActionId?: string }): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return body.clientActionId;
  if (typeof header !== 'string' || !KEY.test(header)) throw badRequest(common.validation);
  return header;
}

/** When the phone's access token (in the header, verified before the handler) expires (ms). */
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

export default async function workRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.decorate('deviceStanding', (device) => pairing.standing(ctx, device));
  addToLineHistory('photoIds', (c, lineId) => attachedPhotoIds(c.database.db, lineId));

  // ── Supervisors ──
  route(app, endpoints.workerPairingCode, ({ user, params }) => pairing.createPairingCode(ctx, user, params.workerId));
  route(app, endpoints.workerDevices, ({ user, params }) => pairing.listDevices(ctx, user, params.workerId));
  route(app, endpoints.revokeWorkerDevice, ({ user, params, lang }) => pairing.revokeDevice(ctx, user, params.workerId, params.deviceId, lang));
  route(app, endpoints.setWorkerPin, ({ user, params, body, lang }) => pairing.setPin(ctx, user, params.workerId, body.pin, lang));

  // ── The phone ──
  route(app, endpoints.workPair, ({ body, request }) => pairing.pair(ctx, body, request.ip));
  route(app, endpoints.workRefresh, ({ body }) => pairing.refresh(ctx, body.deviceCredential));
  route(app, endpoints.workUnlock, ({ device, body }) => pairing.unlock(ctx, device, body.pin));
  route(app, endpoints.workTasks, ({ device, lang }) => work.tasks(ctx, device, lang));
  route(app, endpoints.workPool, ({ device, lang }) => work.pool(ctx, device, lang));
  // The "On shift" switch: routing gives new tasks only to workers on shift.
  route(app, endpoints.workShift, ({ device }) => ownShift(ctx, device));
  route(app, endpoints.setWorkShift, ({ device, body }) => setOwnShift(ctx, device, body.onShift));
  route(app, endpoints.workPushKey, () => push.publicKey(ctx));
  route(app, endpoints.workPushSubscribe, async ({ device, body, lang, request, reply }) => {
    await push.subscribe(ctx, device, body, push.subscriberLang(lang, request.headers['accept-language']));
    return reply.code(204).send();
  });
  route(app, endpoints.workPushUnsubscribe, async ({ device, reply }) => {
    await push.unsubscribe(ctx, device);
    return reply.code(204).send();
  });
  await registerMultipart(app, photos.PHOTO_LIMITS);
  route(app, endpoints.workPhoto, async ({ device, params, request }) => photos.upload(ctx, device, params.lineId, await readMultipart(request, photos.PHOTO_LIMITS)));
  route(app, endpoints.linePhoto, async ({ user, params, reply }) => {
    const photo = await photos.forStaff(ctx, user, params.id);
    return reply.header('Content-Type', photo.contentType).header('Cache-Control', 'private, max-age=3600').header('X-Content-Type-Options', 'nosniff').send(photo.bytes);
  });

  // ── The phone's live events (server-sent events) ──
  const deviceChanges = await watchDeviceChanges(app);
  route(app, endpoints.workStreamTicket, async ({ device, request }) => {
    const ttlMs = ctx.config.streams.ticketTtlMs;
    const until = new Date(tokenExpiry(request) ?? Date.now() + ctx.deviceTokens.ttlSeconds * 1000);
    return { ticket: await issueDeviceStreamTicket(ctx.database.db, device, until, ttlMs), expiresInSeconds: ttlMs / 1000 };
  });
  route(app, endpoints.workEvents, ({ device, reply, request, lang }) =>
    openWorkStream(app, deviceChanges, device, reply, request.ip, request.authUntil ?? tokenExpiry(request), lang),
  );

  const actions = [
    [endpoints.workAccept, 'accept'],
    [endpoints.workStart, 'start'],
    [endpoints.workTake, 'take'],
  ] as const;
  for (const [endpoint, action] of actions)
    route(app, endpoint, ({ device, params, body, request, lang }) =>
      work.act(ctx, device, action, { lineId: params.lineId, key: actionKey(request, body), version: body.version }, lang),
    );
  route(app, endpoints.workDone, ({ device, params, body, request, lang }) =>
    work.act(ctx, device, 'done', { lineId: params.lineId, key: actionKey(request, body), version: body.version, note: body.note, photoId: body.photoId }, lang),
  );
  route(app, endpoints.workCantDo, ({ device, params, body, request, lang }) =>
    work.act(ctx, device, 'cantDo', { lineId: params.lineId, key: actionKey(request, body), version: body.version, reason: body.reason }, lang),
  );
}
