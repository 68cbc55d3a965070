import { sql } from 'drizzle-orm';
import { REQUEST_CHANNELS } from '@shared';
import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
import { apiKeys, stays } from './integrations';

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
    /** How it reached the hotel: the guest's page, or staff filing it for a guest who called or came to the desk. */
    channel: text('channel', { enum: REQUEST_CHANNELS }).notNull().default('guest'),
    /** The guest's stay (from the PMS) the room was in when the request was made; null: no stay known. */
    stayId: integer('stay_id').references(() => stays.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('requests_updated_idx').on(t.updatedAt.desc(), t.id),
    index('requests_created_idx').on(t.createdAt.desc()),
    index('requests_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('requests_hotel_updated_idx').on(t.hotelId, t.updatedAt.desc()),
    index('requests_status_idx').on(t.status),
    index('requests_room_idx').on(t.roomId),
    // Home's reviews of today.
    index('requests_reviewed_idx').on(t.reviewedAt).where(sql`reviewed_at is not null`),
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
    /**
     * The request's hotel, copied onto the line by the insert trigger (a request never changes
     * hotel): a hotel user's Services list and its count filter lines without reading requests.
     */
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'restrict' }),
    workerId: integer('worker_id').references(() => workers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['Open', 'Assigned', 'Completed', 'Rejected'] }).notNull().default('Open'),
    note: text('note').notNull().default(''),
    reply: text('reply'),
    rejectReason: text('reject_reason'),
    assignedToDepartmentBy: integer('assigned_to_department_by').references(() => users.id, { onDelete: 'set null' }),
    /** Or the API key (an integration) that did it. */
    assignedToDepartmentByKey: integer('assigned_to_department_by_key').references(() => apiKeys.id, { onDelete: 'set null' }),
    assignedToDepartmentAt: timestamp('assigned_to_department_at', { withTimezone: true, mode: 'date' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    /** Or the API key (an integration) that did it. */
    assignedByKey: integer('assigned_by_key').references(() => apiKeys.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Or the API key (an integration) that did it. */
    completedByKey: integer('completed_by_key').references(() => apiKeys.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    rejectedBy: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    /** Or the API key (an integration) that did it. */
    rejectedByKey: integer('rejected_by_key').references(() => apiKeys.id, { onDelete: 'set null' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true, mode: 'date' }),
    searchText: text('search_text').notNull().default(''),
    // ── The worker's own steps on a phone (who is the worker, not a user) ──
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedByWorkerId: integer('accepted_by_worker_id').references(() => workers.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    startedByWorkerId: integer('started_by_worker_id').references(() => workers.id, { onDelete: 'set null' }),
    completedByWorkerId: integer('completed_by_worker_id').references(() => workers.id, { onDelete: 'set null' }),
    // ── Service levels (rules in shared/service-levels.ts) ──
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    /** Or the API key (an integration) that did it. */
    acknowledgedByKey: integer('acknowledged_by_key').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** When the guest last wrote on the line, until a staff member opens it (the desk's "unread"). */
    guestUnreadAt: timestamp('guest_unread_at', { withTimezone: true, mode: 'date' }),
    /** Creation, or for a Special Request its department assignment; null until then. */
    clockStartedAt: timestamp('clock_started_at', { withTimezone: true, mode: 'date' }),
    /** The promises made when the clock started (a later change of targets does not move them). */
    acknowledgeDueAt: timestamp('acknowledge_due_at', { withTimezone: true, mode: 'date' }),
    completeDueAt: timestamp('complete_due_at', { withTimezone: true, mode: 'date' }),
    // ── Scheduled lines ("wake-up call at 06:00"; rules in shared/service-levels.ts) ──
    /** The time the guest asked for; null: as soon as possible. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true, mode: 'date' }),
    /** When the line alerts and its clock starts: scheduledFor less the service's lead time. */
    alertAt: timestamp('alert_at', { withTimezone: true, mode: 'date' }),
    /** When a scheduler fired it (null: still quiet); the conditional update on it makes the alert go once. */
    alertedAt: timestamp('alerted_at', { withTimezone: true, mode: 'date' }),
    /**
     * The next promise of an open line (acknowledge by, else complete by), kept by the
     * database so "overdue" and "my queue" are one indexed comparison; null when closed.
     */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).generatedAlwaysAs(
      sql`case when status in ('Open', 'Assigned') then case when acknowledged_at is null then coalesce(acknowledge_due_at, complete_due_at) else complete_due_at end end`,
    ),
    ...timestamps,
  },
  (t) => [
    // Overdue filters and "my queue" (oldest due first).
    index('request_lines_due_idx').on(t.dueAt).where(sql`due_at is not null`),
    // The escalation scheduler's two questions: which open lines passed a target not yet met.
    index('request_lines_ack_due_idx').on(t.acknowledgeDueAt).where(sql`acknowledged_at is null and status in ('Open', 'Assigned')`),
    index('request_lines_complete_due_idx').on(t.completeDueAt).where(sql`status in ('Open', 'Assigned')`),
    index('request_lines_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('request_lines_request_idx').on(t.requestId),
    index('request_lines_updated_idx').on(t.updatedAt.desc(), t.id),
    index('request_lines_department_updated_idx').on(t.departmentId, t.updatedAt.desc()),
    // A hotel user's scope (hotel, then department): the Services count reads this index alone.
    index('request_lines_hotel_idx').on(t.hotelId, t.departmentId),
    index('request_lines_status_idx').on(t.status),
    // Home's lines completed today.
    index('request_lines_completed_idx').on(t.completedAt).where(sql`status = 'Completed'`),
    index('request_lines_service_idx').on(t.serviceId),
    index('request_lines_worker_idx').on(t.workerId),
    // The scheduler's question: which quiet scheduled lines are due to alert.
    index('request_lines_alert_idx').on(t.alertAt).where(sql`alerted_at is null and alert_at is not null`),
    // Reports read one period of lines.
    index('request_lines_created_idx').on(t.createdAt),
    // Home's "waiting longest": the oldest open lines, read in order from the few open ones
    // (request_lines_created_idx walks every closed line older than the oldest open one).
    index('request_lines_open_created_idx').on(t.createdAt, t.id).where(sql`status in ('Open', 'Assigned')`),
  ],
);

/**
 * One row per line and missed target: the unique key is what makes an
 * escalation go out once however many server processes notice it at the same moment
 * (insert … on conflict do nothing; whoever inserted, sends).
 */
/**
 * One hotel's escalation digest for one window: the escalations it lists (line_escalations.digest_id)
 * and the receivers the mail server took it for. Written in the transaction that takes the
 * escalations off digest_pending, and held while a try is under way (next_mail_at), so a receiver
 * the mail server refused, or a process stopped mid-send, leaves the rest to a retry of any process.
 */
export const escalationDigests = pgTable(
  'escalation_digests',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    /** The window's start (hotels.escalation_digest_at when it was claimed): with the receiver, the e-mail's Message-ID. */
    windowAt: timestamp('window_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The receivers the digest reached: a retry writes only to the others. */
    mailedUserIds: integer('mailed_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Tries at e-mailing so far, the first included. */
    mailAttempts: integer('mail_attempts').notNull().default(1),
    /**
     * When the digest is tried again for those it did not reach (while a try is under way: when
     * that try counts as lost, the process having stopped mid-send); null once nothing is left.
     */
    nextMailAt: timestamp('next_mail_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('escalation_digests_hotel_window_uq').on(t.hotelId, t.windowAt),
    index('escalation_digests_mail_due_idx').on(t.nextMailAt).where(sql`next_mail_at is not null`),
  ],
);

export const lineEscalations = pgTable(
  'line_escalations',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => requestLines.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['acknowledge', 'complete'] }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    escalatedAt: timestamp('escalated_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** How many people the e-mail reached (null until sent, or when mail is not set up). */
    mailedTo: integer('mailed_to'),
    /** The receivers the e-mail reached: a retry writes only to the others. */
    mailedUserIds: integer('mailed_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Tries at e-mailing so far, the first included. */
    mailAttempts: integer('mail_attempts').notNull().default(1),
    /**
     * When the e-mail is tried again for those it did not reach (while a try is under way:
     * when that try counts as lost, the process having stopped mid-send); null once
     * nothing is left to send.
     */
    nextMailAt: timestamp('next_mail_at', { withTimezone: true, mode: 'date' }),
    /**
     * E-mail was not set up when it fell due: sent once it is, if the line still misses
     * the target (a fresh install's duty manager must not be left unwarned).
     */
    awaitingMailSetup: boolean('awaiting_mail_setup').notNull().default(false),
    /** The hotel takes its escalation e-mails as a digest: this one waits for the next digest. */
    digestPending: boolean('digest_pending').notNull().default(false),
    /** The digest that took this escalation (null: e-mailed on its own, or still waiting for a digest). */
    digestId: integer('digest_id').references(() => escalationDigests.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('line_escalations_line_kind_uq').on(t.lineId, t.kind),
    index('line_escalations_awaiting_mail_idx').on(t.id).where(sql`awaiting_mail_setup`),
    index('line_escalations_digest_idx').on(t.id).where(sql`digest_pending`),
    index('line_escalations_mail_due_idx').on(t.nextMailAt).where(sql`next_mail_at is not null`),
    index('line_escalations_digest_id_idx').on(t.digestId).where(sql`digest_id is not null`),
  ],
);
