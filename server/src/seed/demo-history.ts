import { asc, eq, inArray, sql } from 'drizzle-orm';
import { resolveTargets } from '@shared';
import { type Db, type Tx, rowsOf } from '../db/client';
import * as s from '../db/schema';
import { searchTextsAfterCode } from '../modules/requests/requests.repository';
import { DEMO_DEPARTMENTS, DEMO_USERS } from './demo';
import { DEMO_SEED, type PlanMasterData, type PlannedRequest, planDemoHistory } from './demo-history.plan';

export type DemoHistoryResult =
  | { seeded: false; reason: 'requests exist' | 'no demo data' }
  | { seeded: true; requests: number; lines: number; messages: number; reviews: number; escalations: number; ms: number };

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters with the widest row (lines). */
const CHUNK = 500;

/**
 * Thirty days of requests for the demo chain (demo-history.plan.ts), written in one
 * transaction after the master data (seedDemo). Never on a database that already has
 * requests: a demo's past must not mix with a real one, and a second start adds nothing.
 * The search texts are built by the database's own triggers, as for any other insert.
 */
export async function seedDemoHistory(db: Db, options: { now?: Date; minuteMs?: number; seed?: number } = {}): Promise<DemoHistoryResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // The same lock as seedDemo: two processes starting together plan once.
    await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    if ((await tx.select({ id: s.requests.id }).from(s.requests).limit(1)).length) return { seeded: false, reason: 'requests exist' } as const;
    const data = await masterData(tx);
    if (!data) return { seeded: false, reason: 'no demo data' } as const;
    const plan = planDemoHistory(data, now, options.seed ?? DEMO_SEED, options.minuteMs);
    const counts = await writeHistory(tx, plan);
    return { seeded: true, ...counts, ms: Math.round(performance.now() - started) } as const;
  });
}

async function masterData(tx: Tx): Promise<PlanMasterData | null> {
  const hotels = await tx.select().from(s.hotels).orderBy(asc(s.hotels.id));
  const rooms = await tx.select({ id: s.rooms.id, number: s.rooms.number, hotelId: s.rooms.hotelId }).from(s.rooms).orderBy(asc(s.rooms.id));
  const services = await tx
    .select({ service: s.services, group: { acknowledgeMinutes: s.serviceGroups.acknowledgeMinutes, completeMinutes: s.serviceGroups.completeMinutes } })
    .from(s.services)
    .innerJoin(s.serviceGroups, eq(s.serviceGroups.id, s.services.serviceGroupId))
    .orderBy(asc(s.services.id));
  const departments = await tx.select({ id: s.departments.id, code: s.departments.departmentCode }).from(s.departments);
  const workers = await tx.select({ id: s.workers.id, departmentId: s.workers.departmentId }).from(s.workers).orderBy(asc(s.workers.id));
  const users = await tx.select({ id: s.users.id, email: s.users.email }).from(s.users).where(inArray(s.users.email, DEMO_USERS.map((u) => u.email)));
  if (!hotels.length || !services.length || users.length < DEMO_USERS.length) return null;

  const departmentId = Object.fromEntries(departments.map((d) => [d.code, d.id]));
  if (DEMO_DEPARTMENTS.some((d) => departmentId[d.departmentCode] === undefined)) return null;
  const workersOf = new Map<number, number[]>();
  for (const w of workers) if (w.departmentId !== null) workersOf.set(w.departmentId, [...(workersOf.get(w.departmentId) ?? []), w.id]);
  const userId = new Map(users.map((u) => [u.email, u.id]));
  const staff = new Map(DEMO_USERS.map((u) => [departmentId[u.department], userId.get(u.email)!]));
  return {
    hotels: hotels.map((h) => ({ id: h.id, code: h.hotelCode, rooms: rooms.filter((r) => r.hotelId === h.id) })).filter((h) => h.rooms.length > 0),
    services: services.map(({ service, group }) => ({
      id: service.id,
      code: service.serviceCode,
      departmentId: service.departmentId,
      isSpecial: service.isSpecial,
      targets: new Map(hotels.map((h) => [h.id, resolveTargets(service, group, h)])),
    })),
    departments: departmentId,
    workers: workersOf,
    staff,
  };
}

