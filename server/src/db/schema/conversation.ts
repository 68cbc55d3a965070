import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { workers } from './basic-data';
import { users } from './identity';
import { requestLines } from './requests';
import { apiKeys } from './integrations';

/**
 * A service line's conversation: replies the guest reads and notes only
 * staff read, oldest first. `request_lines.reply` keeps the latest reply, so the
 * clients and e-mails that read one reply keep working.
 */
export const lineMessages = pgTable(
  'line_messages',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => requestLines.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reply', 'note', 'guest'] }).notNull(),
    text: text('text').notNull(),
    /** Who wrote it; kept when the user is removed (the name then reads as unknown). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Or the worker who wrote it on a phone (a done note, a reason for "can't do"). */
    workerId: integer('worker_id').references(() => workers.id, { onDelete: 'set null' }),
    /** Or the API key (an integration) it came through. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('line_messages_line_idx').on(t.lineId, t.id)],
);

/** Ready-made replies in both languages, kept by an Admin (Administration.Canned Replies). */
export const cannedReplies = pgTable('canned_replies', {
  id: serial('id').primaryKey(),
  textEn: text('text_en').notNull(),
  textAr: text('text_ar').notNull(),
  ...timestamps,
});
