import type { z } from 'zod';
import * as bd from '@shared';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as s from '../../db/schema';
import type { usageNames } from './basic-data.messages';

export type EntityKey = 'company' | 'hotel' | 'useType' | 'roomType' | 'room' | 'serviceGroup' | 'service' | 'worker' | 'department';

/** A table of this module: every one has an id, a code column and timestamps. */
export type EntityTable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn };

export interface Usage {
  what: keyof typeof usageNames;
  table: PgTable;
  /** The column pointing at the row being removed. */
  column: AnyPgColumn;
}

/**
 * One master-data entity, described once: the generic service and repository do the
 * rest. Input field names equal the table's property names, so an input is stored as is.
 */
export interface EntityDef {
  key: EntityKey;
  table: EntityTable;
  /** The input/row field holding the code (the room number for rooms): unique, fixed after creation. */
  codeField: string;
  /** Rooms: the number is unique within its hotel, not across hotels. */
  codeScope?: string;
  /** Input fields holding ids of other entities, which must exist. */
  references: { field: string; entity: EntityKey }[];
  /** What keeps a row from being removed (nothing is cascaded). */
  usages: Usage[];
  /** Fields that cannot change while the row is in use (a room's requests name its hotel too). */
  lockedWhileUsed?: string[];
  /** The contract row: its fields are what a list can be searched and sorted on. */
  row: z.ZodObject;
  /** Values derived from the input on add and edit. */
  derive?: (input: Record<string, unknown>) => Record<string, unknown>;
  /** The row field naming the hotel it belongs to: its list shows staff only their hotels' rows. */
  hotelField?: string;
  /**
   * The row belongs to one or more hotels, kept in a table of its own (workers: worker_hotels)
   * and named by the `hotelIds` field: staff reach the rows sharing one of their hotels.
   */
  hotels?: { table: PgTable; owner: AnyPgColumn; hotel: AnyPgColumn };
}

export const ENTITIES: Record<EntityKey, EntityDef> = {
  company: {
    key: 'company',
    table: s.companies,
    codeField: 'companyCode',
    references: [],
    usages: [{ what: 'hotels', table: s.hotels, column: s.hotels.companyId }],
    row: bd.Company,
  },
  hotel: {
    key: 'hotel',
    table: s.hotels,
    codeField: 'hotelCode',
    references: [{ field: 'companyId', entity: 'company' }],
    usages: [
      { what: 'rooms', table: s.rooms, column: s.rooms.hotelId },
      { what: 'bookingRooms', table: s.bookingRooms, column: s.bookingRooms.hotelId },
      { what: 'requests', table: s.requests, column: s.requests.hotelId },
      { what: 'users', table: s.userHotels, column: s.userHotels.hotelId },
      { what: 'workers', table: s.workerHotels, column: s.workerHotels.hotelId },
    ],
    row: bd.Hotel,
    hotelField: 'id',
    // An empty zone is no zone of its own: the server's HOTEL_TIME_ZONE applies.
    derive: (input) => ('timeZone' in input ? { timeZone: input.timeZone || null } : {}),
  },
  useType: {
    key: 'useType',
    table: s.useTypes,
    codeField: 'useTypeCode',
    references: [],
    usages: [{ what: 'rooms', table: s.rooms, column: s.rooms.useTypeId }],
    row: bd.UseType,
  },
  roomType: {
    key: 'roomType',
    table: s.roomTypes,
    codeField: 'roomTypeCode',
    references: [],
    usages: [
      { what: 'rooms', table: s.rooms, column: s.rooms.roomTypeId },
      { what: 'bookingRooms', table: s.bookingRooms, column: s.bookingRooms.roomTypeId },
    ],
    row: bd.RoomType,
  },
  room: {
    key: 'room',
    table: s.rooms,
    codeField: 'number',
    codeScope: 'hotelId',
    references: [
      { field: 'useTypeId', entity: 'useType' },
      { field: 'roomTypeId', entity: 'roomType' },
      { field: 'hotelId', entity: 'hotel' },
    ],
    usages: [{ what: 'requests', table: s.requests, column: s.requests.roomId }],
    lockedWhileUsed: ['hotelId'],
    row: bd.Room,
    hotelField: 'hotelId',
  },
  serviceGroup: {
    key: 'serviceGroup',
    table: s.serviceGroups,
    codeField: 'serviceGroupCode',
    references: [],
    usages: [{ what: 'services', table: s.services, column: s.services.serviceGroupId }],
    row: bd.ServiceGroup,
  },
  service: {
    key: 'service',
    table: s.services,
    codeField: 'serviceCode',
    references: [
      { field: 'serviceGroupId', entity: 'serviceGroup' },
      { field: 'departmentId', entity: 'department' },
    ],
    usages: [{ what: 'requestLines', table: s.requestLines, column: s.requestLines.serviceId }],
    row: bd.Service,
    derive: (input) => ({ isSpecial: bd.isSpecialServiceName(String(input.nameEn)), ...trimmed(input, ['searchWordsEn', 'searchWordsAr']) }),
  },
  worker: {
    key: 'worker',
    table: s.workers,
    codeField: 'workerCode',
    references: [{ field: 'departmentId', entity: 'department' }],
    usages: [{ what: 'requestLines', table: s.requestLines, column: s.requestLines.workerId }],
    row: bd.Worker,
    derive: arabicNameOrNull,
    hotels: { table: s.workerHotels, owner: s.workerHotels.workerId, hotel: s.workerHotels.hotelId },
  },
  department: {
    key: 'department',
    table: s.departments,
    codeField: 'departmentCode',
    references: [],
    usages: [
      { what: 'services', table: s.services, column: s.services.departmentId },
      { what: 'workers', table: s.workers, column: s.workers.departmentId },
      { what: 'users', table: s.userDepartments, column: s.userDepartments.departmentId },
      { what: 'requestLines', table: s.requestLines, column: s.requestLines.departmentId },
    ],
    row: bd.Department,
    derive: arabicNameOrNull,
  },
};

/** An empty Arabic name is stored as none (readers fall back to `name`); absent leaves it as it is. */
function arabicNameOrNull(input: Record<string, unknown>): Record<string, unknown> {
  if (input.nameAr === undefined) return {};
  const nameAr = typeof input.nameAr === 'string' ? input.nameAr.trim() : '';
  return { nameAr: nameAr || null };
}

/** Optional text stored without the spaces around it; absent stays absent (unchanged on edit). */
function trimmed(input: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => typeof input[f] === 'string').map((f) => [f, (input[f] as string).trim()]));
}
