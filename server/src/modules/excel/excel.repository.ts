import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  departments,
  hotels,
  roomTypes,
  rooms,
  serviceGroups,
  services,
  useTypes,
  userDepartments,
  userHotels,
  users,
  workerHotels,
  workers,
} from '../../db/schema';
import { accessOf } from '../administration/roles.repository';
import type { DepartmentRow } from './department-keys';

export interface CodeRow {
  id: number;
  code: string;
  name: string;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for every table here. */
const CHUNK = 1000;
/** Rows per JSON batch: one parameter whatever the size, kept to a few hundred kilobytes. */
const JSON_CHUNK = 5000;

async function inChunks<T>(items: T[], insert: (chunk: T[]) => Promise<unknown>, size = CHUNK): Promise<void> {
  for (let i = 0; i < items.length; i += size) await insert(items.slice(i, i + size));
}

/**
 * Inserts many rows as ONE JSON parameter expanded by json_populate_recordset: a
 * VALUES list of thousands of bind parameters costs far more to send and plan
 * (about 2.5x on PGlite for 5,000 rooms). Columns not given keep their defaults.
 */
async function bulkInsert<T extends PgTable>(db: DbOrTx, table: T, rows: Partial<T['$inferInsert']>[]): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => Object.hasOwn(columns, key));
  const names = keys.map((key) => columns[key].name);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await inChunks(
    rows,
    async (chunk) => {
      const json = JSON.stringify(chunk.map((row) => Object.fromEntries(keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key] ?? null]))));
      await db.execute(sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json)`);
    },
    JSON_CHUNK,
  );
}

/** The sheet imports' queries: one per reference table, batched inserts. */
export class ExcelRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The uploader's rights and reach, read fresh (see roles.repository). */
  accessOf(userId: number) {
    return accessOf(this.db, userId);
  }

  hotels(): Promise<CodeRow[]> {
    return this.db.select({ id: hotels.id, code: hotels.hotelCode, name: hotels.name }).from(hotels).orderBy(hotels.hotelCode);
  }

  useTypes(): Promise<CodeRow[]> {
    return this.db.select({ id: useTypes.id, code: useTypes.useTypeCode, name: useTypes.nameEn }).from(useTypes).orderBy(useTypes.useTypeCode);
  }

  roomTypes(): Promise<CodeRow[]> {
    return this.db
      .select({ id: roomTypes.id, code: roomTypes.roomTypeCode, name: roomTypes.nameEn })
      .from(roomTypes)
      .orderBy(roomTypes.roomTypeCode);
  }

  serviceGroups(): Promise<CodeRow[]> {
    return this.db
      .select({ id: serviceGroups.id, code: serviceGroups.serviceGroupCode, name: serviceGroups.nameEn })
      .from(serviceGroups)
      .orderBy(serviceGroups.serviceGroupCode);
  }

  departments(): Promise<DepartmentRow[]> {
    return this.db
      .select({ id: departments.id, code: departments.departmentCode, name: departments.name, nameAr: departments.nameAr })
      .from(departments)
      .orderBy(departments.departmentCode);
  }

  async serviceCodes(): Promise<string[]> {
    return (await this.db.select({ code: services.serviceCode }).from(services)).map((r) => r.code);
  }

  /** Workers with their department: a roster row names a worker of the row's department. */
  workersWithDepartment(): Promise<{ id: number; code: string; departmentId: number | null; hotelIds: number[] }[]> {
    return this.db
      .select({
        id: workers.id,
        code: workers.workerCode,
        departmentId: workers.departmentId,
        hotelIds: sql<number[]>`coalesce((select array_agg(wh.hotel_id) from ${workerHotels} wh where wh.worker_id = ${workers.id}), '{}')`,
      })
      .from(workers);
  }

  /** The database handle, for a sheet whose rows another module's repository saves (rosters). */
  get handle(): DbOrTx {
    return this.db;
  }

  async workerCodes(): Promise<string[]> {
    return (await this.db.select({ code: workers.workerCode }).from(workers)).map((r) => r.code);
  }

  userKeys(): Promise<{ userCode: string; email: string }[]> {
    return this.db.select({ userCode: users.userCode, email: users.email }).from(users);
  }

  /** Existing room numbers of the given hotels only: a chain may hold far more rooms than one sheet touches. */
  async roomNumbers(hotelIds: number[]): Promise<{ hotelId: number; number: string }[]> {
    if (!hotelIds.length) return [];
    return this.db.select({ hotelId: rooms.hotelId, number: rooms.number }).from(rooms).where(inArray(rooms.hotelId, hotelIds));
  }

  insertRoomTypes(items: (typeof roomTypes.$inferInsert)[]): Promise<void> {
    return bulkInsert(this.db, roomTypes, items);
  }

  insertRooms(items: (typeof rooms.$inferInsert)[]): Promise<void> {
    return bulkInsert(this.db, rooms, items);
  }

  insertServices(items: (typeof services.$inferInsert)[]): Promise<void> {
    return bulkInsert(this.db, services, items);
  }

  /** Workers with the hotels each serves. */
  async insertWorkers(items: { worker: typeof workers.$inferInsert; hotelIds: number[] }[]): Promise<void> {
    for (let i = 0; i < items.length; i += CHUNK) {
      const chunk = items.slice(i, i + CHUNK);
      const inserted = await this.db
        .insert(workers)
        .values(chunk.map((c) => c.worker))
        .returning({ id: workers.id, code: workers.workerCode });
      // RETURNING is not in VALUES order: match by the unique code.
      const idOf = new Map(inserted.map((r) => [r.code, r.id]));
      const hotelRows = chunk.flatMap((c) => c.hotelIds.map((hotelId) => ({ workerId: idOf.get(c.worker.workerCode)!, hotelId })));
      await inChunks(hotelRows, (rows) => this.db.insert(workerHotels).values(rows));
    }
  }

  /** Inserts users with their hotels and departments; returns the new rows (for the invitations). */
  async insertUsers(
    items: { user: typeof users.$inferInsert; hotelIds: number[]; departmentIds: number[] }[],
  ): Promise<InsertedUser[]> {
    const created: InsertedUser[] = [];
    for (let i = 0; i < items.length; i += CHUNK) {
      const chunk = items.slice(i, i + CHUNK);
      const inserted = await this.db
        .insert(users)
        .values(chunk.map((c) => c.user))
        .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language });
      // PostgreSQL does not promise RETURNING in VALUES order: match by the unique e-mail.
      const idOf = new Map(inserted.map((r) => [r.email, r.id]));
      const hotelRows = chunk.flatMap((c) => c.hotelIds.map((hotelId) => ({ userId: idOf.get(c.user.email)!, hotelId })));
      const departmentRows = chunk.flatMap((c) =>
        c.departmentIds.map((departmentId) => ({ userId: idOf.get(c.user.email)!, departmentId })),
      );
      await inChunks(hotelRows, (rows) => this.db.insert(userHotels).values(rows));
      await inChunks(departmentRows, (rows) => this.db.insert(userDepartments).values(rows));
      created.push(...inserted);
    }
    return created;
  }
}

type InsertedUser = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName' | 'language'>;
