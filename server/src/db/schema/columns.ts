import { integer, timestamp } from 'drizzle-orm/pg-core';

/** createdAt / updatedAt on every table (lists are ordered by them). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * Service-level targets in minutes on a service, a service group (defaults of
 * its services) and a hotel (the default of last resort); null: the next level decides.
 */
export const targetColumns = {
  acknowledgeMinutes: integer('acknowledge_minutes'),
  completeMinutes: integer('complete_minutes'),
};
