import webpush from 'web-push';
import { type Language, type PushPayload, type PushSubscriptionInput } from '@shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type Delivery, type OutboundKind, enqueue, outboundTopic } from '../../outbound/outbound-queue';
import { badRequest } from '../../http/errors';
import { guardedPost, hostOf, hostProblem } from '../../http/outgoing';
import { localize, parseLang } from '../../i18n/localize';
import type { DevicePrincipal } from '../../security/device-tokens';
import { pushMessages as m } from './work.messages';
import * as repo from './push.repository';
import { inLanguage } from '../../access/names';

/** Web Push to workers' phones: a task assigned to the worker, or offered to the worker's department. */

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keysOf = new WeakMap<AppContext, Promise<VapidKeys>>();

/** The pair every process signs with, made once and kept in the database (the private half sealed). */
export function vapidKeys(ctx: AppContext): Promise<VapidKeys> {
  let keys = keysOf.get(ctx);
  if (!keys) {
    keys = loadKeys(ctx);
    keys.catch(() => keysOf.delete(ctx));
    keysOf.set(ctx, keys);
  }
  return keys;
}

async function loadKeys(ctx: AppContext): Promise<VapidKeys> {
  const db = ctx.database.db;
  let row = await repo.readKeys(db);
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    await repo.insertKeys(db, fresh.publicKey, ctx.box.seal(fresh.privateKey));
    row = (await repo.readKeys(db))!;
  }
  const privateKey = ctx.box.open(row.privateKey);
  if (!privateKey) throw new Error('The stored Web Push key was sealed with another secret (HOTEL_JWT_SECRET changed)');
  return { publicKey: row.publicKey, privateKey };
}

export async function publicKey(ctx: AppContext): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys(ctx)).publicKey };
}

/** The browsers' own push services (Chrome's FCM, Firefox's Mozilla, Safari's Apple, Edge's Windows): a phone subscribes with one of them. */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'] as const;

export interface PushEndpointRules {
  /** Tests only (HOTEL_PUSH_LOOPBACK): a receiver at http://127.0.0.1. */
  loopback: boolean;
  /** Other push services the operator allows (HOTEL_PUSH_ALLOWED_HOSTS). */
  extraHosts: readonly string[];
}

const hostMatches = (host: string, pattern: string) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern);

/** The test configuration's receiver: plain http on the literal loopback address. */
const isLoopbackTestEndpoint = (url: URL, rules: PushEndpointRules) => rules.loopback && url.protocol === 'http:' && url.hostname === '127.0.0.1';

/**
 * Which push service the endpoint names: 'known' (one of the browsers' own), 'extra' (one
 * the operator allows: its addresses are checked when subscribing too), 'loopback' (the
 * tests' receiver), or null: refused. The server posts to whatever a phone names, so only
 * https on 443 to a listed host, never an address, a trailing-dot name or a local one.
 */
export function pushEndpointKind(endpoint: string, rules: PushEndpointRules): 'known' | 'extra' | 'loopback' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (isLoopbackTestEndpoint(url, rules)) return 'loopback';
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return null;
  const host = url.hostname.toLowerCase();
  if (PUSH_SERVICE_HOSTS.some((p) => hostMatches(host, p))) return 'known';
  return rules.extraHosts.some((p) => hostMatches(host, p)) ? 'extra' : null;
}

export function pushEndpointAllowed(endpoint: string, rules: PushEndpointRules): boolean {
  return pushEndpointKind(endpoint, rules) !== null;
}

const endpointRules = (ctx: AppContext): PushEndpointRules => ({ loopback: ctx.config.pushLoopback, extraHosts: ctx.config.pushAllowedHosts });

const b64urlBytes = (value: string) => Buffer.from(value, 'base64url').length;

export async function subscribe(ctx: AppContext, device: DevicePrincipal, input: PushSubscriptionInput, lang: Language): Promise<void> {
  // A P-256 public point is 65 bytes uncompressed; the auth secret is 16.
  const kind = pushEndpointKind(input.endpoint, endpointRules(ctx));
  if (kind === null || b64urlBytes(input.keys.p256dh) !== 65 || b64urlBytes(input.keys.auth) !== 16) throw badRequest(m.endpointInvalid);
  // A host the operator allows is looked up now as well as at each push (the shared outgoing guard).
  if (kind === 'extra' && (await hostProblem(hostOf(new URL(input.endpoint)), { allowPrivate: false })) !== null) throw badRequest(m.endpointInvalid);
  await repo.saveSubscription(ctx.database.db, { deviceId: device.deviceId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, lang });
}

