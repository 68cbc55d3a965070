import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { targetColumns, timestamps } from './columns';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull().unique(),
  name: text('name').notNull(),
  countryName: text('country_name').notNull(),
  ...timestamps,
});

export const hotels = pgTable(
  'hotels',
  {
    id: serial('id').primaryKey(),
    hotelCode: text('hotel_code').notNull().unique(),
    name: text('name').notNull(),
    nameAr: text('name_ar').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    bookingPolicy: text('booking_policy').notNull().default(''),
    accommodationPolicy: text('accommodation_policy').notNull().default(''),
    /** IANA time zone of the hotel's clocks; null: the server's HOTEL_TIME_ZONE. */
    timeZone: text('time_zone'),
    /** A rating at or below this (of 10) opens a service-recovery follow-up; null: the default (4). */
    recoveryThreshold: integer('recovery_threshold'),
    /**
     * Escalation e-mails as a digest: at most one e-mail per receiver per this many
     * minutes, listing the lines; null: one e-mail per line as it escalates.
     */
    escalationDigestMinutes: integer('escalation_digest_minutes'),
    /** When the hotel's last digest was taken for sending: the window's start (the claim that makes it go once). */
    escalationDigestAt: timestamp('escalation_digest_at', { withTimezone: true, mode: 'date' }),
    /** The two-factor code step may offer "Remember this device for 30 days" to this hotel's staff. */
    rememberDevice: boolean('remember_device').notNull().default(false),
    ...targetColumns,
    ...timestamps,
  },
  (t) => [index('hotels_company_idx').on(t.companyId)],
);

export const useTypes = pgTable('use_types', {
  id: serial('id').primaryKey(),
  useTypeCode: text('use_type_code').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  ...timestamps,
});

export const roomTypes = pgTable('room_types', {
  id: serial('id').primaryKey(),
  roomTypeCode: text('room_type_code').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  ...timestamps,
});

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'restrict' }),
    useTypeId: integer('use_type_id')
      .notNull()
      .references(() => useTypes.id, { onDelete: 'restrict' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'restrict' }),
    /** Where the room is, for routing a line to a worker who covers that part of the hotel; null: not said. */
    floor: text('floor'),
    zone: text('zone'),
    ...timestamps,
  },
  // A room number is unique within its hotel: two hotels both have a room 101.
  (t) => [
    uniqueIndex('rooms_hotel_number_uq').on(t.hotelId, t.number),
    index('rooms_use_type_idx').on(t.useTypeId),
    index('rooms_room_type_idx').on(t.roomTypeId),
  ],
);

export const serviceGroups = pgTable('service_groups', {
  id: serial('id').primaryKey(),
  serviceGroupCode: text('service_group_code').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  ...targetColumns,
  ...timestamps,
});

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  departmentCode: text('department_code').notNull().unique(),
  name: text('name').notNull(),
  /** The Arabic name; null: Arabic readers see `name`. */
  nameAr: text('name_ar'),
  /** Whether this department's workers may list its unassigned Open lines on their phones and take one. */
  workersTakeOpenLines: boolean('workers_take_open_lines').notNull().default(false),
  ...timestamps,
});

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    serviceCode: text('service_code').notNull().unique(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    serviceGroupId: integer('service_group_id')
      .notNull()
      .references(() => serviceGroups.id, { onDelete: 'restrict' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    /** Set when nameEn is 'Special Request': its lines go to a department before a worker. */
    isSpecial: boolean('is_special').notNull().default(false),
    /** Everyday words guests may search by ("AC", "مكيف"), besides the names; empty: none. */
    searchWordsEn: text('search_words_en').notNull().default(''),
    searchWordsAr: text('search_words_ar').notNull().default(''),
    /** A scheduled line of this service alerts this many minutes before its time; null: the default (shared/service-levels.ts). */
    scheduleLeadMinutes: integer('schedule_lead_minutes'),
    ...targetColumns,
    ...timestamps,
  },
  (t) => [index('services_group_idx').on(t.serviceGroupId), index('services_department_idx').on(t.departmentId)],
);

export const workers = pgTable(
  'workers',
  {
    id: serial('id').primaryKey(),
    workerCode: text('worker_code').notNull().unique(),
    name: text('name').notNull(),
    /** The Arabic display name; null: Arabic readers see `name`. */
    nameAr: text('name_ar'),
    phoneNumber: text('phone_number').notNull(),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'restrict' }),
    /** The phone PIN a supervisor may set (scrypt, as passwords); null: a paired phone needs none. */
    pinHash: text('pin_hash'),
    /**
     * The worker's own "On shift" switch or the desk's word: 'on' or 'off' overrides the
     * roster until changed again; null: the department's weekly roster decides.
     */
    shiftOverride: text('shift_override', { enum: ['on', 'off'] }),
    shiftChangedAt: timestamp('shift_changed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set by migration 0043 on a worker that had served no hotel and was given every
     * hotel: the start log names it until someone saves the worker (README, Workers).
     */
    hotelsToReview: boolean('hotels_to_review').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('workers_department_idx').on(t.departmentId)],
);

/**
 * The hotels a worker serves (one or more, as a user's): its phone sees lines of these
 * hotels only, routing offers it only their lines, and a supervisor reaches it only
 * through one of them.
 */
export const workerHotels = pgTable(
  'worker_hotels',
  {
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.workerId, t.hotelId] }), index('worker_hotels_hotel_idx').on(t.hotelId)],
);

export const bookingRooms = pgTable(
  'booking_rooms',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'restrict' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'restrict' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    noOfGuests: integer('no_of_guests').notNull(),
    facilities: text('facilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [index('booking_rooms_hotel_idx').on(t.hotelId), index('booking_rooms_room_type_idx').on(t.roomTypeId)],
);

export const bookingRoomImages = pgTable(
  'booking_room_images',
  {
    id: serial('id').primaryKey(),
    bookingRoomId: integer('booking_room_id')
      .notNull()
      .references(() => bookingRooms.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('booking_room_images_room_idx').on(t.bookingRoomId)],
);

