import { and, eq, inArray, isNotNull, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { lineEscalations, outboundMessages, requestLines, services } from '../../../server/src/db/schema';
import { MAIL_HOLD_MS } from '../../../server/src/modules/service-levels/escalation-mailer';
import { escalationMessageId } from '../../../server/src/modules/service-levels/escalation-mail';
import { escalationReceivers } from '../../../server/src/modules/service-levels/escalations.repository';
import { OUTBOUND_LEASE_MS, outboundMessageId } from '../../../server/src/outbound/outbound-queue';
import { receivesEscalations } from '../../../server/src/access/scope';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { testServerEntry } from '../../support/logged-server';
import { type ServerProcess, spawnServer } from '../../support/server-process';
import { type SmtpCatcher, messageIdOf, portsOf, startSmtp } from '../../support/smtp';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer, testDbKind } from '../../support/test-server';
import { ApiClient } from '../../support/api-client';
import { useSmtp } from '../administration/administration.fixtures';
import { untilWithin } from '../../support/until';

/** A target minute lasts this long (ms) here. */
const MINUTE_MS = 500;
const PUBLIC_URL = 'https://hotel.example.com';
const RECEIVE = 'Service Management.Escalations.Receive';
/** Processes sending, each killed mid-send and restarted. */
const PROCESSES = 3;
/** Kills: one per wave of late lines, each of a process caught mid-send (a few prove it; more only cost time). */
const KILLS = 3;
const LINES_PER_WAVE = 4;
const LINES = KILLS * LINES_PER_WAVE;
const GUEST_REQUESTS = 6;

const until = untilWithin(30_000);

/**
 * E-mails under crashes: escalation and "request finished" e-mails go out while server
 * processes on one PostgreSQL are SIGKILLed mid-send and restarted. Every e-mail must arrive,
 * and none twice: each receiver is written down the moment the mail server takes their
 * e-mail, so a try after a crash skips them. The kills fall while the mail server holds its
 * answers (each wave's, until the test lets them go after the kill): the only moment a crash cannot double an
 * e-mail is the few milliseconds between the server's 250 and that write, which the fixed
 * Message-ID covers and which this test leaves out on purpose.
 */
