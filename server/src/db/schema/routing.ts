import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { departments, hotels, workers } from './basic-data';
import { timestamps } from './columns';
import { requestLines } from './requests';

/**
 * Routing: lines that give themselves to an on-shift worker of the right department.
 * Off for a hotel until it has a rule; a rule is per hotel and per service, service group
 * or department (the narrowest one found applies).
 */
export const routingRules = pgTable(
  'routing_rules',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['service', 'group', 'department'] }).notNull(),
    /** The service, service group or department the rule is for (by scope). */
    scopeId: integer('scope_id').notNull(),
    /** False: lines this rule covers are left for a person (a narrower "off" beats a wider "on"). */
    autoRoute: boolean('auto_route').notNull().default(true),
    /** Where a line with no department yet (a Special Request) goes; null: a person decides. */
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'cascade' }),
    /** Open tasks a worker may hold before routing passes them by. */
    maxOpenTasks: integer('max_open_tasks').notNull().default(5),
    /** Minutes a worker has to accept before the line is offered to the next. */
    acceptMinutes: integer('accept_minutes').notNull().default(3),
    /** How many times a line not accepted is offered to another worker before the desk is told. */
    maxReoffers: integer('max_reoffers').notNull().default(2),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('routing_rules_hotel_scope_uq').on(t.hotelId, t.scope, t.scopeId),
    check('routing_rules_cap_ck', sql`max_open_tasks between 1 and 100`),
    check('routing_rules_accept_ck', sql`accept_minutes between 1 and 1440`),
    check('routing_rules_reoffers_ck', sql`max_reoffers between 0 and 20`),
  ],
);

/** The parts of a hotel (rooms' zones) a worker covers; routing prefers them for lines from there. */
export const workerZones = pgTable(
  'worker_zones',
  {
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    zone: text('zone').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workerId, t.zone] })],
);

/**
 * A department's weekly roster at one hotel: a worker is on shift from `startMinute`
 * to `endMinute` (minutes after midnight, hotel time) of `weekday` (0 Sunday … 6
 * Saturday); an end at or before the start runs past midnight into the next day.
 */
export const shiftRoster = pgTable(
  'shift_roster',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    ...timestamps,
  },
  (t) => [index('shift_roster_hotel_department_idx').on(t.hotelId, t.departmentId), index('shift_roster_worker_idx').on(t.workerId)],
);

/**
 * Where routing stands with one line: whom it was offered to (in order) and when the
 * current offer was made. `state` 'waiting': nobody could take it yet; 'escalated': the desk was told, routing leaves it.
 */
export const lineRouting = pgTable('line_routing', {
  lineId: integer('line_id')
    .primaryKey()
    .references(() => requestLines.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['waiting', 'offered', 'escalated'] }).notNull(),
  offeredWorkerIds: integer('offered_worker_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }),
  ruleId: integer('rule_id'),
  /** Why the line is waiting, as last written to its history (a reason is written once, not every tick). */
  waitReason: text('wait_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Every routing decision on a line (the line card's history): which rule, which worker, why. */
export const lineRoutingLog = pgTable(
  'line_routing_log',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => requestLines.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    ruleId: integer('rule_id'),
    outcome: text('outcome', { enum: ['department', 'assigned', 'reoffered', 'waiting', 'escalated'] }).notNull(),
    reason: text('reason').notNull(),
    workerId: integer('worker_id').references(() => workers.id, { onDelete: 'set null' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /** What the reason rests on (open tasks, zone, candidates counted). */
    detail: jsonb('detail'),
  },
  (t) => [index('line_routing_log_line_idx').on(t.lineId, t.id)],
);
