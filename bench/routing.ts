/**
 * Routing (`BENCH_ONLY=routing npm run bench`, or `npx tsx bench/routing.ts`): a simulated
 * shift on three server processes sharing one PostgreSQL database and one fast clock
 * (HOTEL_TEST_CLOCK with a common origin, so the three read the same time).
 * - 3 departments × 6 workers, each with a paired phone polling its tasks on one of the
 *   three servers; a weekly roster puts three of each department on shift at the start,
 *   all six in the middle, the other three at the end (two shift changes);
 * - 300 guest lines spread over the shift, filed on the three servers in turn; nobody at
 *   the desk touches anything;
 * - a worker accepts an offered task after a random delay (log-normal, sometimes later
 *   than the rule's 3 minutes) or never (1 offer in 10), and finishes it some minutes later.
 * Afterwards the database is read back: every routing decision (line_routing_log) is
 * checked against the roster and against the loads all workers had at that moment.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type RosterSlot, localWeekMinute, rosterCovers } from '../shared/routing';
import { apiPaths, fillPath } from '../shared/api/paths';
import { postJson } from './lib/load';
import { BENCH_ADMIN, type ServerProcess, startServerProcess } from './lib/server-process';
import { createDatabase, findPgBin, startCluster } from './lib/postgres';

const LINES = Number(process.env.BENCH_ROUTING_LINES ?? 300);
/** How much faster the simulated clock runs: at 60, the 6.5-hour shift takes 6.5 minutes. */
const RATE = Number(process.env.BENCH_ROUTING_RATE ?? 60);
const DEPARTMENTS = 3;
const WORKERS = 6;
const CAP = 3;
const ACCEPT_MINUTES = 3;
const MAX_REOFFERS = 2;
/** Lines arrive over the first 330 minutes; shift A is minutes 0–240, shift B 120–390. */
const ARRIVALS_MINUTES = 330;
const SHIFT_A = [0, 240] as const;
const SHIFT_B = [120, 390] as const;
const END_MINUTES = 390;
const NEVER_ACCEPTS = 0.1;
const POLL_MS = 250;
/** The servers' routing and escalation tick, real ms (30 simulated seconds at the default rate). */
const TICK_MS = 250;

const realMsOf = (minutes: number) => (minutes * 60_000) / RATE;

