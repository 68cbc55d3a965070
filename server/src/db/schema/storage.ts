import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row (id 1), written by the health check while the disk is full: a write that
 * succeeds again tells the server it has room (db/storage-state.ts).
 */
export const storageProbe = pgTable('storage_probe', {
  id: integer('id').primaryKey(),
  writtenAt: timestamp('written_at', { withTimezone: true, mode: 'date' }).notNull(),
});
