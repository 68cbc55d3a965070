import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, instantToZonedTime } from '@shared';
import { departments, hotels, requestLines, requests, webPushKeys, workerPushSubscriptions } from '../../../server/src/db/schema';
import type { EventBus } from '../../../server/src/live/event-bus';
import { fileRequest } from '../../../server/src/modules/requests/requests.service';
import { EscalationScheduler } from '../../../server/src/modules/service-levels/escalation-scheduler';
import { pushEndpointAllowed } from '../../../server/src/modules/work/push.service';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';
import { openStream } from '../../support/sse';
import { untilWithin } from '../../support/until';

const until = untilWithin(10_000);

/**
 * A push service of our own at http://127.0.0.1 (the server allows it only with
 * HOTEL_PUSH_LOOPBACK=on): it records what it is sent, and the test decrypts it as the
 * phone's browser would (RFC 8291, aes128gcm).
 */
interface Pushed {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function startPushService() {
  const received: Pushed[] = [];
  const waiting: Array<{ match: (p: Pushed) => boolean; resolve: (p: Pushed) => void }> = [];
  /** What the service answers per path (201 by default; 410: the subscription is gone). */
  const answers = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const pushed = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(pushed);
      res.statusCode = answers.get(pushed.path) ?? 201;
      res.end();
      for (const w of waiting.filter((w) => w.match(pushed))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(pushed);
      }
    });
  });
  return new Promise<{ url: string; received: Pushed[]; answers: Map<string, number>; next: (match: (p: Pushed) => boolean) => Promise<Pushed>; close: () => Promise<void> }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          received,
          answers,
          next: (match) => {
            const already = received.find(match);
            if (already) return Promise.resolve(already);
            return new Promise((r, reject) => {
              const timer = setTimeout(() => reject(new Error('no push arrived')), 20_000);
              waiting.push({ match, resolve: (p) => (clearTimeout(timer), r(p)) });
            });
          },
          close: () => new Promise((r) => server.close(() => r())),
        }),
      ),
  );
}

/** The phone's side: a P-256 key pair and a 16-byte auth secret, as PushManager.subscribe makes. */
function phoneKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16), p256dh: ecdh.getPublicKey() };
}

/** RFC 8188 + RFC 8291: one aes128gcm record, decrypted with the subscription's private key and auth secret. */
function decrypt(body: Buffer, keys: ReturnType<typeof phoneKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.p256dh, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID header: a JWT signed (ES256) with the key the server hands phones, for the push service's origin. */
function checkVapid(headers: IncomingHttpHeaders, publicKey: string, origin: string): void {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match, String(headers.authorization)).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  expect(JSON.parse(Buffer.from(claims, 'base64url').toString()).aud).toBe(origin);
}

