import type { Language } from '@shared';
import { and, asc, count, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { inLanguage, nameIn } from '../../access/names';
import * as s from '../../db/schema';
import { ENTITIES, type EntityDef, type EntityKey, type Usage } from './basic-data.entities';

type Values = Record<string, unknown>;
export type StoredRow = Values & { id: number; createdAt: Date };

/** The only place basic-data queries are written (STYLE §3). */
export class BasicDataRepository {
  constructor(private readonly db: DbOrTx) {}

  async findById(def: EntityDef, id: number): Promise<StoredRow | undefined> {
    const [row] = await this.db.select().from(def.table).where(eq(def.table.id, id)).limit(1);
    return row as StoredRow | undefined;
  }

  async exists(key: EntityKey, id: number): Promise<boolean> {
    const table = ENTITIES[key].table;
    const [row] = await this.db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    return row !== undefined;
  }

  /** Is the code used by another row (of the same hotel, for room numbers)? */
  async codeTaken(def: EntityDef, values: Values, exceptId?: number): Promise<boolean> {
    const conditions: SQL[] = [eq(column(def, def.codeField), values[def.codeField])];
    if (def.codeScope) conditions.push(eq(column(def, def.codeScope), values[def.codeScope]));
    if (exceptId !== undefined) conditions.push(ne(def.table.id, exceptId));
    const [row] = await this.db
      .select({ id: def.table.id })
      .from(def.table)
      .where(and(...conditions))
      .limit(1);
    return row !== undefined;
  }

  async insert(def: EntityDef, values: Values): Promise<number> {
    const [row] = await this.db.insert(def.table).values(values).returning({ id: def.table.id });
    return (row as { id: number }).id;
  }

  async update(def: EntityDef, id: number, values: Values): Promise<void> {
    await this.db
      .update(def.table)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(def.table.id, id));
  }

  async remove(def: EntityDef, id: number): Promise<void> {
    await this.db.delete(def.table).where(eq(def.table.id, id));
  }

  async countUsage(usage: Usage, id: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(usage.table).where(eq(usage.column, id));
    return Number(row?.n ?? 0);
  }

  /** Every row with the names of what it points at (a hotel's in `lang`), newest first (ties: higher id first). */
  async list(key: EntityKey, lang: Language): Promise<StoredRow[]> {
    const table = ENTITIES[key].table;
    const order = [desc(table.createdAt), desc(table.id)];
    switch (key) {
      case 'hotel':
        return this.db
          .select({ ...getTableColumns(s.hotels), companyName: s.companies.name })
          .from(s.hotels)
          .innerJoin(s.companies, eq(s.companies.id, s.hotels.companyId))
          .orderBy(...order);
      case 'room':
        return this.db
          .select({
            ...getTableColumns(s.rooms),
            useTypeNameAr: s.useTypes.nameAr,
            useTypeNameEn: s.useTypes.nameEn,
            roomTypeNameAr: s.roomTypes.nameAr,
            roomTypeNameEn: s.roomTypes.nameEn,
            hotelName: inLanguage(lang, { en: s.hotels.name, ar: s.hotels.nameAr }),
          })
          .from(s.rooms)
          .innerJoin(s.useTypes, eq(s.useTypes.id, s.rooms.useTypeId))
          .innerJoin(s.roomTypes, eq(s.roomTypes.id, s.rooms.roomTypeId))
          .innerJoin(s.hotels, eq(s.hotels.id, s.rooms.hotelId))
          .orderBy(...order);
      case 'service':
        return this.db
          .select({
            ...getTableColumns(s.services),
            serviceGroupNameEn: s.serviceGroups.nameEn,
            serviceGroupNameAr: s.serviceGroups.nameAr,
            departmentName: nameIn(s.departments, lang),
          })
          .from(s.services)
          .innerJoin(s.serviceGroups, eq(s.serviceGroups.id, s.services.serviceGroupId))
          .innerJoin(s.departments, eq(s.departments.id, s.services.departmentId))
          .orderBy(...order);
      case 'worker':
        return this.db
          .select({
            ...getTableColumns(s.workers),
            departmentName: nameIn(s.departments, lang),
            hotelIds: sql<number[]>`coalesce((select array_agg(wh.hotel_id order by wh.hotel_id) from ${s.workerHotels} wh where wh.worker_id = ${s.workers.id}), '{}')`,
            hotelNames: sql<string[]>`coalesce((select array_agg(${inLanguage(lang, { en: sql.raw('h.name'), ar: sql.raw('h.name_ar') })} order by h.id) from ${s.workerHotels} wh join ${s.hotels} h on h.id = wh.hotel_id where wh.worker_id = ${s.workers.id}), '{}')`,
            // The supervisor's view of the crew: paired phones that stand, lines in hand.
            phones: sql<number>`(select count(*)::int from ${s.workerDevices} d where d.worker_id = ${s.workers.id} and d.revoked_at is null)`,
            openTasks: sql<number>`(select count(*)::int from ${s.requestLines} l where l.worker_id = ${s.workers.id} and l.status in ('Open', 'Assigned'))`,
          })
          .from(s.workers)
          .leftJoin(s.departments, eq(s.departments.id, s.workers.departmentId))
          .orderBy(...order);
      default:
        return (await this.db.select().from(table).orderBy(...order)) as StoredRow[];
    }
  }

  // ── Rows of several hotels (workers) ──
  async hotelIdsOf(def: EntityDef, id: number): Promise<number[]> {
    const h = def.hotels!;
    const rows = await this.db.select({ hotelId: h.hotel }).from(h.table).where(eq(h.owner, id));
    return rows.map((r) => Number(r.hotelId)).sort((a, b) => a - b);
  }

  async replaceHotels(def: EntityDef, id: number, hotelIds: readonly number[]): Promise<void> {
    const h = def.hotels!;
    await this.db.delete(h.table).where(eq(h.owner, id));
    if (hotelIds.length) await this.db.insert(h.table).values(hotelIds.map((hotelId) => ({ [ownerKey(def)]: id, hotelId })));
  }

  async existingHotels(ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db.select({ id: s.hotels.id }).from(s.hotels).where(inArray(s.hotels.id, [...ids]));
    return rows.map((r) => r.id);
  }

  // ── Select data ──

  async lookupRows(key: EntityKey): Promise<Values[]> {
    return this.db.select().from(ENTITIES[key].table);
  }

  async roomsOfHotel(hotelId: number): Promise<{ id: number; number: string }[]> {
    return this.db.select({ id: s.rooms.id, number: s.rooms.number }).from(s.rooms).where(eq(s.rooms.hotelId, hotelId));
  }

  async servicesWithGroups() {
    return this.db
      .select({
        id: s.services.id,
        nameEn: s.services.nameEn,
        nameAr: s.services.nameAr,
        isSpecial: s.services.isSpecial,
        searchWordsEn: s.services.searchWordsEn,
        searchWordsAr: s.services.searchWordsAr,
        groupId: s.serviceGroups.id,
        groupNameEn: s.serviceGroups.nameEn,
        groupNameAr: s.serviceGroups.nameAr,
      })
      .from(s.services)
      .innerJoin(s.serviceGroups, eq(s.serviceGroups.id, s.services.serviceGroupId))
      .orderBy(asc(s.serviceGroups.id), asc(s.services.id));
  }
}

/** The join table's property naming the owner row (workerHotels.workerId → 'workerId'). */
function ownerKey(def: EntityDef): string {
  const h = def.hotels!;
  return Object.entries(h.table).find(([, value]) => value === h.owner)![0];
}

/** Workers the upgrade to worker hotels gave every hotel, not saved since (workers-review.ts). */
export async function workersToReview(db: DbOrTx): Promise<{ code: string; name: string }[]> {
  return db.select({ code: s.workers.workerCode, name: s.workers.name }).from(s.workers).where(eq(s.workers.hotelsToReview, true)).orderBy(asc(s.workers.workerCode));
}

function column(def: EntityDef, field: string): AnyPgColumn {
  return (def.table as unknown as Record<string, AnyPgColumn>)[field];
}
