import { timestamp } from 'drizzle-orm/pg-core';

/** createdAt / updatedAt on every table (lists are ordered by them). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