describe("pushes to workers' phones", () => {
  let t: TestServer;
  let fx: Fixture;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let supervisor: string;
  let clerk: string;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    push = await startPushService();
    t = await startTestServer({ env: { HOTEL_PUSH_LOOPBACK: 'on', HOTEL_PUSH_ALLOWED_HOSTS: 'localhost,*.lan.example', HOTEL_REQUEST_RATE_LIMIT: '1000', HOTEL_PAIR_RATE_LIMIT: '1000', HOTEL_ROOM_REQUEST_RATE_LIMIT: '0' } });
    fx = await seedFixture(db());
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] };
    supervisor = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db(), { claims: ['Basic Data.Worker.Pair', 'Basic Data.Worker.View'], ...scope }));
    clerk = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS, ...scope }));
  });
  afterAll(async () => {
    await t.cleanup();
    await push.close();
  });

  const pair = async (workerId: number) => {
    const code = await t.api.call(endpoints.workerPairingCode, { token: supervisor, params: { workerId } });
    const paired = await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Phone' } });
    expect(paired.status, JSON.stringify(paired.body)).toBe(200);
    return paired.body as { accessToken: string; deviceId: string };
  };
  const subscribe = async (token: string, path: string, lang?: 'ar', headers?: Record<string, string>) => {
    const keys = phoneKeys();
    const res = await t.api.call(endpoints.workPushSubscribe, {
      token,
      lang,
      headers,
      body: { endpoint: `${push.url}${path}`, keys: { p256dh: keys.p256dh.toString('base64url'), auth: keys.auth.toString('base64url') } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    return keys;
  };
  const submit = async (serviceId: number) => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [serviceId], { note: 'Please knock twice' }) });
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } });
    return view.body.requestDetails[0].id as number;
  };
  const subscriptionOf = async (deviceId: string) => (await db().select().from(workerPushSubscriptions).where(eq(workerPushSubscriptions.deviceId, deviceId)))[0];

  it('an assigned task reaches the phone encrypted, signed, in its language, naming only the room and the service', async () => {
    const phone = await pair(fx.workers.housekeeper);
    const key = await t.api.call(endpoints.workPushKey, { token: phone.accessToken });
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);
    const keys = await subscribe(phone.accessToken, '/push/huda', undefined, { 'accept-language': 'ar-SA,ar;q=0.9' });

    const line = await submit(fx.services.towels);
    const assigned = await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: line, status: 'Assigned', workerId: fx.workers.housekeeper } });
    expect(assigned.status).toBe(200);

    const got = await push.next((p) => p.path === '/push/huda');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    checkVapid(got.headers, key.body.publicKey, push.url);
    const text = decrypt(got.body, keys);
    expect(JSON.parse(text)).toEqual({ kind: 'task', lineId: line, title: 'مهمة جديدة: مناشف إضافية', body: 'الغرفة 101' });
    for (const secret of ['Layla', 'Hassan', 'layla@example.com', '123 4567', 'knock', 'note 1']) expect(text).not.toContain(secret);
    // The same key pair on every call: one row, sealed.
    const rows = await db().select().from(webPushKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0].privateKey).toMatch(/^v1\./);
  });

  it('offers a new open line to the phones of a department whose workers take open lines', async () => {
    await db().update(departments).set({ workersTakeOpenLines: true }).where(eq(departments.id, fx.departments.maintenance));
    try {
      const phone = await pair(fx.workers.technician);
      const keys = await subscribe(phone.accessToken, '/push/tariq');
      const line = await submit(fx.services.repair);
      const got = await push.next((p) => p.path === '/push/tariq');
      expect(JSON.parse(decrypt(got.body, keys))).toEqual({ kind: 'task', lineId: line, title: 'Open task: AC repair', body: 'Room 101' });
    } finally {
      await db().update(departments).set({ workersTakeOpenLines: false }).where(eq(departments.id, fx.departments.maintenance));
    }
  });

  it("a new request whose process dies right after its commit: the department's phones are offered it and the desk hears of it, from another process, once", async () => {
    await db().update(departments).set({ workersTakeOpenLines: true }).where(eq(departments.id, fx.departments.maintenance));
    const desk = await openStream(new URL(endpoints.staffEvents.path, t.url).toString(), { authorization: `Bearer ${clerk}` });
    try {
      const phone = await pair(fx.workers.technician);
      const keys = await subscribe(phone.accessToken, '/push/after-commit');
      // A process that dies the moment the request has committed: nothing after the commit runs (no publish, no relay, no queue's pass).
      const dead = () => new Promise<never>(() => undefined);
      const idle = { nudge: () => undefined };
      const { ctx } = t.server.app;
      const dying = { ...ctx, events: { publish: dead } as unknown as EventBus, liveOutbox: { wake: dead }, outbound: idle, webhooks: idle, routing: idle };
      const note = 'Filed by a process that dies after the commit';
      void fileRequest(dying, { ...guestRequest(fx, [fx.services.repair], { note }), channel: 'guest' }, 'en', { roomVerified: () => true });
      let requestId = '';
      await until(async () => {
        requestId = (await db().select({ id: requests.id }).from(requests).where(eq(requests.note, note)))[0]?.id ?? '';
        return requestId !== '';
      }, 'the request committed');
      // This process's passes take what the dead one's commit left.
      await t.server.outbound.runOnce();
      await t.server.liveOutbox.wake();
      const got = await push.next((p) => p.path === '/push/after-commit');
      expect(JSON.parse(decrypt(got.body, keys))).toMatchObject({ kind: 'task', title: 'Open task: AC repair', body: 'Room 101' });
      const heard = await desk.next((e) => e.event === 'request-created' && e.data.requestId === requestId, "the dead process's new request");
      expect(heard.data).toMatchObject({ hotelId: fx.hotelA.id, statusName: 'Open', departmentIds: [fx.departments.maintenance] });
      await t.server.outbound.runOnce();
      await t.server.liveOutbox.wake();
      expect(push.received.filter((p) => p.path === '/push/after-commit')).toHaveLength(1);
      expect(desk.received.filter((e) => e.event === 'request-created' && e.data.requestId === requestId)).toHaveLength(1);
    } finally {
      desk.close();
      await db().update(departments).set({ workersTakeOpenLines: false }).where(eq(departments.id, fx.departments.maintenance));
    }
  });

  it("a scheduled line that fires in a process that dies right after its commit: the department's phones are offered it, from another process, once", async () => {
    await db().update(departments).set({ workersTakeOpenLines: true }).where(eq(departments.id, fx.departments.maintenance));
    try {
      const phone = await pair(fx.workers.technician);
      const keys = await subscribe(phone.accessToken, '/push/scheduled-after-commit');
      const zone = (await db().select({ z: hotels.timeZone }).from(hotels).where(eq(hotels.id, fx.hotelA.id)))[0].z ?? t.config.hotelTimeZone;
      const wakeUp = new Date(t.clock.now().getTime() + 2 * 3_600_000);
      const added = await t.api.call(endpoints.addRequest, {
        body: guestRequest(fx, [fx.services.repair], { services: [{ serviceId: fx.services.repair, note: '', scheduledAt: instantToZonedTime(wakeUp, zone) }] }),
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const [{ id: lineId }] = await db().select({ id: requestLines.id }).from(requestLines).where(eq(requestLines.requestId, added.body.id));
      // A process that dies the moment the line has fired: nothing after the commit runs (no publish, no relay, no queue's pass).
      const dead = () => new Promise<never>(() => undefined);
      const idle = { nudge: () => undefined };
      const { ctx } = t.server.app;
      const dying = new EscalationScheduler({ ...ctx, events: { publish: dead } as unknown as EventBus, liveOutbox: { wake: dead }, outbound: idle, webhooks: idle, routing: idle }, t.server.app.log);
      void dying.runOnce(wakeUp);
      await until(async () => (await db().select({ at: requestLines.alertedAt }).from(requestLines).where(eq(requestLines.id, lineId)))[0].at !== null, 'the scheduled line fired');
      // This process's pass takes what the dead one's commit left.
      await t.server.outbound.runOnce();
      const got = await push.next((p) => p.path === '/push/scheduled-after-commit');
      expect(JSON.parse(decrypt(got.body, keys))).toEqual({ kind: 'task', lineId, title: 'Open task: AC repair', body: 'Room 101' });
      await t.server.outbound.runOnce();
      expect(push.received.filter((p) => p.path === '/push/scheduled-after-commit')).toHaveLength(1);
    } finally {
      await db().update(departments).set({ workersTakeOpenLines: false }).where(eq(departments.id, fx.departments.maintenance));
    }
  });

  it('drops a subscription the push service says is gone (410), and one whose phone is revoked', async () => {
    const gone = await pair(fx.workers.housekeeper);
    await subscribe(gone.accessToken, '/push/gone');
    push.answers.set('/push/gone', 410);
    const line = await submit(fx.services.towels);
    await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: line, status: 'Assigned', workerId: fx.workers.housekeeper } });
    await push.next((p) => p.path === '/push/gone');
    // The outbound queue's pass after the call's has sent (or dropped) what the call wrote.
    await t.server.outbound.runOnce();
    await t.server.app.ctx.background.drain(10_000);
    expect(await subscriptionOf(gone.deviceId)).toBeUndefined();

    const revoked = await pair(fx.workers.housekeeper);
    await subscribe(revoked.accessToken, '/push/revoked');
    expect(await subscriptionOf(revoked.deviceId)).toBeDefined();
    const res = await t.api.call(endpoints.revokeWorkerDevice, { token: supervisor, params: { workerId: fx.workers.housekeeper, deviceId: revoked.deviceId } });
    expect(res.status).toBe(200);
    expect(await subscriptionOf(revoked.deviceId)).toBeUndefined();
  });

  it('keeps one subscription per phone (a new one replaces it); DELETE removes it', async () => {
    const phone = await pair(fx.workers.housekeeper);
    await subscribe(phone.accessToken, '/push/first');
    await subscribe(phone.accessToken, '/push/second', 'ar');
    const row = await subscriptionOf(phone.deviceId);
    expect(row).toMatchObject({ endpoint: `${push.url}/push/second`, lang: 'ar' });
    expect((await t.api.call(endpoints.workPushUnsubscribe, { token: phone.accessToken })).status).toBe(204);
    expect(await subscriptionOf(phone.deviceId)).toBeUndefined();
  });

  it('refuses an endpoint that is not a public https push service, or keys of the wrong size, with 400; stores nothing', async () => {
    const phone = await pair(fx.workers.housekeeper);
    const keys = phoneKeys();
    const good = { p256dh: keys.p256dh.toString('base64url'), auth: keys.auth.toString('base64url') };
    for (const [endpoint, k] of [
      ['http://push.example.com/x', good],
      ['https://10.0.0.7/x', good],
      ['https://localhost/x', good],
      // Names that resolve to loopback or the LAN, and hosts that are no browser's push service.
      ['https://localhost./p', good],
      ['https://vm./p', good],
      ['https://push.example.com/p', good],
      ['https://fcm.googleapis.com./p', good],
      ['https://fcm.googleapis.com.evil.example/p', good],
      ['https://push.apple.com.evil.example/p', good],
      ['https://notify.windows.com@evil.example/p', good],
      ['https://nas.lan.example/p', good],
      [`${'http'}://fcm.googleapis.com/fcm/send/abc`, good],
      ['https://push.example.com:8443/x', good],
      ['not a url', good],
      [`https://push.example.com/${'x'.repeat(2000)}`, good],
      ['https://push.example.com/x', { ...good, auth: randomBytes(8).toString('base64url') }],
      ['https://push.example.com/x', { ...good, p256dh: 'a'.repeat(5000) }],
    ] as const) {
      const res = await t.api.call(endpoints.workPushSubscribe, { token: phone.accessToken, body: { endpoint, keys: k }, lang: 'ar' });
      expect(res.status, endpoint.slice(0, 40)).toBe(400);
    }
    expect(await subscriptionOf(phone.deviceId)).toBeUndefined();
    // A staff token is not a phone.
    expect((await t.api.call(endpoints.workPushKey, { token: clerk })).status).toBe(401);
  });

  it('accepts the browsers\' push services, https only; http://127.0.0.1 only under the test configuration', async () => {
    const rules = { loopback: false, extraHosts: [] };
    expect(pushEndpointAllowed('http://127.0.0.1:9/x', rules)).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:9/x', { ...rules, loopback: true })).toBe(true);
    expect(pushEndpointAllowed('http://localhost:9/x', { ...rules, loopback: true })).toBe(false);
    for (const accepted of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(pushEndpointAllowed(accepted, rules), accepted).toBe(true);
    for (const refused of ['https://push.apple.com/x', 'https://evil.example/fcm.googleapis.com', 'https://fcm.googleapis.com:8443/x', 'https://localhost./p'])
      expect(pushEndpointAllowed(refused, rules), refused).toBe(false);
    // An operator's extra host is accepted by name, then judged by where it resolves.
    expect(pushEndpointAllowed('https://push.corp.example/x', { ...rules, extraHosts: ['push.corp.example'] })).toBe(true);

    // Over HTTP: a browser's push service is taken (no lookup needed: it is a public service).
    const phone = await pair(fx.workers.housekeeper);
    const keys = phoneKeys();
    const res = await t.api.call(endpoints.workPushSubscribe, {
      token: phone.accessToken,
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: keys.p256dh.toString('base64url'), auth: keys.auth.toString('base64url') } },
    });
    expect(res.status).toBe(204);
  });

  it('pushes only through the outgoing guard: a stored endpoint naming a local host gets nothing', async () => {
    const phone = await pair(fx.workers.housekeeper);
    await subscribe(phone.accessToken, '/push/before');
    // A row from before the rules (or written around them): the name resolves to this machine.
    const sneak = `${push.url.replace('127.0.0.1', 'localhost')}/push/sneak`;
    await db().update(workerPushSubscriptions).set({ endpoint: sneak }).where(eq(workerPushSubscriptions.deviceId, phone.deviceId));
    const line = await submit(fx.services.towels);
    const assigned = await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: line, status: 'Assigned', workerId: fx.workers.housekeeper } });
    expect(assigned.status).toBe(200);
    // The outbound queue's pass after the call's has sent (or dropped) what the call wrote.
    await t.server.outbound.runOnce();
    await t.server.app.ctx.background.drain(10_000);
    expect(push.received.some((p) => p.path === '/push/sneak')).toBe(false);

    // The guard itself: a name that resolves to loopback is refused at connection time, the address never used.
    const { guardedLookup } = await import('../../../server/src/http/outgoing');
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup({ allowPrivate: false })('localhost', {}, (error) => resolve(error)));
    expect(refused?.code).toBe('EPRIVATE');
  });
});
