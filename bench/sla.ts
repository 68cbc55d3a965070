/**
 * Service levels: a demo shift of 200 guest requests on the demo hotels, with
 * a fast clock (one target minute lasts MINUTE_MS of real time), handled by simulated
 * staff through the real HTTP API. Reports the share of lines acknowledged and completed
 * within their targets, and how long after a target passed its escalation went out
 * (real time, what a supervisor waits; the scheduler's default interval of 2 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints, pathOf } from '../shared';
import { loadConfig } from '../server/src/config';
import { lineEscalations, requestLines, rooms, services } from '../server/src/db/schema';
import { startServer } from '../server/src/server';

const REQUESTS = 200;
/** One simulated minute in real ms: an 8-hour shift takes 48 s (HTTP calls cost well under a simulated minute). */
const MINUTE_MS = 100;
const SHIFT_MINUTES = 8 * 60;

/** A seeded pseudo-random source, so every run simulates the same shift. */
function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}
/** A log-normal delay in minutes around `median` (staff are usually quick, sometimes very late). */
const delay = (rand: () => number, median: number) => median * Math.exp(0.8 * Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand()));
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);

export async function benchSla(): Promise<{ title: string; lines: string[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-sla-'));
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      HOTEL_DATA_DIR: dataDir,
      HOTEL_ADMIN_EMAIL: 'admin@bench.hotel',
      HOTEL_ADMIN_PASSWORD: 'Bench-Passw0rd!x',
      HOTEL_RATE_LIMITS: 'off',
      HOTEL_SLA_MINUTE_MS: String(MINUTE_MS),
      LOG_LEVEL: 'silent',
    },
    ['--demo'],
  );
  const server = await startServer(config, { logger: false });
  const db = server.app.ctx.database.db;
  const call = async (endpoint: { method: string; path: string }, options: { token?: string; body?: unknown; params?: Record<string, string | number> } = {}) => {
    const res = await fetch(new URL(pathOf(endpoint, options.params), server.url), {
      method: endpoint.method,
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: res.status, body: await res.json() };
  };
  try {
    const token = (await call(endpoints.login, { body: { email: 'admin@bench.hotel', password: 'Bench-Passw0rd!x' } })).body.accessToken as string;
    const offered = (await db.select({ id: services.id, isSpecial: services.isSpecial }).from(services)).filter((s) => !s.isSpecial);
    const roomRows = await db.select({ id: rooms.id, hotelId: rooms.hotelId }).from(rooms);
    const rand = random(14);
    const work: Promise<void>[] = [];
    const sleep = (minutes: number) => new Promise((r) => setTimeout(r, minutes * MINUTE_MS));
    const started = Date.now();
    for (let i = 0; i < REQUESTS; i++) {
      // Requests arrive evenly over the shift.
      const at = started + (i * SHIFT_MINUTES * MINUTE_MS) / REQUESTS;
      await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
      const room = roomRows[Math.floor(rand() * roomRows.length)];
      const service = offered[Math.floor(rand() * offered.length)];
      const added = await call(endpoints.addRequest, {
        body: { custName: 'Bench Guest', custEmail: 'guest@bench.test', custPhone: '+966 55 123 4567', hotelId: room.hotelId, roomId: room.id, note: '', services: [{ serviceId: service.id, note: '' }] },
      });
      const ackAfter = delay(rand, 4);
      const doneAfter = ackAfter + delay(rand, 18);
      work.push(
        (async () => {
          const view = await call(endpoints.userRequestDetails, { params: { id: added.body.id } });
          const lineId = view.body.requestDetails[0].id as number;
          await sleep(ackAfter);
          await call(endpoints.acknowledgeService, { token, body: { id: lineId } });
          const details = await call(endpoints.serviceDetails, { token, params: { id: lineId } });
          const workerId = details.body.availableWorkers[0]?.id;
          await call(endpoints.updateServiceRequestStatus, { token, body: { requestDetailsId: lineId, status: 'Assigned', workerId, note: '' } });
          await sleep(doneAfter - ackAfter);
          await call(endpoints.updateServiceRequestStatus, { token, body: { requestDetailsId: lineId, status: 'Completed', note: '' } });
        })(),
      );
    }
    await Promise.all(work);
    // Let the last escalations of the shift go out.
    await new Promise((r) => setTimeout(r, config.sla.tickMs * 2));
    const lines = await db.select().from(requestLines);
    const within = (due: Date | null, done: Date | null) => due !== null && done !== null && done <= due;
    const withAck = lines.filter((l) => l.acknowledgeDueAt);
    const withComplete = lines.filter((l) => l.completeDueAt);
    const acked = withAck.filter((l) => within(l.acknowledgeDueAt, l.acknowledgedAt)).length;
    const completed = withComplete.filter((l) => within(l.completeDueAt, l.completedAt)).length;
    const escalations = await db.select().from(lineEscalations);
    const delays = escalations.map((e) => e.escalatedAt.getTime() - e.dueAt.getTime()).sort((a, b) => a - b);
    const share = (n: number, of: number) => `${of ? ((100 * n) / of).toFixed(1) : '-'}% (${n}/${of})`;
    return {
      title: 'Service levels: a simulated shift',
      lines: [
        `${REQUESTS} requests over ${SHIFT_MINUTES} simulated minutes (1 minute = ${MINUTE_MS} ms), demo targets, PGlite, escalation tick ${config.sla.tickMs} ms`,
        `acknowledged within target: ${share(acked, withAck.length)}`,
        `completed within target: ${share(completed, withComplete.length)}`,
        `escalations: ${escalations.length} (acknowledge ${escalations.filter((e) => e.kind === 'acknowledge').length}, complete ${escalations.filter((e) => e.kind === 'complete').length})`,
        `escalation delay after the target passed: p50 ${pct(delays, 0.5)} ms, p99 ${pct(delays, 0.99)} ms, max ${delays.at(-1) ?? NaN} ms (aim < 5000 ms)`,
      ],
    };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
