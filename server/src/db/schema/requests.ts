import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * `search_text` (requests and lines) is what a list search looks in: code, guest name,
 * phone (as typed and digits only), room number, hotel names and service names. It is
 * kept by triggers (migration 0002) so every write path, SQL seeds included, fills it,
 * and a renamed room, hotel or service is found by its new name; a pg_trgm GIN index
 * makes `ILIKE '%…%'` an index lookup instead of a scan of every request.
 */
import { departments, hotels, rooms, services, workers } from './basic-data';
import { timestamps } from './columns';
import { users } from './identity';

export const requests = pgTable(
  'requests',
  {
    /** Unguessable (UUID v4): the guest's link to follow the request. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Monotonic number behind the short human code (requestCode). */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    requestCode: text('request_code').notNull().unique(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'restrict' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    custName: text('cust_name').notNull(),
    custEmail: text('cust_email').notNull(),
    custPhone: text('cust_phone').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['Open', 'In Progress', 'Completed', 'Rejected'] }).notNull().default('Open'),
    review: text('review'),
    rating: integer('rating'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    searchText: text('search_text').notNull().default(''),
    /** False when AddRequest came without a valid room-link signature ("unverified room" for staff). */
    roomVerified: boolean('room_verified').notNull().default(true),
    /** The language the guest used (AddRequest's lang): e-mails to the guest are written in it. */
    lang: text('lang', { enum: ['en', 'ar'] }).notNull().default('ar'),
    ...timestamps,
  },
  (t) => [
    index('requests_updated_idx').on(t.updatedAt.desc(), t.id),
    index('requests_created_idx').on(t.createdAt.desc()),
    index('requests_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('requests_hotel_updated_idx').on(t.hotelId, t.updatedAt.desc()),
    index('requests_status_idx').on(t.status),
    index('requests_room_idx').on(t.roomId),
  ],
);

export const requestLines = pgTable(
  'request_lines',
  {
    id: serial('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    /** The department handling the line: the service's, or for a Special Request the one assigned. */
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'restrict' }),
    workerId: integer('worker_id').references(() => workers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['Open', 'Assigned', 'Completed', 'Rejected'] }).notNull().default('Open'),
    note: text('note').notNull().default(''),
    reply: text('reply'),
    rejectReason: text('reject_reason'),
    assignedToDepartmentBy: integer('assigned_to_department_by').references(() => users.id, { onDelete: 'set null' }),
    assignedToDepartmentAt: timestamp('assigned_to_department_at', { withTimezone: true, mode: 'date' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    rejectedBy: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true, mode: 'date' }),
    searchText: text('search_text').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('request_lines_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('request_lines_request_idx').on(t.requestId),
    index('request_lines_updated_idx').on(t.updatedAt.desc(), t.id),
    index('request_lines_department_updated_idx').on(t.departmentId, t.updatedAt.desc()),
    index('request_lines_status_idx').on(t.status),
    index('request_lines_service_idx').on(t.serviceId),
    index('request_lines_worker_idx').on(t.workerId),
    // Reports read one period of lines (issue 16).
    index('request_lines_created_idx').on(t.createdAt),
  ],
);
