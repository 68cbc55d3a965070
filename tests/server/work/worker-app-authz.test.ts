import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { workersToReviewLine } from '../../../server/src/modules/basic-data/workers-review';
import { departments, hotels, linePhotos, requestLines, shiftRoster, workerDevices, workerHotels, workerPairingCodes, workerPushSubscriptions, workerZones, workers } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, serveHotels, tokenFor } from '../../support/fixtures';
import { openStream } from '../../support/sse';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * Every route of the workers' phones, walked from the shared contract: a phone of worker A
 * never reads or changes worker B's line, photo, stream or push subscription; a revoked
 * phone gets 401 on each; a staff token without the Pair claim cannot pair, revoke or set a
 * PIN. A new phone route without a case here fails the walk (and the type check).
 */
type Endpoints = typeof endpoints;
type WorkRoute = {
  [K in keyof Endpoints]: Endpoints[K] extends { path: `/api/Work/${string}` | `/api/Workers/${string}` } ? K : never;
}[keyof Endpoints];

/** The phone's photo as the desk downloads it: a staff route, walked with the phone's routes. */
const PHOTO_DOWNLOAD = 'linePhoto' as const;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const photoForm = () => {
  const form = new FormData();
  form.append('photo', new Blob([PNG], { type: 'image/png' }), 'done.png');
  return form;
};
const phoneKey = createECDH('prime256v1');
phoneKey.generateKeys();
const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: phoneKey.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } });

interface Phone {
  accessToken: string;
  deviceCredential: string;
  deviceId: string;
}

