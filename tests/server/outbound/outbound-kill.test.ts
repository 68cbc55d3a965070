import { createECDH, randomBytes } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { departments, outboundMessages } from '../../../server/src/db/schema';
import { OUTBOUND_LEASE_MS, outboundMessageId } from '../../../server/src/outbound/outbound-queue';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { testServerEntry } from '../../support/logged-server';
import { type ServerProcess, spawnServer } from '../../support/server-process';
import { type CaughtMail, type SmtpCatcher, messageIdOf, portsOf, startSmtp, subjectOf } from '../../support/smtp';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer, testDbKind } from '../../support/test-server';
import { ApiClient } from '../../support/api-client';
import { linkOf, useSmtp } from '../administration/administration.fixtures';
import { untilWithin } from '../../support/until';

const PUBLIC_URL = 'https://hotel.example.com';
/** Processes asking for reset e-mails in the random-kill run, each killed mid-send at random and restarted. */
const PROCESSES = 3;
const KILLS = 3;
const ASKS_PER_WAVE = 4;

const until = untilWithin(30_000);

/**
 * A push service on loopback that holds (never answers) the first push to each path marked
 * `hold`: its sender is mid-push until it dies. Only a push it answered 201 counts as taken.
 */
function startPushService() {
  const taken: { path: string; headers: IncomingHttpHeaders }[] = [];
  const held: string[] = [];
  const hold = new Set<string>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '';
      if (hold.delete(path)) {
        held.push(path);
        return;
      }
      res.statusCode = 201;
      res.end();
      taken.push({ path, headers: req.headers });
    });
  });
  return new Promise<{ url: string; taken: typeof taken; held: string[]; hold: Set<string>; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        taken,
        held,
        hold,
        close: () => {
          server.closeAllConnections();
          return new Promise((r) => server.close(() => r()));
        },
      }),
    ),
  );
}

/**
 * E-mails and pushes on the outbound queue under SIGKILL, on one PostgreSQL: a process killed
 * after the commit (its call answered, its message mid-send) leaves the message to another
 * process, which sends it once its lease is over, once. The kills fall while the mail server
 * holds its answers: the few milliseconds between a 250 and writing it down, which the fixed
 * Message-ID covers, are left out (as in email-kill.test.ts). Time moves on the test's own
 * server's clock: it takes what the dead left.
 */
