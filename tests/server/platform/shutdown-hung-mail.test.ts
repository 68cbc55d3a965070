import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { lineEscalations, outboundMessages, services } from '../../../server/src/db/schema';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { spawnLoggedServer } from '../../support/logged-server';
import type { ServerProcess } from '../../support/server-process';
import { ApiClient } from '../../support/api-client';
import { type TestServer, startTestServer } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

/** A target minute lasts this long (ms) here: the fast clock of the escalation tests. */
const FAST = { HOTEL_SLA_MINUTE_MS: '100', HOTEL_SLA_TICK_MS: '50', HOTEL_RATE_LIMITS: 'off' };
/** server.ts's bounded wait for e-mails, and main.ts's limit for a whole stop. */
const MAIL_WAIT_MS = 5_000;
const STOP_LIMIT_MS = 8_000;

/** A "mail server" that takes the connection and never says a word: nodemailer waits for its greeting. */
async function startHungSmtp(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A stop must not wait on a mail server that never answers: the server stops taking calls
 * at once, gives the e-mails under way a bounded wait, closes the database and exits 0.
 * The e-mails cut off stay held in their rows, for a retry after the restart.
 */
describe('stopping the server while the mail server hangs', { timeout: 240_000 }, () => {
  let seeded: TestServer;
  let server: ServerProcess | undefined;
  let restarted: TestServer | undefined;
  let smtp: Awaited<ReturnType<typeof startHungSmtp>>;
  let fx: Fixture;
  let escalatedLine: number;
  let guestRequestId: string;
  let guestLine: number;
  let token: string;

  beforeAll(async () => {
    smtp = await startHungSmtp();
    // Set up in this process (no scheduler), then hand the database to a real server process.
    seeded = await startTestServer({ env: { ...FAST, HOTEL_SLA_TICK_MS: '0' } });
    const db = seeded.server.app.ctx.database.db;
    fx = await seedFixture(db);
    await useSmtp(seeded, smtp);
    await db.update(services).set({ acknowledgeMinutes: 1, completeMinutes: null }).where(eq(services.id, fx.services.towels));
    const late = await seeded.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    escalatedLine = (await seeded.api.call(endpoints.userRequestDetails, { params: { id: late.body.id } })).body.requestDetails[0].id;
    const toGuest = await seeded.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.repair], { custEmail: 'hung@guest.test' }) });
    expect(toGuest.status, JSON.stringify(toGuest.body)).toBe(200);
    guestRequestId = toGuest.body.id;
    guestLine = (await seeded.api.call(endpoints.userRequestDetails, { params: { id: guestRequestId } })).body.requestDetails[0].id;
    token = await seeded.adminToken();
    const assigned = await seeded.api.call(endpoints.updateServiceRequestStatus, {
      token,
      body: { requestDetailsId: guestLine, status: 'Assigned', note: '', workerId: fx.workers.floater },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await seeded.close();
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await restarted?.close();
    await seeded?.cleanup();
    await smtp?.close();
  });

  it('refuses calls within a second of SIGTERM, exits 0 within the bounded wait, and leaves a database that opens again with the cut-off e-mails held', async () => {
    const { dataDir, databaseUrl } = seeded.config;
    server = await spawnLoggedServer({ ...FAST, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, { dataDir });
    const api = new ApiClient(server.url);
    // The escalation e-mail starts on the first tick; the guest's when the last line is finished.
    const done = await api.call(endpoints.updateServiceRequestStatus, { token, body: { requestDetailsId: guestLine, status: 'Completed', note: 'fixed' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await expect.poll(() => smtp.connections(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    const signalledAt = performance.now();
    process.kill(server.pid, 'SIGTERM');
    // Calls after the signal are refused (503, or no connection) at once, not answered while the e-mails hang.
    const healthUrl = new URL(pathOf(endpoints.health), server.url);
    const health = () => fetch(healthUrl).then((res) => res.status, () => 0);
    await expect.poll(health, { timeout: STOP_LIMIT_MS, interval: 20 }).not.toBe(200);
    const refusedAfterMs = performance.now() - signalledAt;
    const code = await server.exited;
    const stopMs = performance.now() - signalledAt;
    console.info(`hung mail server: calls refused ${Math.round(refusedAfterMs ?? -1)} ms, exited ${code} ${Math.round(stopMs)} ms after SIGTERM`);
    expect(refusedAfterMs).toBeLessThan(1_000);
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(MAIL_WAIT_MS + 2_000);
    expect(server.log()).toMatch(/"msg":"stopped"/);

    // The database was closed cleanly: it opens again, and the two e-mails wait there for their retry.
    restarted = await startTestServer({ env: { ...FAST, HOTEL_SLA_TICK_MS: '0' }, reuse: { dataDir, databaseUrl } });
    expect((await restarted.api.call(endpoints.health)).status).toBe(200);
    const db = restarted.server.app.ctx.database.db;
    const [escalation] = await db.select().from(lineEscalations).where(eq(lineEscalations.lineId, escalatedLine));
    expect(escalation.mailedUserIds).toEqual([]);
    expect(escalation.nextMailAt!.getTime()).toBeGreaterThan(Date.now());
    // The guest's e-mail is on the outbound queue, its try cut off: still pending, leased until its lease runs out.
    const [notice] = await db.select().from(outboundMessages).where(eq(outboundMessages.dedupeKey, `guest-finished:${guestRequestId}`));
    expect(notice).toMatchObject({ state: 'pending', attempts: 1, sentAt: null });
    expect(notice.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});