describe("workers' phones: who may call what, route by route", () => {
  let t: TestServer;
  let fx: Fixture;
  let push: http.Server;
  let pushUrl: string;
  let supervisor: string;
  let viewer: string;
  let clerk: string;
  /** Worker A (the housekeeper), worker B (the technician), and A's phone revoked. */
  let a: Phone;
  let b: Phone;
  let revoked: Phone;
  /** Tickets got before the revocation (the revoked one) and by A. */
  let revokedTicket: string;
  /** B's line, B's draft photo of it, A's own line. */
  let bLine: number;
  let bPhoto: string;
  let aLine: number;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    // A push service that takes every push: B's subscription is a real one.
    push = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(201).end()));
    await new Promise<void>((resolve) => push.listen(0, '127.0.0.1', resolve));
    pushUrl = `http://127.0.0.1:${(push.address() as AddressInfo).port}`;
    t = await startTestServer({ env: { HOTEL_PUSH_LOOPBACK: 'on', HOTEL_RATE_LIMITS: 'off', HOTEL_PAIR_RATE_LIMIT: '1000' } });
    fx = await seedFixture(db());
    const tokens = t.server.app.ctx.tokens;
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] };
    supervisor = await tokenFor(tokens, await createStaffUser(db(), { claims: ['Basic Data.Worker.Pair', 'Basic Data.Worker.View'], ...scope }));
    // Sees the workers, may not pair: the Pair claim is what pairs and revokes.
    viewer = await tokenFor(tokens, await createStaffUser(db(), { claims: ['Basic Data.Worker.View', ...SERVICE_CLAIMS], ...scope }));
    clerk = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS, ...scope }));

    const pair = async (workerId: number): Promise<Phone> => {
      const code = await t.api.call(endpoints.workerPairingCode, { token: supervisor, params: { workerId } });
      const paired = await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Phone' } });
      expect(paired.status, JSON.stringify(paired.body)).toBe(200);
      return paired.body;
    };
    a = await pair(fx.workers.housekeeper);
    b = await pair(fx.workers.technician);
    revoked = await pair(fx.workers.housekeeper);
    revokedTicket = (await t.api.call(endpoints.workStreamTicket, { token: revoked.accessToken })).body.ticket;
    expect((await t.api.call(endpoints.revokeWorkerDevice, { token: supervisor, params: { workerId: fx.workers.housekeeper, deviceId: revoked.deviceId } })).status).toBe(200);

    bLine = await assigned(fx.workers.technician);
    aLine = await assigned(fx.workers.housekeeper);
    expect((await t.api.call(endpoints.workAccept, { token: b.accessToken, params: { lineId: bLine }, body: {} })).status).toBe(200);
    const uploaded = await t.api.call(endpoints.workPhoto, { token: b.accessToken, params: { lineId: bLine }, form: photoForm() });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    bPhoto = uploaded.body.photoId;
    expect((await t.api.call(endpoints.workPushSubscribe, { token: b.accessToken, body: subscription(`${pushUrl}/b`) })).status).toBe(204);
  });
  afterAll(async () => {
    await t?.cleanup();
    await new Promise((resolve) => push.close(resolve));
  });

  const assigned = async (workerId: number) => {
    // The technician repairs (maintenance), the housekeeper brings towels (housekeeping).
    const service = workerId === fx.workers.technician ? fx.services.repair : fx.services.towels;
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [service]) });
    const id = (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
    const res = await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: id, status: 'Assigned', workerId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return id;
  };

  /** What of B's can change: its line, its photos, its device, its push subscription. */
  const bState = async () => ({
    line: (await db().select().from(requestLines).where(eq(requestLines.id, bLine)))[0],
    photos: await db().select({ id: linePhotos.id, lineId: linePhotos.lineId, attachedAt: linePhotos.attachedAt }).from(linePhotos).where(eq(linePhotos.lineId, bLine)),
    device: (await db().select({ revokedAt: workerDevices.revokedAt, workerId: workerDevices.workerId }).from(workerDevices).where(eq(workerDevices.id, b.deviceId)))[0],
    subscription: (await db().select().from(workerPushSubscriptions).where(eq(workerPushSubscriptions.deviceId, b.deviceId)))[0],
  });

  type Call = (token: string) => Promise<{ status: number; body?: unknown }>;
  interface PhoneCase {
    kind: 'phone';
    /** The call aimed at worker B's things (or, where the route names none, at whatever it reaches). */
    aimedAtB: Call;
    /** What worker A's phone may get back from it: never B's data. */
    allowed: number[];
    /** Given a 2xx, nothing of B's may be in the answer or changed. */
    check?: (status: number, body: unknown) => Promise<void> | void;
  }
  interface PublicCase {
    kind: 'public';
    /** A public phone route (pairing): what a revoked phone or another's code gets. */
    walk: () => Promise<void>;
  }
  interface SupervisorCase {
    kind: 'supervisor';
    call: Call;
    /** The claim it needs; a staff token without it gets 403. */
    needs: 'Basic Data.Worker.Pair' | 'Basic Data.Worker.View';
  }
  type Case = PhoneCase | PublicCase | SupervisorCase;

  const lineBody = (lineId: number, body: object = {}) => ({ params: { lineId }, body });
  const onB = (name: 'workAccept' | 'workStart' | 'workDone' | 'workCantDo' | 'workTake', body: object = {}): PhoneCase => ({
    kind: 'phone',
    aimedAtB: (token) => t.api.call(endpoints[name], { token, ...lineBody(bLine, body) }),
    allowed: [403, 404, 409],
  });
  /** A's stream, opened with a ticket or a header: B's new task is never on it, A's own is. */
  const hearsOnlyA = async (query: string, headers?: Record<string, string>) => {
    const stream = await openStream(new URL(`${endpoints.workEvents.path}${query}`, t.url).toString(), headers);
    try {
      expect(stream.res.status).toBe(200);
      const theirs = await assigned(fx.workers.technician);
      const ours = await assigned(fx.workers.housekeeper);
      // A's own task arrives after B's was assigned: had B's been sent, it would be here by now.
      await stream.next((e) => e.data.lineId === ours, "A's own task");
      expect(stream.received.filter((e) => e.data.lineId === theirs || e.data.lineId === bLine)).toEqual([]);
    } finally {
      stream.close();
    }
  };
  const notB = (body: unknown) => expect(JSON.stringify(body)).not.toContain(`"lineId":${bLine}`);

  const cases: Record<WorkRoute | typeof PHOTO_DOWNLOAD, Case> = {
    workerPairingCode: { kind: 'supervisor', needs: 'Basic Data.Worker.Pair', call: (token) => t.api.call(endpoints.workerPairingCode, { token, params: { workerId: fx.workers.technician } }) },
    workerDevices: { kind: 'supervisor', needs: 'Basic Data.Worker.View', call: (token) => t.api.call(endpoints.workerDevices, { token, params: { workerId: fx.workers.technician } }) },
    revokeWorkerDevice: {
      kind: 'supervisor',
      needs: 'Basic Data.Worker.Pair',
      call: (token) => t.api.call(endpoints.revokeWorkerDevice, { token, params: { workerId: fx.workers.technician, deviceId: b.deviceId } }),
    },
    setWorkerPin: { kind: 'supervisor', needs: 'Basic Data.Worker.Pair', call: (token) => t.api.call(endpoints.setWorkerPin, { token, params: { workerId: fx.workers.technician }, body: { pin: '1357' } }) },
    workPair: {
      kind: 'public',
      walk: async () => {
        // A code is the supervisor's to give; a phone's credentials are no code.
        for (const code of [revoked.deviceCredential, a.deviceCredential, 'BCDFGHJK'])
          expect((await t.api.call(endpoints.workPair, { body: { code, deviceName: 'Thief' } })).status).toBe(400);
      },
    },
    workRefresh: {
      kind: 'public',
      walk: async () => {
        expect((await t.api.call(endpoints.workRefresh, { body: { deviceCredential: revoked.deviceCredential } })).status).toBe(401);
        // A's credential refreshes A's phone, never another's.
        const mine = await t.api.call(endpoints.workRefresh, { body: { deviceCredential: a.deviceCredential } });
        expect(mine.status).toBe(200);
        expect(mine.body).toMatchObject({ deviceId: a.deviceId, workerId: fx.workers.housekeeper });
        a = { ...a, accessToken: mine.body.accessToken, deviceCredential: mine.body.deviceCredential };
      },
    },
    workUnlock: {
      kind: 'phone',
      aimedAtB: (token) => t.api.call(endpoints.workUnlock, { token, body: { pin: '1357' } }),
      // A has no PIN: the phone is unlocked already (or the PIN is refused); B's PIN opens nothing of A's.
      allowed: [200, 400, 403, 409],
      check: (_status, body) => expect(JSON.stringify(body)).not.toContain(b.deviceId),
    },
    workTasks: { kind: 'phone', aimedAtB: (token) => t.api.call(endpoints.workTasks, { token }), allowed: [200], check: (_s, body) => notB(body) },
    workPool: { kind: 'phone', aimedAtB: (token) => t.api.call(endpoints.workPool, { token }), allowed: [200, 403], check: (_s, body) => notB(body) },
    workAccept: onB('workAccept'),
    workStart: onB('workStart'),
    workDone: onB('workDone', { note: 'Not mine' }),
    workCantDo: onB('workCantDo', { reason: 'Not mine' }),
    workTake: onB('workTake'),
    workPhoto: { kind: 'phone', aimedAtB: (token) => t.api.call(endpoints.workPhoto, { token, params: { lineId: bLine }, form: photoForm() }), allowed: [403, 404] },
    [PHOTO_DOWNLOAD]: {
      kind: 'phone',
      // A device token is no staff token: it downloads no photo, not even one of its own lines.
      aimedAtB: (token) => t.api.call(endpoints.linePhoto, { token, params: { id: bPhoto } }),
      allowed: [401],
    },
    workStreamTicket: {
      kind: 'phone',
      aimedAtB: (token) => t.api.call(endpoints.workStreamTicket, { token }),
      allowed: [200],
      // The ticket opens A's own stream: B's new task never shows on it.
      check: (_status, body) => hearsOnlyA(`?ticket=${encodeURIComponent((body as { ticket: string }).ticket)}`),
    },
    workEvents: {
      kind: 'phone',
      // Opened with the phone's token in the header (a ticket, above, for EventSource): A's events only.
      aimedAtB: async (token) => {
        const stream = await openStream(new URL(endpoints.workEvents.path, t.url).toString(), { authorization: `Bearer ${token}` });
        stream.close();
        return { status: stream.res.status };
      },
      allowed: [200],
      check: () => hearsOnlyA('', { authorization: `Bearer ${a.accessToken}` }),
    },
    workPushKey: { kind: 'phone', aimedAtB: (token) => t.api.call(endpoints.workPushKey, { token }), allowed: [200, 404] },
    workPushSubscribe: {
      kind: 'phone',
      // B's own endpoint sent by A: it becomes A's phone's subscription, B's stays as it was.
      aimedAtB: (token) => t.api.call(endpoints.workPushSubscribe, { token, body: subscription(`${pushUrl}/b`) }),
      allowed: [204],
    },
    workPushUnsubscribe: { kind: 'phone', aimedAtB: (token) => t.api.call(endpoints.workPushUnsubscribe, { token }), allowed: [204] },
    // The shift switch has no worker in its input: a phone only ever reads and sets its own worker's.
    workShift: { kind: 'phone', aimedAtB: (token) => t.api.call(endpoints.workShift, { token }), allowed: [200] },
    setWorkShift: {
      kind: 'phone',
      aimedAtB: (token) => t.api.call(endpoints.setWorkShift, { token, body: { onShift: true } }),
      allowed: [200],
      check: async () => {
        // Worker B's switch is untouched: only A's worker is on shift now.
        const [theirs] = await t.server.app.ctx.database.db.select({ override: workers.shiftOverride }).from(workers).where(eq(workers.id, fx.workers.technician));
        expect(theirs.override).toBeNull();
      },
    },
  };

  it('has a case for every phone and supervisor route in the contract', () => {
    const derived = Object.entries(endpoints)
      .filter(([, e]) => 'path' in e && typeof e.path === 'string' && /^\/api\/Work(ers)?\//.test(e.path))
      .map(([name]) => name);
    expect(Object.keys(cases).sort()).toEqual([...derived, PHOTO_DOWNLOAD].sort());
    // Every device route of the contract is under /api/Work/: none escapes the walk.
    const device = Object.entries(endpoints).filter(([, e]) => 'auth' in e && e.auth === 'device').map(([name]) => name);
    expect(derived).toEqual(expect.arrayContaining(device));
  });

  it("worker A's phone never reads or changes worker B's line, photo, stream or push subscription", async () => {
    const before = await bState();
    for (const [name, c] of Object.entries(cases)) {
      if (c.kind !== 'phone') continue;
      const res = await c.aimedAtB(a.accessToken);
      expect(c.allowed, `${name}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      if (res.status < 300) await c.check?.(res.status, res.body);
      if (res.status >= 400 && res.status !== 401) expect(res.status, name).not.toBe(500);
    }
    const after = await bState();
    expect(after.line).toEqual(before.line);
    expect(after.photos).toEqual(before.photos);
    expect(after.device).toEqual(before.device);
    expect(after.subscription).toEqual(before.subscription);
    // Done on A's own line naming B's photo: refused, the photo stays B's draft.
    const stolen = await t.api.call(endpoints.workDone, { token: a.accessToken, ...lineBody(aLine, { photoId: bPhoto }) });
    expect(stolen.status).toBe(400);
    expect((await bState()).photos).toEqual(before.photos);
  });

  it('a revoked phone gets 401 on every phone route, its stream ticket included', async () => {
    for (const [name, c] of Object.entries(cases)) {
      if (c.kind === 'phone') expect((await c.aimedAtB(revoked.accessToken)).status, name).toBe(401);
      if (c.kind === 'public') await c.walk();
    }
    const stream = await openStream(new URL(`${endpoints.workEvents.path}?ticket=${encodeURIComponent(revokedTicket)}`, t.url).toString());
    stream.close();
    expect(stream.res.status).toBe(401);
  });

  it('a staff token without the claim cannot pair, revoke, set a PIN or list phones; a device token reaches none of them', async () => {
    const before = await bState();
    const noClaims = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db(), { claims: [], hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.maintenance] }));
    for (const [name, c] of Object.entries(cases)) {
      if (c.kind !== 'supervisor') continue;
      const without = c.needs === 'Basic Data.Worker.Pair' ? viewer : noClaims;
      const refused = await c.call(without);
      expect(refused.status, `${name} without ${c.needs}`).toBe(403);
      expect((await c.call(a.accessToken)).status, `${name} with a device token`).toBe(401);
    }
    expect(await bState()).toEqual(before);
    // B's phone still works: nothing was revoked.
    expect((await t.api.call(endpoints.workTasks, { token: b.accessToken })).status).toBe(200);
    // With the claim, the same calls go through (the walk above was refused for the claim alone).
    expect((await (cases.workerDevices as SupervisorCase).call(supervisor)).status).toBe(200);
  });

  /**
   * Workers belong to hotels (issue 41, item 2). Every worker and phone call, walked again
   * across hotels: a supervisor of hotel A aims each at a worker of hotel B only, and a
   * phone of a hotel-A worker at hotel B's lines. Each answers 404/403 (or leaves B out)
   * and nothing of hotel B changes. On the code before workers had hotels every supervisor
   * case went through (200) and the phone saw and took hotel B's pool.
   */
  describe('across hotels: a supervisor of hotel A, a phone of a hotel-A worker', () => {
    /** Of hotel B only: a technician (its phone, a line in hand) and a housekeeper. */
    let techB: number;
    let keeperB: number;
    let phoneB: Phone;
    /** Of hotel A only: a technician and its phone. */
    let techA: number;
    let phoneA: Phone;
    /** Hotel B's line in techB's hands, hotel B's open pool line. */
    let lineB: number;
    let poolB: number;
    /** A hotel-A staff member who manages workers and routing (the department rule passes: both departments). */
    let staffA: string;
    let clerkB: string;

    const made = async (name: string, departmentId: number, hotelId: number) => {
      const [w] = await db()
        .insert(workers)
        .values({ workerCode: `X-${name}-${randomBytes(3).toString('hex')}`, name, phoneNumber: '+966 55 100 0042', departmentId })
        .returning({ id: workers.id });
      await serveHotels(db(), [w.id], [hotelId]);
      return w.id;
    };
    const lineOf = async (serviceId: number, hotel: 'A' | 'B') => {
      const body = hotel === 'A' ? guestRequest(fx, [serviceId]) : guestRequest(fx, [serviceId], { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] });
      const added = await t.api.call(endpoints.addRequest, { body });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
    };

    /** Everything of hotel B's workers and lines a call could change. */
    const hotelBState = async () => {
      const ids = [techB, keeperB];
      return {
        workers: await db().select().from(workers).where(inArray(workers.id, ids)).orderBy(workers.id),
        hotels: await db().select().from(workerHotels).where(inArray(workerHotels.workerId, ids)).orderBy(workerHotels.workerId, workerHotels.hotelId),
        devices: await db().select().from(workerDevices).where(inArray(workerDevices.workerId, ids)).orderBy(workerDevices.id),
        codes: await db().select().from(workerPairingCodes).where(inArray(workerPairingCodes.workerId, ids)).orderBy(workerPairingCodes.id),
        zones: await db().select().from(workerZones).where(inArray(workerZones.workerId, ids)).orderBy(workerZones.zone),
        rosters: await db().select().from(shiftRoster).where(inArray(shiftRoster.workerId, ids)).orderBy(shiftRoster.id),
        lines: await db().select().from(requestLines).where(inArray(requestLines.id, [lineB, poolB])).orderBy(requestLines.id),
      };
    };

    beforeAll(async () => {
      const tokens = t.server.app.ctx.tokens;
      techB = await made('TechB', fx.departments.maintenance, fx.hotelB.id);
      keeperB = await made('KeeperB', fx.departments.housekeeping, fx.hotelB.id);
      techA = await made('TechA', fx.departments.maintenance, fx.hotelA.id);
      const both = [fx.departments.housekeeping, fx.departments.maintenance];
      const supervisorB = await tokenFor(tokens, await createStaffUser(db(), { claims: ['Basic Data.Worker.Pair', 'Basic Data.Worker.View'], hotelIds: [fx.hotelB.id], departmentIds: both }));
      clerkB = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelB.id], departmentIds: both }));
      staffA = await tokenFor(
        tokens,
        await createStaffUser(db(), {
          claims: ['Basic Data.Worker.Pair', 'Basic Data.Worker.View', 'Basic Data.Worker.Create', 'Basic Data.Worker.Edit', 'Basic Data.Worker.Delete', 'Basic Data.Routing.Read', 'Basic Data.Routing.Edit', ...SERVICE_CLAIMS],
          hotelIds: [fx.hotelA.id],
          departmentIds: both,
        }),
      );
      const pairBy = async (token: string, workerId: number): Promise<Phone> => {
        const code = await t.api.call(endpoints.workerPairingCode, { token, params: { workerId } });
        expect(code.status, JSON.stringify(code.body)).toBe(200);
        const paired = await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Phone' } });
        expect(paired.status, JSON.stringify(paired.body)).toBe(200);
        return paired.body;
      };
      // Each hotel's supervisor pairs its own worker's phone.
      phoneB = await pairBy(supervisorB, techB);
      phoneA = await pairBy(supervisor, techA);
      // Maintenance lets its workers take open lines: hotel B's open repair line is in a pool.
      await db().update(departments).set({ workersTakeOpenLines: true }).where(eq(departments.id, fx.departments.maintenance));
      lineB = await lineOf(fx.services.repair, 'B');
      const res = await t.api.call(endpoints.updateServiceRequestStatus, { token: clerkB, body: { requestDetailsId: lineB, status: 'Assigned', workerId: techB } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      poolB = await lineOf(fx.services.repair, 'B');
    });

    type CrossCase =
      | { kind: 'supervisor'; call: () => Promise<{ status: number; body?: unknown }> }
      | { kind: 'phone'; call: () => Promise<{ status: number; body?: unknown }>; allowed: number[]; check?: (body: unknown) => void | Promise<void> }
      /** The route names no worker and no line (a phone's own pairing, PIN, switch, push): the phone's own, walked above. */
      | { kind: 'own'; why: string };
    const noLineOfB = (body: unknown) => {
      expect(JSON.stringify(body)).not.toContain(`"lineId":${lineB}`);
      expect(JSON.stringify(body)).not.toContain(`"lineId":${poolB}`);
    };
    const onLineB = (name: 'workAccept' | 'workStart' | 'workDone' | 'workCantDo', body: object = {}): CrossCase => ({
      kind: 'phone',
      call: () => t.api.call(endpoints[name], { token: phoneA.accessToken, params: { lineId: lineB }, body }),
      allowed: [404],
    });
    const crossCases = (): Record<WorkRoute | typeof PHOTO_DOWNLOAD, CrossCase> => ({
      workerPairingCode: { kind: 'supervisor', call: () => t.api.call(endpoints.workerPairingCode, { token: supervisor, params: { workerId: techB } }) },
      workerDevices: { kind: 'supervisor', call: () => t.api.call(endpoints.workerDevices, { token: supervisor, params: { workerId: techB } }) },
      revokeWorkerDevice: { kind: 'supervisor', call: () => t.api.call(endpoints.revokeWorkerDevice, { token: supervisor, params: { workerId: techB, deviceId: phoneB.deviceId } }) },
      setWorkerPin: { kind: 'supervisor', call: () => t.api.call(endpoints.setWorkerPin, { token: supervisor, params: { workerId: techB }, body: { pin: '2468' } }) },
      workPair: { kind: 'own', why: 'redeems a code a supervisor gave: the supervisor cases above' },
      workRefresh: { kind: 'own', why: "the phone's own credential" },
      workUnlock: { kind: 'own', why: "the phone's own worker's PIN" },
      workTasks: { kind: 'phone', call: () => t.api.call(endpoints.workTasks, { token: phoneA.accessToken }), allowed: [200], check: noLineOfB },
      workPool: { kind: 'phone', call: () => t.api.call(endpoints.workPool, { token: phoneA.accessToken }), allowed: [200], check: noLineOfB },
      workAccept: onLineB('workAccept'),
      workStart: onLineB('workStart'),
      workDone: onLineB('workDone', { note: 'Not my hotel' }),
      workCantDo: onLineB('workCantDo', { reason: 'Not my hotel' }),
      workTake: { kind: 'phone', call: () => t.api.call(endpoints.workTake, { token: phoneA.accessToken, params: { lineId: poolB }, body: {} }), allowed: [404] },
      workPhoto: { kind: 'phone', call: () => t.api.call(endpoints.workPhoto, { token: phoneA.accessToken, params: { lineId: lineB }, form: photoForm() }), allowed: [404] },
      [PHOTO_DOWNLOAD]: { kind: 'own', why: 'a staff route; a device token gets 401 (walked above)' },
      workStreamTicket: { kind: 'own', why: "opens the phone's own stream: its events are walked by the pool case below" },
      workEvents: {
        kind: 'phone',
        call: async () => {
          // A new open line of hotel B's maintenance pool never reaches a hotel-A phone's stream; hotel A's does.
          const stream = await openStream(new URL(endpoints.workEvents.path, t.url).toString(), { authorization: `Bearer ${phoneA.accessToken}` });
          try {
            expect(stream.res.status).toBe(200);
            const theirs = await lineOf(fx.services.repair, 'B');
            const ours = await lineOf(fx.services.repair, 'A');
            await stream.next((e) => e.data.lineId === ours, "hotel A's pool line");
            expect(stream.received.filter((e) => e.data.lineId === theirs)).toEqual([]);
            // Hotel A's line is taken by its own worker, so it leaves the pools.
            expect((await t.api.call(endpoints.workTake, { token: phoneA.accessToken, params: { lineId: ours }, body: {} })).status).toBe(200);
            await db().update(requestLines).set({ status: 'Rejected' }).where(eq(requestLines.id, theirs));
          } finally {
            stream.close();
          }
          return { status: stream.res.status };
        },
        allowed: [200],
      },
      workPushKey: { kind: 'own', why: 'the server key, the same for every phone' },
      workPushSubscribe: { kind: 'own', why: "the phone's own subscription" },
      workPushUnsubscribe: { kind: 'own', why: "the phone's own subscription" },
      workShift: { kind: 'own', why: "the phone's own worker's switch" },
      setWorkShift: { kind: 'own', why: "the phone's own worker's switch" },
    });

    const walk = async (kind: 'supervisor' | 'phone') => {
      const before = await hotelBState();
      const cases = crossCases();
      // Every phone and supervisor route of the contract has a case (the type says so too).
      const derived = Object.entries(endpoints).filter(([, e]) => 'path' in e && typeof e.path === 'string' && /^\/api\/Work(ers)?\//.test(e.path)).map(([name]) => name);
      expect(Object.keys(cases).sort()).toEqual([...derived, PHOTO_DOWNLOAD].sort());
      for (const [name, c] of Object.entries(cases)) {
        if (c.kind !== kind) continue;
        const res = await c.call();
        if (c.kind === 'supervisor') expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(404);
        else if (c.kind === 'phone') {
          expect(c.allowed, `${name}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
          if (res.status < 300) await c.check?.(res.body);
        }
      }
      expect(await hotelBState()).toEqual(before);
      // Hotel B's phone still works and still sees its own line.
      const tasks = await t.api.call(endpoints.workTasks, { token: phoneB.accessToken });
      expect(tasks.status).toBe(200);
      expect(tasks.body.map((x: { lineId: number }) => x.lineId)).toContain(lineB);
    };

    it('a supervisor of hotel A pairs, lists, unpairs and sets the PIN of no worker of hotel B (404, nothing changed)', () => walk('supervisor'));

    it("a phone of a hotel-A worker reads, takes and finishes no line of hotel B, nor hears of one (nothing changed)", () => walk('phone'));

    it('the Workers screen, shifts, zones and rosters of hotel A neither show nor touch a worker of hotel B', async () => {
      const before = await hotelBState();
      const listed = await t.api.call(endpoints.worker.list, { token: staffA });
      expect(listed.status).toBe(200);
      const ids = listed.body.map((w: { id: number }) => w.id);
      expect(ids).toContain(techA);
      expect(ids).not.toContain(techB);
      const edit = await t.api.call(endpoints.worker.edit, { token: staffA, params: { id: techB }, body: { name: 'Taken', phoneNumber: '+966 55 100 0042', workerCode: before.workers[0].workerCode, hotelIds: [fx.hotelA.id] } });
      expect(edit.status, JSON.stringify(edit.body)).toBe(404);
      expect((await t.api.call(endpoints.worker.remove, { token: staffA, params: { id: techB } })).status).toBe(404);
      expect((await t.api.call(endpoints.setWorkerShift, { token: staffA, params: { id: techB }, body: { shift: 'on' } })).status).toBe(404);
      expect((await t.api.call(endpoints.setWorkerZones, { token: staffA, params: { id: techB }, body: { zones: ['North'] } })).status).toBe(404);
      // Hotel A's routing screen lists its own workers only.
      const crew = await t.api.call(endpoints.routingWorkers, { token: staffA, query: { hotelId: fx.hotelA.id, departmentId: fx.departments.maintenance } });
      expect(crew.status).toBe(200);
      expect(crew.body.map((w: { workerId: number }) => w.workerId)).toEqual(expect.arrayContaining([techA]));
      expect(crew.body.map((w: { workerId: number }) => w.workerId)).not.toContain(techB);
      // A roster of hotel A naming hotel B's worker is refused, row by row; hotel B's roster is not hotel A's to read or write.
      const roster = await t.api.call(endpoints.saveRoutingRoster, {
        token: staffA,
        body: { hotelId: fx.hotelA.id, departmentId: fx.departments.maintenance, rows: [{ workerId: techB, weekday: 1, start: '07:00', end: '15:00' }] },
      });
      expect(roster.status, JSON.stringify(roster.body)).toBe(400);
      expect((await t.api.call(endpoints.routingRoster, { token: staffA, query: { hotelId: fx.hotelB.id, departmentId: fx.departments.maintenance } })).status).toBe(404);
      const rosterB = await t.api.call(endpoints.saveRoutingRoster, {
        token: staffA,
        body: { hotelId: fx.hotelB.id, departmentId: fx.departments.maintenance, rows: [{ workerId: techB, weekday: 1, start: '07:00', end: '15:00' }] },
      });
      expect(rosterB.status).toBe(404);
      expect(await hotelBState()).toEqual(before);
    });

    it("assigning a line to a worker of another hotel is refused on the desk and for a Special Request, in the caller's language, nothing changed", async () => {
      const desk = await lineOf(fx.services.repair, 'A');
      const lineBefore = (await db().select().from(requestLines).where(eq(requestLines.id, desk)))[0];
      // The desk's list of whom to assign offers hotel A's workers only.
      const details = await t.api.call(endpoints.serviceDetails, { token: staffA, params: { id: desk } });
      expect(details.status).toBe(200);
      const offered = details.body.availableWorkers.map((w: { id: number }) => w.id);
      expect(offered).toContain(techA);
      expect(offered).not.toContain(techB);
      for (const [lang, text] of [
        ['en', "This worker does not serve this request's hotel"],
        ['ar', 'هذا العامل لا يخدم فندق هذا الطلب'],
      ] as const) {
        const res = await t.api.call(endpoints.updateServiceRequestStatus, { token: staffA, lang, body: { requestDetailsId: desk, status: 'Assigned', workerId: techB } });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.message).toBe(text);
      }
      expect((await db().select().from(requestLines).where(eq(requestLines.id, desk)))[0]).toEqual(lineBefore);
      // A Special Request: to a department first, then a worker of another hotel is refused too.
      const special = await lineOf(fx.services.special, 'A');
      expect((await t.api.call(endpoints.assignServiceToDepartment, { token: staffA, body: { requestDetailsId: special, departmentId: fx.departments.housekeeping } })).status).toBe(200);
      const specialBefore = (await db().select().from(requestLines).where(eq(requestLines.id, special)))[0];
      const refused = await t.api.call(endpoints.updateServiceRequestStatus, { token: staffA, body: { requestDetailsId: special, status: 'Assigned', workerId: keeperB } });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect((await db().select().from(requestLines).where(eq(requestLines.id, special)))[0]).toEqual(specialBefore);
      // The same line goes to a worker of its own hotel.
      expect((await t.api.call(endpoints.updateServiceRequestStatus, { token: staffA, body: { requestDetailsId: desk, status: 'Assigned', workerId: techA } })).status).toBe(200);
    });

    it("the Worker screen: a worker needs a hotel, only the caller's hotels may be given, an edit keeps the others and ends the review", async () => {
      const add = (body: object, lang: 'en' | 'ar' = 'en') => t.api.call(endpoints.worker.add, { token: staffA, lang, body: { name: 'New', phoneNumber: '+966 55 100 0043', ...body } });
      const none = await add({ workerCode: `NH-${randomBytes(3).toString('hex')}` });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Choose at least one hotel the worker serves');
      expect((await add({ workerCode: `NH-${randomBytes(3).toString('hex')}` }, 'ar')).body.message).toBe('يرجى اختيار فندق واحد على الأقل يخدمه العامل');
      // Hotel B is not staffA's: as unknown as a hotel that does not exist; nothing is added.
      const code = `NB-${randomBytes(3).toString('hex')}`;
      const other = await add({ workerCode: code, hotelIds: [fx.hotelA.id, fx.hotelB.id] });
      expect(other.status, JSON.stringify(other.body)).toBe(400);
      expect(other.body.errors).toEqual([{ field: 'hotelIds', message: 'The selected hotel does not exist' }]);
      expect(await db().select().from(workers).where(eq(workers.workerCode, code))).toEqual([]);
      const ok = await add({ workerCode: code, hotelIds: [fx.hotelA.id] });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const listed = (await t.api.call(endpoints.worker.list, { token: staffA })).body.find((w: { id: number }) => w.id === ok.body.id);
      expect(listed).toMatchObject({ hotelIds: [fx.hotelA.id], hotelNames: [fx.hotelA.name], hotelsToReview: false });

      // A worker of both hotels, left for review by the upgrade: hotel A's staff keeps hotel B on it.
      const both = await made('Both', fx.departments.housekeeping, fx.hotelA.id);
      await serveHotels(db(), [both], [fx.hotelB.id]);
      await db().update(workers).set({ hotelsToReview: true }).where(eq(workers.id, both));
      const [row] = await db().select().from(workers).where(eq(workers.id, both));
      const edit = await t.api.call(endpoints.worker.edit, { token: staffA, params: { id: both }, body: { name: 'Both', phoneNumber: row.phoneNumber, workerCode: row.workerCode, hotelIds: [fx.hotelA.id] } });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const served = await db().select({ hotelId: workerHotels.hotelId }).from(workerHotels).where(eq(workerHotels.workerId, both));
      expect(served.map((h) => h.hotelId).sort()).toEqual([fx.hotelA.id, fx.hotelB.id].sort());
      expect((await db().select().from(workers).where(eq(workers.id, both)))[0].hotelsToReview).toBe(false);
    });

    it("routing offers a line only to workers of the line's hotel: one on shift elsewhere is no candidate", async () => {
      const admin = await t.adminToken();
      // Only hotel A's technician is on shift; hotel B's is off, the fixture's (both hotels) too.
      await db().update(workers).set({ shiftOverride: 'off' }).where(inArray(workers.id, [techB, fx.workers.technician]));
      await db().update(workers).set({ shiftOverride: 'on' }).where(eq(workers.id, techA));
      const rule = await t.api.call(endpoints.saveRoutingRule, { token: admin, body: { hotelId: fx.hotelB.id, scope: 'department', scopeId: fx.departments.maintenance, autoRoute: true, departmentId: null } });
      expect(rule.status, JSON.stringify(rule.body)).toBe(200);
      await db().update(departments).set({ workersTakeOpenLines: false }).where(eq(departments.id, fx.departments.maintenance));
      const line = await lineOf(fx.services.repair, 'B');
      await t.server.routing.runOnce(t.clock.now());
      expect((await db().select().from(requestLines).where(eq(requestLines.id, line)))[0].workerId).toBeNull();
      // Hotel B's own technician comes on shift: the line is its.
      await db().update(workers).set({ shiftOverride: 'on' }).where(eq(workers.id, techB));
      await t.server.routing.runOnce(t.clock.now());
      expect((await db().select().from(requestLines).where(eq(requestLines.id, line)))[0].workerId).toBe(techB);
    });

    it("the upgrade gives each worker the hotels it served, else every hotel, and the start log names those until they are saved", async () => {
      const migration = readFileSync(path.resolve(import.meta.dirname, '../../../server/src/db/migrations/0043_worker_hotels.sql'), 'utf8');
      const data = migration
        .split('--> statement-breakpoint')
        .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
        .filter((statement) => /^(INSERT|UPDATE)/.test(statement));
      expect(data).toHaveLength(3);
      // As before workers had hotels.
      await db().delete(workerHotels);
      await db().update(workers).set({ hotelsToReview: false });
      for (const statement of data) await db().execute(sql.raw(statement));
      const hotelsOf = async (workerId: number) =>
        (await db().select({ hotelId: workerHotels.hotelId }).from(workerHotels).where(eq(workerHotels.workerId, workerId))).map((h) => h.hotelId).sort();
      const flagged = async (workerId: number) => (await db().select().from(workers).where(eq(workers.id, workerId)))[0].hotelsToReview;
      // Served hotel B only (its line), hotel A only (its lines): kept to those.
      expect(await hotelsOf(techB)).toEqual([fx.hotelB.id]);
      expect(await hotelsOf(techA)).toEqual([fx.hotelA.id]);
      expect(await flagged(techB)).toBe(false);
      // Served none: every hotel, for review.
      const everyHotel = (await db().select({ id: hotels.id }).from(hotels)).map((h) => h.id).sort();
      expect(await hotelsOf(keeperB)).toEqual(everyHotel);
      expect(await flagged(keeperB)).toBe(true);
      const [keeper] = await db().select().from(workers).where(eq(workers.id, keeperB));
      const line = await workersToReviewLine(db());
      expect(line).toContain(`${keeper.workerCode} (${keeper.name})`);
      expect(line).not.toContain((await db().select().from(workers).where(eq(workers.id, techB)))[0].workerCode);
      // Saved once (its hotels chosen), it is no longer named.
      const admin = await t.adminToken();
      const saved = await t.api.call(endpoints.worker.edit, { token: admin, params: { id: keeperB }, body: { name: keeper.name, phoneNumber: keeper.phoneNumber, workerCode: keeper.workerCode, hotelIds: [fx.hotelB.id] } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(await hotelsOf(keeperB)).toEqual([fx.hotelB.id]);
      expect((await workersToReviewLine(db())) ?? '').not.toContain(keeper.workerCode);
    });
  });
});
