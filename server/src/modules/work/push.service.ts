import { isIP } from 'node:net';
import webpush from 'web-push';
import { type Language, type PushPayload, type PushSubscriptionInput } from '@shared';
import type { AppContext } from '../../context';
import { loggableError } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { localize, parseLang } from '../../i18n/localize';
import type { DevicePrincipal } from '../../security/device-tokens';
import { pushMessages as m } from './work.messages';
import * as repo from './push.repository';

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

/**
 * A push service is a public https host. The server posts to whatever a phone names, so
 * an address inside the hotel's network (an IP literal, localhost) is refused; tests may
 * name a loopback http receiver.
 */
export function pushEndpointAllowed(endpoint: string, loopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (loopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return true;
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return !isIP(host.replace(/^\[|\]$/g, '')) && host.includes('.') && !host.endsWith('.localhost') && !host.endsWith('.local') && !host.endsWith('.internal');
}

const b64urlBytes = (value: string) => Buffer.from(value, 'base64url').length;

export async function subscribe(ctx: AppContext, device: DevicePrincipal, input: PushSubscriptionInput, lang: Language): Promise<void> {
  // A P-256 public point is 65 bytes uncompressed; the auth secret is 16.
  if (!pushEndpointAllowed(input.endpoint, ctx.config.pushLoopback) || b64urlBytes(input.keys.p256dh) !== 65 || b64urlBytes(input.keys.auth) !== 16)
    throw badRequest(m.endpointInvalid);
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
  const service = lang === 'ar' ? line.serviceNameAr : line.serviceNameEn;
  return {
    kind: 'task',
    lineId: line.lineId,
    title: localize(kind === 'assigned' ? m.assignedTitle : m.offeredTitle, lang, { service }),
    body: localize(m.room, lang, { room: line.roomNumber }),
  };
}

async function sendOne(ctx: AppContext, keys: VapidKeys, sub: repo.SubscriptionRow, payload: PushPayload): Promise<void> {
  const subject = ctx.config.publicUrl.startsWith('https:') ? ctx.config.publicUrl : `mailto:${ctx.config.adminEmail}`;
  // web-push encrypts (aes128gcm) and signs; the request itself goes through fetch, with a timeout.
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
    vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: 'high',
  });
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await response.body?.cancel();
  // The phone unsubscribed or was reset: its subscription will never work again.
  if (response.status === 404 || response.status === 410) await repo.deleteGoneSubscription(ctx.database.db, sub.deviceId, sub.endpoint);
  else if (!response.ok) throw new Error(`push service answered ${response.status}`);
}

async function pushTo(ctx: AppContext, workerIds: number[], lineId: number, kind: 'assigned' | 'offered'): Promise<void> {
  const db = ctx.database.db;
  const subs = await repo.subscriptionsOfWorkers(db, workerIds);
  if (!subs.length) return;
  const [line, keys] = await Promise.all([repo.lineForPush(db, lineId), vapidKeys(ctx)]);
  if (!line) return;
  await Promise.all(
    subs.map((sub) =>
      sendOne(ctx, keys, sub, payloadFor(line, kind, parseLang(sub.lang))).catch((error: unknown) =>
        console.error(`Push to a worker's phone failed: ${String(loggableError(error).message)}`),
      ),
    ),
  );
}

/** After the answer: the worker's phones buzz for the line just assigned. */
export function pushAssigned(ctx: AppContext, workerId: number, lineId: number): void {
  ctx.background.run(
    () => pushTo(ctx, [workerId], lineId, 'assigned'),
    (error) => console.error(`Push to a worker's phone failed: ${String(loggableError(error).message)}`),
  );
}

/** After the answer: the phones of a department that takes open lines buzz for its new open lines. */
export function pushOffered(ctx: AppContext, where: { requestId: string } | { lineId: number }): void {
  ctx.background.run(
    async () => {
      const db = ctx.database.db;
      for (const line of await repo.offeredLines(db, where)) {
        if (line.departmentId !== null) await pushTo(ctx, await repo.workersOfDepartment(db, line.departmentId, line.hotelId), line.lineId, 'offered');
      }
    },
    (error) => console.error(`Push to workers' phones failed: ${String(loggableError(error).message)}`),
  );
}