function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}
/** A log-normal delay in minutes around `median`. */
const delay = (rand: () => number, median: number) => median * Math.exp(0.8 * Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand()));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T = any>(url: string, method: string, token: string | undefined, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
async function ok<T = any>(url: string, method: string, token: string | undefined, body?: unknown): Promise<T> {
  const res = await call<T>(url, method, token, body);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface RoutingFigures {
  lines: number;
  noHumanTouch: number;
  escalated: number;
  unrouted: number;
  offShift: number;
  routedTwice: number;
  twoAtOnce: number;
  maxSpread: number;
  spreadOver1: number;
  notLeastLoaded: number;
  routings: number;
  reoffers: number;
  medianAcceptMinutes: number;
  stampedEarly: number;
  medianFirstOfferMinutes: number;
  realSeconds: number;
}

export async function simulateShift(databaseUrl: string): Promise<RoutingFigures> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const servers: ServerProcess[] = [];
  const stopping: (() => void)[] = [];
  try {
    // One fast clock for all three, from before the first starts: the shift begins when setup is done.
    const zone = 'UTC';
    const simStart = new Date('2026-11-30T00:00:00Z');
    const origin = Date.now();
    const env = {
      NODE_ENV: 'test',
      HOTEL_TEST_CLOCK: `${simStart.toISOString()}@${RATE}@${origin}`,
      HOTEL_TIME_ZONE: zone,
      HOTEL_SLA_TICK_MS: String(TICK_MS),
      HOTEL_PAIR_RATE_LIMIT: '100000',
      HOTEL_ROOM_REQUEST_RATE_LIMIT: '0',
      // Tokens live by the fast clock too: a day of it outlasts the whole run (24 minutes at 60×).
      HOTEL_ACCESS_TOKEN_TTL: '86400',
    };
    const simNow = () => new Date(simStart.getTime() + (Date.now() - origin) * RATE);
    console.log('  starting 3 server processes …');
    servers.push(await startServerProcess({ databaseUrl, env: { ...env, HOTEL_DEMO: '1' } }));
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess({ databaseUrl, env }));
    const u = (i: number, p: string) => `${servers[i % servers.length].url}${p}`;
    const { accessToken: desk } = await postJson(u(0, apiPaths.login), BENCH_ADMIN);

    // Three departments of the first hotel, each with non-special services; rooms of that hotel.
    const [hotel] = (await ok<any[]>(u(0, apiPaths.generateHotels), 'GET', desk)).sort((a, b) => a.id - b.id);
    await db.query('update hotels set time_zone = $1 where id = $2', [zone, hotel.id]);
    const rooms = await ok<any[]>(`${u(0, apiPaths.generateRooms)}?hotelId=${hotel.id}`, 'GET', desk);
    const svc = await db.query<{ id: number; department_id: number }>('select id, department_id from services where not is_special and department_id is not null order by id');
    const byDept = new Map<number, number[]>();
    for (const s of svc.rows) byDept.set(s.department_id, [...(byDept.get(s.department_id) ?? []), s.id]);
    const departments = [...byDept.keys()].slice(0, DEPARTMENTS);
    if (departments.length < DEPARTMENTS) throw new Error('the demo data has fewer than 3 departments with services');
    const services = departments.flatMap((d) => byDept.get(d)!.slice(0, 4));

    // Demo lines still open in those departments are closed: the shift starts with empty hands.
    await db.query(`update request_lines set status = 'Completed' where status in ('Open', 'Assigned')`);

    // 18 workers with phones; then a roster of two overlapping shifts per department, from the next minute on.
    let startLocal = { weekday: 0, minute: 0 };
    const slot = (from: number, to: number): RosterSlot => ({ weekday: startLocal.weekday, startMinute: startLocal.minute + from, endMinute: startLocal.minute + to });
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const workers: { workerId: number; departmentId: number; token: string; server: number; roster: RosterSlot[] }[] = [];
    console.log(`  ${DEPARTMENTS * WORKERS} workers and phones …`);
    for (const departmentId of departments) {
      for (let i = 0; i < WORKERS; i++) {
        const n = workers.length;
        const { id: workerId } = await ok(u(0, apiPaths.worker_add), 'POST', desk, { name: `Sim Worker ${n}`, phoneNumber: '+966 55 123 4567', workerCode: `SIM${String(n).padStart(3, '0')}`, departmentId });
        const { code } = await ok(u(0, fillPath(apiPaths.workerPairingCode, { workerId })), 'POST', desk, {});
        const session = await postJson(u(n, apiPaths.workPair), { code, deviceName: `Sim phone ${n}` });
        workers.push({ workerId, departmentId, token: session.accessToken, server: n % 3, roster: [] });
      }
    }
    const simWorkers = new Set(workers.map((w) => w.workerId));
    // The shift starts ten simulated minutes after the next whole one (rosters are in whole minutes).
    const shiftStart = new Date(Math.ceil(simNow().getTime() / 60_000) * 60_000 + 10 * 60_000);
    startLocal = localWeekMinute(shiftStart, zone);
    if (startLocal.minute + END_MINUTES > 24 * 60) throw new Error(`setup took too long: the simulated day is at ${startLocal.minute} minutes, the shift would cross midnight`);
    console.log('  rosters and rules …');
    for (const departmentId of departments) {
      const crew = workers.filter((w) => w.departmentId === departmentId);
      crew.forEach((w, i) => (w.roster = [i < WORKERS / 2 ? slot(...SHIFT_A) : slot(...SHIFT_B)]));
      const rows = crew.map((w) => ({ workerId: w.workerId, weekday: w.roster[0].weekday, start: hhmm(w.roster[0].startMinute), end: hhmm(w.roster[0].endMinute) }));
      await ok(u(0, apiPaths.saveRoutingRoster), 'PUT', desk, { hotelId: hotel.id, departmentId, rows });
      await ok(u(0, apiPaths.saveRoutingRule), 'PUT', desk, { hotelId: hotel.id, scope: 'department', scopeId: departmentId, maxOpenTasks: CAP, acceptMinutes: ACCEPT_MINUTES, maxReoffers: MAX_REOFFERS });
    }
    const shiftOrigin = origin + (shiftStart.getTime() - simStart.getTime()) / RATE;
    if (Date.now() > shiftOrigin) throw new Error('rosters and rules took longer than ten simulated minutes');
    await sleep(shiftOrigin - Date.now());
    const began = performance.now();
    console.log(`  shift starts at ${shiftStart.toISOString()} (simulated), ${RATE}× real time`);

    // The phones: poll, accept after a delay (or never), finish a while later.
    const rand = random(26);
    const acceptsOk = new Map<number, Set<number>>();
    const failures: string[] = [];
    const taps: Promise<unknown>[] = [];
    let running = true;
    const phones = workers.map(async (w) => {
      const seen = new Set<number>();
      while (running) {
        const tasks = await call<any[]>(u(w.server, apiPaths.workTasks), 'GET', w.token);
        for (const task of tasks.status === 200 ? tasks.body : []) {
          if (task.acceptedAt || seen.has(task.lineId)) continue;
          seen.add(task.lineId);
          if (rand() < NEVER_ACCEPTS) continue;
          const acceptAfter = delay(rand, 0.8);
          const doneAfter = acceptAfter + delay(rand, 12);
          const tap = (async () => {
            await sleep(realMsOf(acceptAfter));
            const key = (step: string) => ({ clientActionId: `sim-${w.workerId}-${task.lineId}-${step}` });
            const res = await call(u(w.server, fillPath(apiPaths.workAccept, { lineId: task.lineId })), 'POST', w.token, key('accept'));
            if (res.status !== 200) {
              // Too late (offered to the next, or escalated) is the simulation working; anything else is a fault.
              if (res.status !== 409) failures.push(`Accept ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
              return;
            }
            const set = acceptsOk.get(task.lineId) ?? new Set<number>();
            acceptsOk.set(task.lineId, set.add(w.workerId));
            await sleep(realMsOf(doneAfter - acceptAfter));
            await call(u(w.server, fillPath(apiPaths.workStart, { lineId: task.lineId })), 'POST', w.token, key('start'));
            const done = await call(u(w.server, fillPath(apiPaths.workDone, { lineId: task.lineId })), 'POST', w.token, key('done'));
            if (done.status !== 200) failures.push(`Done ${done.status} ${JSON.stringify(done.body).slice(0, 200)}`);
          })();
          // A task still in hand when the shift's figures are read is cut off with its server.
          taps.push(tap.catch(() => undefined));
        }
        await sleep(POLL_MS * (0.5 + rand()));
      }
    });
    stopping.push(() => (running = false));

    // The guests: 300 lines spread over the shift, on the three servers in turn.
    const lineIds: number[] = [];
    const deptRooms = rooms.slice(0, 40);
    for (let i = 0; i < LINES; i++) {
      const at = shiftOrigin + realMsOf((i * ARRIVALS_MINUTES) / LINES);
      await sleep(Math.max(0, at - Date.now()));
      const room = deptRooms[i % deptRooms.length];
      const { id } = await postJson(u(i, apiPaths.addRequest), {
        custName: `Sim guest ${i}`,
        custEmail: `sim${i}@example.com`,
        custPhone: '+966 55 123 4567',
        hotelId: hotel.id,
        roomId: room.id,
        note: '',
        services: [{ serviceId: services[i % services.length], note: '' }],
      });
      const view = await ok(u(i, fillPath(apiPaths.userRequestDetails, { id })), 'GET', undefined);
      lineIds.push(view.requestDetails[0].id);
      if (i % 50 === 49) console.log(`  ${i + 1} lines filed, simulated ${simNow().toISOString().slice(11, 16)}`);
    }
    await sleep(Math.max(0, shiftOrigin + realMsOf(END_MINUTES) - Date.now()));
    running = false;
    await Promise.all(phones);
    const realSeconds = (performance.now() - began) / 1000;

    // ── Read back ──
    const log = (
      await db.query<{ id: number; line_id: number; at: Date; outcome: string; worker_id: number | null; department_id: number | null }>(
        'select id, line_id, at, outcome, worker_id, department_id from line_routing_log order by at, id',
      )
    ).rows;
    const lineRows = (
      await db.query<{ id: number; submitted_at: Date; accepted_at: Date | null; accepted_by_worker_id: number | null; completed_at: Date | null; assigned_by: number | null; worker_id: number | null }>(
        'select id, clock_started_at as submitted_at, accepted_at, accepted_by_worker_id, completed_at, assigned_by, worker_id from request_lines where id = any($1)',
        [lineIds],
      )
    ).rows;
    const allCompleted = new Map((await db.query<{ id: number; completed_at: Date | null }>('select id, completed_at from request_lines')).rows.map((r) => [r.id, r.completed_at]));
    const byLine = new Map<number, typeof log>();
    for (const e of log) byLine.set(e.line_id, [...(byLine.get(e.line_id) ?? []), e]);

    // Who held what when. Decisions of one department are made one at a time (its lock), so the
    // log's ids order them; a run's `now` is taken when the run starts, so a decision written by a
    // run started earlier can carry an earlier time than one already committed. A Done is known by
    // its time only: one within SLACK of a decision's time may have come before or after it, and
    // the worker's load then counts as either (lo..hi); a figure below is a fault only when no
    // order of those events explains it.
    const SLACK = 60_000;
    const holds: { workerId: number; fromId: number; toId?: number; doneAt?: number }[] = [];
    for (const [lineId, entries] of byLine) {
      entries.forEach((e, i) => {
        if ((e.outcome !== 'assigned' && e.outcome !== 'reoffered') || e.worker_id === null) return;
        const next = entries.slice(i + 1).find((x) => x.outcome === 'reoffered' || x.outcome === 'escalated');
        holds.push({ workerId: e.worker_id, fromId: e.id, toId: next?.id, doneAt: next ? undefined : allCompleted.get(lineId)?.getTime() });
      });
    }
    const loadAt = (workerId: number, at: number, id: number) => {
      let lo = 0;
      let hi = 0;
      for (const h of holds) {
        if (h.workerId !== workerId || h.fromId >= id) continue;
        const surely = h.toId !== undefined ? h.toId > id : h.doneAt === undefined || h.doneAt > at + SLACK;
        const maybe = h.toId === undefined && h.doneAt !== undefined && h.doneAt > at - SLACK;
        if (surely) lo++;
        if (surely || maybe) hi++;
      }
      return { lo, hi };
    };

    let offShift = 0;
    let maxSpread = 0;
    let spreadOver1 = 0;
    let notLeastLoaded = 0;
    let routings = 0;
    let reoffers = 0;
    for (const e of [...log].sort((a, b) => a.id - b.id)) {
      if ((e.outcome !== 'assigned' && e.outcome !== 'reoffered') || e.worker_id === null || !simWorkers.has(e.worker_id)) continue;
      routings++;
      if (e.outcome === 'reoffered') reoffers++;
      const at = e.at.getTime();
      const chosen = workers.find((w) => w.workerId === e.worker_id)!;
      if (!rosterCovers(chosen.roster, e.at, zone)) offShift++;
      const tried = byLine.get(e.line_id)!.filter((x) => x.id < e.id && x.worker_id !== null).map((x) => x.worker_id);
      // On shift, not offered this line before, and surely under the cap.
      const eligible = workers
        .filter((w) => w.departmentId === chosen.departmentId && rosterCovers(w.roster, e.at, zone) && !tried.includes(w.workerId))
        .map((w) => ({ w, load: loadAt(w.workerId, at, e.id) }))
        .filter((x) => x.load.hi < CAP || x.w === chosen);
      if (!eligible.length) continue;
      const spread = Math.max(...eligible.map((x) => x.load.lo)) - Math.min(...eligible.map((x) => x.load.hi));
      maxSpread = Math.max(maxSpread, spread);
      if (spread > 1) spreadOver1++;
      const mine = eligible.find((x) => x.w === chosen)!.load;
      if (mine.lo > Math.min(...eligible.map((x) => x.load.hi))) notLeastLoaded++;
    }

    let noHumanTouch = 0;
    let escalated = 0;
    let unrouted = 0;
    let routedTwice = 0;
    let twoAtOnce = 0;
    const acceptMinutes: number[] = [];
    const firstOfferMinutes: number[] = [];
    let stampedEarly = 0;
    for (const l of lineRows) {
      const entries = byLine.get(l.id) ?? [];
      if (entries.filter((e) => e.outcome === 'assigned').length > 1) routedTwice++;
      if ((acceptsOk.get(l.id)?.size ?? 0) > 1) twoAtOnce++;
      const offers = entries.filter((e) => e.outcome === 'assigned' || e.outcome === 'reoffered');
      if (offers[0]) firstOfferMinutes.push((offers[0].at.getTime() - l.submitted_at.getTime()) / 60_000);
      if (entries.some((e) => e.at.getTime() < l.submitted_at.getTime())) stampedEarly++;
      if (entries.some((e) => e.outcome === 'escalated')) escalated++;
      else if (!offers.length) unrouted++;
      else if (l.accepted_by_worker_id !== null && l.assigned_by === null && l.accepted_by_worker_id === offers.at(-1)!.worker_id) {
        noHumanTouch++;
        acceptMinutes.push((l.accepted_at!.getTime() - l.submitted_at.getTime()) / 60_000);
      }
    }
    if (failures.length) console.log(`  ${failures.length} phone taps refused, e.g.:\n    ${[...new Set(failures)].slice(0, 5).join('\n    ')}`);
    return {
      lines: lineRows.length,
      noHumanTouch,
      escalated,
      unrouted,
      offShift,
      routedTwice,
      twoAtOnce,
      maxSpread,
      spreadOver1,
      notLeastLoaded,
      routings,
      reoffers,
      medianAcceptMinutes: median(acceptMinutes),
      stampedEarly,
      medianFirstOfferMinutes: median(firstOfferMinutes),
      realSeconds,
    };
  } finally {
    for (const stop of stopping) stop();
    await Promise.all(servers.map((s) => s.stop()));
    await db.end();
  }
}

export function routingLines(f: RoutingFigures): string[] {
  const pct = (n: number) => `${((100 * n) / f.lines).toFixed(1)}%`;
  const min = (m: number) => `${m.toFixed(1)} min`;
  return [
    `A simulated ${END_MINUTES / 60}-hour shift at ${RATE}× real time (${Math.round(f.realSeconds)} s): 3 server processes on one PostgreSQL database, ` +
      `${DEPARTMENTS} departments × ${WORKERS} workers (a roster with two shift changes), ${f.lines} guest lines, nobody at the desk. ` +
      `Rules: cap ${CAP} open tasks, ${ACCEPT_MINUTES} minutes to accept, ${MAX_REOFFERS} re-offers. Phones accept after a log-normal delay (median 0.8 min) or, one offer in ten, never.`,
    '',
    '| figure | value | aim |',
    '|---|---|---|',
    `| lines routed and accepted with no human touch | ${f.noHumanTouch} (${pct(f.noHumanTouch)}) | ≥ 90% |`,
    `| lines escalated to the desk (not accepted after the re-offers, or nobody else) | ${f.escalated} (${pct(f.escalated)}) | |`,
    `| lines never offered by the end of the shift | ${f.unrouted} | |`,
    `| routing decisions (first offers + re-offers) | ${f.routings} (${f.reoffers} re-offers) | |`,
    `| offers to an off-shift worker | ${f.offShift} | 0 |`,
    `| lines routed twice | ${f.routedTwice} | 0 |`,
    `| lines two workers accepted | ${f.twoAtOnce} | 0 |`,
    `| max difference of open tasks among eligible on-shift workers under the cap, at any routing | ${f.maxSpread} (over 1 at ${f.spreadOver1} of ${f.routings} routings) | ≤ 1 |`,
    `| routings not to a least-loaded eligible worker | ${f.notLeastLoaded} | 0 |`,
    `| lines whose history shows a routing step before the line was filed | ${f.stampedEarly} | 0 |`,
    `| median submit → first offer (simulated) | ${min(f.medianFirstOfferMinutes)} | |`,
    `| median submit → worker's accept (simulated) | ${min(f.medianAcceptMinutes)} (${((f.medianAcceptMinutes * 60) / RATE).toFixed(2)} s real) | |`,
  ];
}

export async function benchRouting({ pgUrl }: { pgUrl: () => Promise<string | undefined> }): Promise<{ title: string; lines: string[] }> {
  const url = await pgUrl();
  if (!url) return { title: 'Routing', lines: ['Skipped: needs PostgreSQL (DATABASE_URL or a local cluster) for three server processes.'] };
  return { title: 'Routing', lines: routingLines(await simulateShift(url)) };
}

// `npx tsx bench/routing.ts`: this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  (async () => {
    let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
    let base = process.env.DATABASE_URL;
    if (!base && findPgBin()) base = (cluster = await startCluster()).url;
    try {
      const result = await benchRouting({ pgUrl: async () => (base ? createDatabase(base) : undefined) });
      console.log(`\n## ${result.title}\n${result.lines.join('\n')}`);
    } finally {
      cluster?.stop();
    }
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