/** Numbers from a table's own sequence, as many as asked, in order: ids and request codes as the product would give them. */
async function nextValues(tx: Tx, table: string, column: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = rowsOf<{ v: string | number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence(${table}, ${column})) as v from generate_series(1, ${n})`));
  return rows.map((r) => Number(r.v)).sort((a, b) => a - b);
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** What the search texts are made of: room numbers, hotel names and service names by id. */
async function names(tx: Tx) {
  const rooms = await tx.select({ id: s.rooms.id, number: s.rooms.number }).from(s.rooms);
  const hotels = await tx.select({ id: s.hotels.id, name: s.hotels.name, nameAr: s.hotels.nameAr }).from(s.hotels);
  const services = await tx.select({ id: s.services.id, nameEn: s.services.nameEn, nameAr: s.services.nameAr }).from(s.services);
  return {
    room: new Map(rooms.map((r) => [r.id, r.number])),
    hotel: new Map(hotels.map((h) => [h.id, `${h.name} ${h.nameAr}`])),
    service: new Map(services.map((x) => [x.id, x])),
  };
}

async function writeHistory(tx: Tx, plan: PlannedRequest[]) {
  const seqs = await nextValues(tx, 'requests', 'seq', plan.length);
  const codes = rowsOf<{ code: string }>(
    await tx.execute(sql`select hotel_request_code(v) as code from unnest(${`{${seqs.join(',')}}`}::bigint[]) with ordinality as x(v, i) order by i`),
  ).map((r) => r.code);
  const named = await names(tx);
  // The search texts are written with the rows, exactly as AddRequest writes them (insertRequest):
  // the database's triggers, which would build them row by row, stand aside for this transaction.
  await tx.execute(sql`select set_config('hotel.search_text_given', 'on', true)`);
  const lineCount = plan.reduce((n, r) => n + r.lines.length, 0);
  const lineIds = await nextValues(tx, 'request_lines', 'id', lineCount);
  const requestRows: (typeof s.requests.$inferInsert)[] = [];
  const lineRows: (typeof s.requestLines.$inferInsert)[] = [];
  const messageRows: (typeof s.lineMessages.$inferInsert)[] = [];
  const escalationRows: (typeof s.lineEscalations.$inferInsert)[] = [];
  let nextLine = 0;
  for (const [i, r] of plan.entries()) {
    const id = crypto.randomUUID();
    const { lines, ...header } = r;
    const texts = searchTextsAfterCode(
      { ...header, roomNumber: named.room.get(r.roomId) ?? null, hotelNames: named.hotel.get(r.hotelId) ?? null },
      lines.map((l) => named.service.get(l.serviceId)!),
    );
    const withCode = (text: string) => [codes[i], text].filter(Boolean).join(' ');
    requestRows.push({ ...header, id, seq: seqs[i], requestCode: codes[i], searchText: withCode(texts.request) });
    for (const [j, line] of lines.entries()) {
      const lineId = lineIds[nextLine++];
      const { messages, escalations, ...columns } = line;
      lineRows.push({ ...columns, id: lineId, requestId: id, searchText: withCode(texts.lines[j]) });
      for (const m of messages) messageRows.push({ lineId, kind: m.kind, text: m.text, userId: m.userId, createdAt: m.at });
      for (const e of escalations) escalationRows.push({ lineId, kind: e.kind, dueAt: e.dueAt, escalatedAt: e.escalatedAt, nextMailAt: null });
    }
  }
  await insertChunked(requestRows, (chunk) => tx.insert(s.requests).values(chunk));
  await insertChunked(lineRows, (chunk) => tx.insert(s.requestLines).values(chunk));
  await insertChunked(messageRows, (chunk) => tx.insert(s.lineMessages).values(chunk));
  await insertChunked(escalationRows, (chunk) => tx.insert(s.lineEscalations).values(chunk));
  return {
    requests: requestRows.length,
    lines: lineRows.length,
    messages: messageRows.length,
    reviews: plan.filter((r) => r.rating !== null).length,
    escalations: escalationRows.length,
  };
}