export async function unsubscribe(ctx: AppContext, device: DevicePrincipal): Promise<void> {
  await repo.deleteSubscription(ctx.database.db, device.deviceId);
}

/** The language a phone subscribes in: ?lang=, else its Accept-Language. */
export function subscriberLang(queryLang: Language, acceptLanguage: string | undefined): Language {
  if (queryLang === 'ar') return 'ar';
  return parseLang(acceptLanguage?.trim().slice(0, 2).toLowerCase());
}

// ── Sending ──
const PUSH_TIMEOUT_MS = 10_000;
/** A task that waited longer than this in the push service is not worth a buzz any more. */
const PUSH_TTL_SECONDS = 3600;

function payloadFor(line: NonNullable<Awaited<ReturnType<typeof repo.lineForPush>>>, kind: 'assigned' | 'offered', lang: Language): PushPayload {
  const service = inLanguage(lang, { en: line.serviceNameEn, ar: line.serviceNameAr });
  return {
    kind: 'task',
    lineId: line.lineId,
    title: localize(kind === 'assigned' ? m.assignedTitle : m.offeredTitle, lang, { service }),
    body: localize(m.room, lang, { room: line.roomNumber }),
  };
}

/** A push on the outbound queue: the phone's subscription as it stood, and what it says. */
export interface QueuedPush {
  deviceId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: PushPayload;
}

/**
 * One try at a queued push. The Topic is the row's: a copy sent again (a process killed between
 * the push service's answer and its write) replaces the one the push service still holds.
 */
async function deliverPush(ctx: AppContext, push: QueuedPush, id: number): Promise<Delivery> {
  const keys = await vapidKeys(ctx);
  const subject = ctx.config.publicUrl.startsWith('https:') ? ctx.config.publicUrl : `mailto:${ctx.config.adminEmail}`;
  // web-push encrypts (aes128gcm) and signs; the request itself goes through fetch, with a timeout.
  const details = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, JSON.stringify(push.payload), {
    vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: 'high',
    topic: outboundTopic(id),
  });
  // Through the shared outgoing guard: the host is resolved, refused inside the network and
  // connected to at the checked address; only the tests' loopback receiver is let through.
  const rules = endpointRules(ctx);
  const kind = pushEndpointKind(details.endpoint, rules);
  if (kind === null) return 'gone';
  const status = await guardedPost(
    details.endpoint,
    { headers: details.headers as Record<string, string>, body: details.body ? Buffer.from(details.body) : undefined, timeoutMs: PUSH_TIMEOUT_MS },
    { allowPrivate: kind === 'loopback' },
  );
  // The phone unsubscribed or was reset: its subscription will never work again.
  if (status === 404 || status === 410) {
    await repo.deleteGoneSubscription(ctx.database.db, push.deviceId, push.endpoint);
    return 'gone';
  }
  if (status < 200 || status > 299) throw new Error(`push service answered ${status}`);
  return 'sent';
}

export const TASK_PUSH_KIND = 'task-push';
export const taskPush: OutboundKind<QueuedPush> = { deliver: deliverPush };

/** One row per phone of the workers, in the phone's language, written in `db`'s transaction. Returns how many. */
async function queuePushes(ctx: AppContext, db: DbOrTx, workerIds: number[], lineId: number, kind: 'assigned' | 'offered'): Promise<number> {
  const subs = await repo.subscriptionsOfWorkers(db, workerIds);
  if (!subs.length) return 0;
  const line = await repo.lineForPush(db, lineId);
  if (!line) return 0;
  for (const sub of subs) {
    const push: QueuedPush = { deviceId: sub.deviceId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, payload: payloadFor(line, kind, parseLang(sub.lang)) };
    await enqueue(ctx, db, { kind: TASK_PUSH_KIND, message: push });
  }
  return subs.length;
}

/** The phones of the departments that take open lines, for their open lines here: in `db`'s transaction. Returns how many. */
export async function queueOffered(ctx: AppContext, db: DbOrTx, where: { requestId: string } | { lineId: number }): Promise<number> {
  let queued = 0;
  for (const line of await repo.offeredLines(db, where)) {
    if (line.departmentId !== null) queued += await queuePushes(ctx, db, await repo.workersOfDepartment(db, line.departmentId, line.hotelId), line.lineId, 'offered');
  }
  return queued;
}

/** The worker's phones buzz for the line just handed to it: in `db`'s transaction. Returns how many. */
export function queueAssigned(ctx: AppContext, db: DbOrTx, workerId: number, lineId: number): Promise<number> {
  return queuePushes(ctx, db, [workerId], lineId, 'assigned');
}