describe.runIf(testDbKind() === 'postgres')('e-mails under SIGKILL on one PostgreSQL', { timeout: 240_000 }, () => {
  let control: TestServer;
  let smtp: SmtpCatcher;
  const procs: (ServerProcess | undefined)[] = [];
  const starting = new Set<Promise<unknown>>();
  const stale: ServerProcess[] = [];
  let env: Record<string, string>;

  const spawnAt = async (slot: number) => {
    const started = spawnServer(env, { entry: testServerEntry() });
    starting.add(started);
    try {
      procs[slot] = await started;
    } finally {
      starting.delete(started);
    }
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    // The test's own server: fixtures and settings only; its scheduler is off, so it sends nothing.
    control = await startTestServer({ env: { PUBLIC_URL, HOTEL_SLA_MINUTE_MS: String(MINUTE_MS), HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    await useSmtp(control, smtp);
    env = {
      PUBLIC_URL,
      HOTEL_SLA_MINUTE_MS: String(MINUTE_MS),
      HOTEL_SLA_TICK_MS: '100',
      HOTEL_RATE_LIMITS: 'off',
      DATABASE_URL: control.config.databaseUrl!,
      HOTEL_JWT_SECRET: control.config.jwtSecret,
      HOTEL_ADMIN_EMAIL: ADMIN_EMAIL,
      HOTEL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    };
    await Promise.all(Array.from({ length: PROCESSES }, (_, i) => spawnAt(i)));
  }, 240_000);
  afterAll(async () => {
    await Promise.allSettled([...starting]);
    await Promise.all([...procs, ...stale].map((p) => p?.stop()));
    await control?.cleanup();
    await smtp?.close();
  });

  it('sends every escalation and guest e-mail, none twice, while processes are killed mid-send', async () => {
    const db = control.server.app.ctx.database.db;
    const fx: Fixture = await seedFixture(db);
    for (let i = 0; i < 3; i++) await createStaffUser(db, { claims: [RECEIVE], hotelIds: [fx.hotelA.id] });
    const clerk = await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] });
    const clerkToken = await tokenFor(control.server.app.ctx.tokens, clerk);
    // Towels: acknowledge within 2 minutes (1 s here), complete within 6 (3 s). Repairs: no target, finished by staff.
    await db.update(services).set({ acknowledgeMinutes: 2, completeMinutes: 6 }).where(eq(services.id, fx.services.towels));
    await db.update(services).set({ acknowledgeMinutes: null, completeMinutes: null }).where(eq(services.id, fx.services.repair));

    const lateLines: number[] = [];
    const guestRequests: { id: string; lineId: number }[] = [];
    const fileLate = async () => {
      const res = await control.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const view = await control.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } });
      lateLines.push(...view.body.requestDetails.map((l: { id: number }) => l.id));
    };
    const fileGuest = async (n: number) => {
      const res = await control.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.repair], { custEmail: `guest-${n}@guest.test` }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const view = await control.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } });
      guestRequests.push({ id: res.body.id, lineId: view.body.requestDetails[0].id });
    };
    for (let i = 0; i < GUEST_REQUESTS; i++) await fileGuest(i);

    /** Finishes a guest's line through whichever killable process is up, until the database says it is done. */
    const finishOnSome = async (lineId: number) => {
      for (;;) {
        const [line] = await db.select({ status: requestLines.status }).from(requestLines).where(eq(requestLines.id, lineId));
        if (line.status === 'Completed') return;
        const up = procs.filter((p): p is ServerProcess => p?.alive() === true);
        const proc = up[Math.floor(Math.random() * up.length)];
        if (!proc) {
          // Every process is down: wait for one to be up again.
          await Promise.race([...starting]);
          continue;
        }
        const body = line.status === 'Open' ? { requestDetailsId: lineId, status: 'Assigned', note: '', workerId: fx.workers.floater } : { requestDetailsId: lineId, status: 'Completed', note: 'Fixed' };
        // A call cut off by a kill is simply made again, on another process, from what the database says.
        await new ApiClient(proc.url).call(endpoints.updateServiceRequestStatus, { token: clerkToken, body }).catch(() => undefined);
      }
    };

    /** The guests' finished e-mails on the outbound queue (their Message-IDs are their rows'). */
    const guestRows = () =>
      db.select({ id: outboundMessages.id, key: outboundMessages.dedupeKey, state: outboundMessages.state }).from(outboundMessages).where(like(outboundMessages.dedupeKey, 'guest-finished:%'));
    /** The Message-IDs the database says were handed over: each receiver written down, each guest e-mail sent. */
    const writtenDown = async () => {
      const rows = await db.select({ id: lineEscalations.id, mailed: lineEscalations.mailedUserIds }).from(lineEscalations);
      const sent = (await guestRows()).filter((g) => g.state === 'sent');
      return new Set([...rows.flatMap((r) => r.mailed.map((u) => escalationMessageId(PUBLIC_URL, r.id, u))), ...sent.map((g) => outboundMessageId(PUBLIC_URL, g.id))]);
    };

    // The kill phase, in waves: late lines filed (their escalations fall due a second on), a guest's
    // request or two finished, and once a process is caught mid-send, that process SIGKILLed and
    // started again at once.
    let kills = 0;
    const perWave = Math.ceil(GUEST_REQUESTS / KILLS);
    for (let wave = 0; wave < KILLS; wave++) {
      // The mail server holds its answers from here: a sender whose message it took stays mid-send
      // until the test lets it go, however fast the machine.
      smtp.pause();
      for (let i = 0; i < LINES_PER_WAVE; i++) await fileLate();
      const finishing = Promise.all(guestRequests.slice(wave * perWave, (wave + 1) * perWave).map((g) => finishOnSome(g.lineId)));
      // A sender has a message whose answer it waits for, and is up: the moment to kill it.
      let victim: ServerProcess | undefined;
      let slot = -1;
      await until(
        async () => {
          await smtp.midSend();
          const sending = new Set(smtp.awaitingSenders());
          slot = procs.findIndex((p) => p?.alive() && [...portsOf(p.pid)].some((port) => sending.has(port)));
          victim = procs[slot];
          // No live process's (a dead one's, its close not seen yet): those go, the next ones are held.
          if (!victim) {
            smtp.resume();
            smtp.pause();
          }
          return victim !== undefined;
        },
        'a process caught mid-send',
        30_000,
      );
      // Answers held, let every e-mail the mail server took be written down: no process is then between
      // a 250 and writing it down (the window the fixed Message-ID covers, left out here).
      await until(async () => {
        const written = await writtenDown();
        return smtp.messages.every((m) => written.has(messageIdOf(m)!));
      }, 'what the mail server took to be written down', 30_000);
      process.kill(victim!.pid, 'SIGKILL');
      await victim!.exited;
      // The process's exit can reach this test before its sockets' close reaches the mail server: wait
      // until every held message is a live process's, so what was held for the dead one is not taken as handed over.
      await until(() => {
        const live = new Set(procs.flatMap((p) => (p?.alive() ? [...portsOf(p.pid)] : [])));
        return smtp.awaitingSenders().every((port) => live.has(port));
      }, 'the mail server to see the dead process gone', 30_000);
      smtp.resume();
      kills++;
      procs[slot] = undefined;
      stale.push(victim!);
      void spawnAt(slot);
      await finishing;
    }
    await Promise.allSettled([...starting]);

    // Every late line escalated for both targets, by whichever process was up.
    await until(async () => (await db.select().from(lineEscalations).where(inArray(lineEscalations.lineId, lateLines))).length === 2 * LINES, 'every escalation claimed', 30_000);
    // The survivors stop as a server stops: what they are sending is finished first. What is left is held
    // by the tries the kills cut off: the injected clock moves past those holds and one tick sends it.
    await Promise.all(procs.map((p) => p?.stop()));

    const rows = await db.select({ id: lineEscalations.id, lineId: lineEscalations.lineId }).from(lineEscalations).where(inArray(lineEscalations.lineId, lateLines));
    const receivers = (await escalationReceivers(db)).filter((r) => receivesEscalations(r, fx.hotelA.id));
    expect(receivers.length).toBeGreaterThanOrEqual(4);
    // One finished e-mail written per guest request, however many processes saw it finish.
    const guestIds = new Map((await guestRows()).map((g) => [g.key!.slice('guest-finished:'.length), g.id]));
    expect([...guestIds.keys()].sort()).toEqual(guestRequests.map((g) => g.id).sort());
    const guestMessageId = (requestId: string) => outboundMessageId(PUBLIC_URL, guestIds.get(requestId)!);
    const expected = new Set([
      ...rows.flatMap((row) => receivers.map((r) => escalationMessageId(PUBLIC_URL, row.id, r.userId))),
      ...guestRequests.map((g) => guestMessageId(g.id)),
    ]);
    const whose = new Map<string, string>([
      ...rows.flatMap((row) => receivers.map((r) => [escalationMessageId(PUBLIC_URL, row.id, r.userId), `escalation ${row.id} to user ${r.userId}`] as [string, string])),
      ...guestRequests.map((g) => [guestMessageId(g.id), `guest request ${g.id}`] as [string, string]),
    ]);
    for (let round = 0; round < 3 && ![...expected].every((id) => smtp.messages.some((m) => messageIdOf(m) === id)); round++) {
      control.clock.advance(Math.max(MAIL_HOLD_MS, OUTBOUND_LEASE_MS) + 60_000);
      await control.tick();
    }
    // Nothing is left to send: no escalation held or due again, no guest e-mail unsent. With every process
    // stopped and nothing left, no later copy can come: what arrived is all that will.
    const pending = await db.select({ id: lineEscalations.id }).from(lineEscalations).where(isNotNull(lineEscalations.nextMailAt));
    const unsent = await db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(and(like(outboundMessages.dedupeKey, 'guest-finished:%'), ne(outboundMessages.state, 'sent')));
    const written = await writtenDown();

    const ids = smtp.messages.map(messageIdOf);
    const seen = new Map<string | undefined, number>();
    for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
    const duplicates = [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
    const missing = [...expected].filter((id) => !seen.has(id)).map((id) => whose.get(id));
    console.log(
      `e-mails under SIGKILL: ${expected.size} expected (${rows.length} escalations × ${receivers.length} receivers + ${guestRequests.length} guests), ` +
        `${ids.length} received, ${kills} kills, ${smtp.abandoned()} cut off mid-send, ${duplicates.length} duplicates, ${missing.length} missing`,
    );
    if (duplicates.length) console.log(`duplicates: ${duplicates.slice(0, 10).join(', ')}`);
    expect(missing).toEqual([]);
    expect(pending).toEqual([]);
    expect(unsent).toEqual([]);
    expect([...expected].every((id) => written.has(id))).toBe(true);
    expect(kills).toBe(KILLS);
    // Each kill cut a process off mid-send: the message it waited on was never handed over.
    expect(smtp.abandoned()).toBeGreaterThanOrEqual(KILLS);
    expect(ids.every((id) => id !== undefined && expected.has(id))).toBe(true);
    expect(duplicates).toEqual([]);
    expect(ids).toHaveLength(expected.size);
  });
});