describe.runIf(testDbKind() === 'postgres')('the outbound queue under SIGKILL', { timeout: 240_000 }, () => {
  let control: TestServer;
  let smtp: SmtpCatcher;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let fx: Fixture;
  let env: Record<string, string>;
  const spawned: ServerProcess[] = [];
  const db = () => control.server.app.ctx.database.db;
  const spawn = async () => {
    const proc = await spawnServer(env, { entry: testServerEntry() });
    spawned.push(proc);
    return proc;
  };
  const kill = async (proc: ServerProcess) => {
    process.kill(proc.pid, 'SIGKILL');
    await proc.exited;
  };
  /** The test's own server takes what is due once the dead process's lease is over, as another process would. */
  const afterTheLease = async () => {
    control.clock.advance(OUTBOUND_LEASE_MS + 60_000);
    await control.tick();
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    push = await startPushService();
    // The test's own server: fixtures and settings; it sends only when the test ticks it.
    control = await startTestServer({ env: { PUBLIC_URL, HOTEL_SLA_TICK_MS: '0', HOTEL_OUTBOUND_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off', HOTEL_PUSH_LOOPBACK: 'on' } });
    await useSmtp(control, smtp);
    fx = await seedFixture(db());
    env = {
      PUBLIC_URL,
      HOTEL_SLA_TICK_MS: '0',
      HOTEL_RATE_LIMITS: 'off',
      HOTEL_PUSH_LOOPBACK: 'on',
      DATABASE_URL: control.config.databaseUrl!,
      HOTEL_JWT_SECRET: control.config.jwtSecret,
      HOTEL_ADMIN_EMAIL: ADMIN_EMAIL,
      HOTEL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    };
  }, 120_000);
  afterAll(async () => {
    smtp?.resume();
    await Promise.all(spawned.map((p) => p.stop()));
    await control?.cleanup();
    await smtp?.close();
    await push?.close();
  });

  it('a reset e-mail whose process is killed after the answer, mid-send, is sent by another process, once', async () => {
    const proc = await spawn();
    const user = await createStaffUser(db(), { claims: [] });
    const isTheReset = (m: CaughtMail) => m.to.includes(user.email) && subjectOf(m) === 'Reset your password';
    smtp.pause();
    const asked = await new ApiClient(proc.url).call(endpoints.forgotPassword, { body: { email: user.email } });
    expect(asked.status).toBe(200);
    // The process is mid-send, the mail server holding its answer: the moment to kill it.
    await until(() => smtp.awaitingSenders().some((port) => portsOf(proc.pid).has(port)), 'the reset e-mail mid-send');
    await kill(proc);
    await until(() => smtp.awaitingSenders().length === 0, 'the mail server to see the dead process gone');
    smtp.resume();
    expect(smtp.messages.filter(isTheReset)).toHaveLength(0);

    await afterTheLease();
    const mail = await smtp.waitFor(isTheReset, 5_000);
    await afterTheLease();
    expect(smtp.messages.filter(isTheReset)).toHaveLength(1);
    const link = linkOf(mail);
    const reset = await control.api.call(endpoints.resetPassword, { body: { email: link.email, token: link.token, newPassword: 'Quiet-Harbour-Lantern-77' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });

  it("a task's push whose process is killed after the assignment's answer, mid-push, reaches the phone from another process, once", async () => {
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] };
    const tokens = control.server.app.ctx.tokens;
    const supervisor = await tokenFor(tokens, await createStaffUser(db(), { claims: ['Basic Data.Worker.Pair', 'Basic Data.Worker.View'], ...scope }));
    const clerk = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS, ...scope }));
    const code = await control.api.call(endpoints.workerPairingCode, { token: supervisor, params: { workerId: fx.workers.housekeeper } });
    const phone = await control.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Phone' } });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const path = '/push/killed';
    const subscribed = await control.api.call(endpoints.workPushSubscribe, {
      token: phone.body.accessToken,
      body: { endpoint: `${push.url}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } },
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(204);
    // Only the assignment pushes: no department's phones are offered the open line.
    await db().update(departments).set({ workersTakeOpenLines: false });
    const added = await control.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const line = (await control.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;

    const proc = await spawn();
    push.hold.add(path);
    const assigned = await new ApiClient(proc.url).call(endpoints.updateServiceRequestStatus, {
      token: clerk,
      body: { requestDetailsId: line, status: 'Assigned', note: '', workerId: fx.workers.housekeeper },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await until(() => push.held.includes(path), 'the push mid-send');
    await kill(proc);
    expect(push.taken.filter((p) => p.path === path)).toHaveLength(0);

    await afterTheLease();
    await until(() => push.taken.some((p) => p.path === path), 'the push from another process', 5_000);
    await afterTheLease();
    const taken = push.taken.filter((p) => p.path === path);
    expect(taken).toHaveLength(1);
    // The Topic is fixed per message: a copy the push service still held would be replaced, not doubled.
    expect(taken[0].headers.topic).toMatch(/^outbound-\d+$/);
  });

  it('sends every reset e-mail asked of 3 processes, none twice, while processes are killed mid-send at random', async () => {
    const procs: (ServerProcess | undefined)[] = await Promise.all(Array.from({ length: PROCESSES }, () => spawn()));
    const starting = new Set<Promise<unknown>>();
    const users = await Promise.all(Array.from({ length: KILLS * ASKS_PER_WAVE }, () => createStaffUser(db(), { claims: [] })));
    const acknowledged = new Set<string>();
    /** Asks through a random live process until one answers: a call cut off by a kill is made again elsewhere. */
    const ask = async (email: string) => {
      for (;;) {
        const up = procs.filter((p): p is ServerProcess => p?.alive() === true);
        const proc = up[Math.floor(Math.random() * up.length)];
        if (!proc) {
          await Promise.race([...starting]);
          continue;
        }
        const res = await new ApiClient(proc.url).call(endpoints.forgotPassword, { body: { email } }).catch(() => undefined);
        if (res?.status === 200) return void acknowledged.add(email);
      }
    };
    const sentIds = async () => {
      const rows = await db().select({ id: outboundMessages.id }).from(outboundMessages).where(eq(outboundMessages.state, 'sent'));
      return new Set(rows.map((r) => outboundMessageId(PUBLIC_URL, r.id)));
    };
    const first = smtp.messages.length;
    const abandonedBefore = smtp.abandoned();
    let kills = 0;
    const asking: Promise<void>[] = [];
    for (let wave = 0; wave < KILLS; wave++) {
      // The mail server holds its answers while the wave is asked: each process that took an ask is mid-send.
      smtp.pause();
      asking.push(...users.slice(wave * ASKS_PER_WAVE, (wave + 1) * ASKS_PER_WAVE).map((u) => ask(u.email)));
      // A sender caught mid-send, chosen at random among those that are: the one to kill.
      let slot = -1;
      await until(async () => {
        await smtp.midSend();
        const sending = new Set(smtp.awaitingSenders());
        const candidates = procs.flatMap((p, i) => (p?.alive() && [...portsOf(p.pid)].some((port) => sending.has(port)) ? [i] : []));
        slot = candidates[Math.floor(Math.random() * candidates.length)] ?? -1;
        return slot >= 0;
      }, 'a process caught mid-send');
      // Answers held, every e-mail the mail server took is written down before the kill (the window the Message-ID covers is left out).
      await until(async () => {
        const written = await sentIds();
        return smtp.messages.every((m) => written.has(messageIdOf(m)!));
      }, 'what the mail server took to be written down');
      const victim = procs[slot]!;
      procs[slot] = undefined;
      await kill(victim);
      await until(() => {
        const live = new Set(procs.flatMap((p) => (p?.alive() ? [...portsOf(p.pid)] : [])));
        return smtp.awaitingSenders().every((port) => live.has(port));
      }, 'the mail server to see the dead process gone');
      smtp.resume();
      kills++;
      const restart = spawn().then((p) => void (procs[slot] = p));
      starting.add(restart);
      void restart.finally(() => starting.delete(restart));
    }
    await Promise.all(asking);
    await Promise.allSettled([...starting]);
    // The survivors stop as a server stops; what the kills cut off is left leased, and taken once the lease is over.
    await Promise.all(procs.map((p) => p?.stop()));
    const asked = new Set(users.map((u) => u.email));
    const rows = (await db().select().from(outboundMessages).where(eq(outboundMessages.kind, 'password-reset'))).filter((r) => asked.has((r.input as { email: string }).email));
    const expected = new Set(rows.filter((r) => r.state !== 'dropped').map((r) => outboundMessageId(PUBLIC_URL, r.id)));
    for (let round = 0; round < 3 && ![...expected].every((id) => smtp.messages.some((m) => messageIdOf(m) === id)); round++) await afterTheLease();

    const ids = smtp.messages.slice(first).map(messageIdOf);
    const seen = new Map<string | undefined, number>();
    for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
    const duplicates = [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
    const missing = [...expected].filter((id) => !seen.has(id));
    const unanswered = users.filter((u) => acknowledged.has(u.email) && !smtp.messages.slice(first).some((m) => m.to.includes(u.email)));
    console.log(
      `outbound under SIGKILL: ${acknowledged.size} resets acknowledged, ${expected.size} rows, ${ids.length} received, ${kills} kills, ` +
        `${smtp.abandoned()} cut off mid-send, ${duplicates.length} duplicates, ${missing.length} missing`,
    );
    expect(acknowledged.size).toBe(users.length);
    expect(unanswered).toEqual([]);
    expect(missing).toEqual([]);
    expect(duplicates).toEqual([]);
    expect(ids.every((id) => id !== undefined && expected.has(id))).toBe(true);
    // Nothing is left to send: with every process stopped, no later copy can come.
    const states = await db().select({ id: outboundMessages.id, state: outboundMessages.state }).from(outboundMessages);
    expect(states.filter((r) => rows.some((row) => row.id === r.id) && r.state !== 'sent')).toEqual([]);
    expect(kills).toBe(KILLS);
    // Each kill cut a process off mid-send: the message it waited on was never handed over, and came from another.
    expect(smtp.abandoned() - abandonedBefore).toBeGreaterThanOrEqual(KILLS);
  });
});
