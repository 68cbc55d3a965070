import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { hotels } from './basic-data';
import { requests } from './requests';

/**
 * The key version of each hotel's room links: a QR link is signed with it, and printing
 * new codes (rotate) moves it on, so codes printed before stop being verified.
 */
export const roomLinkKeys = pgTable('room_link_keys', {
  hotelId: integer('hotel_id')
    .primaryKey()
    .references(() => hotels.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * E-mails to a guest about a request, one row per cause: the primary key makes the send
 * happen once even when several server processes see the same change (DESIGN). The row
 * is written (claimed) before the e-mail goes and marked sent after; one not sent (the
 * mail server refused or was down, the process stopped mid-send) is tried again later,
 * a few times within a day.
 */
export const guestNotices = pgTable(
  'guest_notices',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** 'finished': every line of the request is Completed or Rejected. */
    kind: text('kind', { enum: ['finished'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the mail server took it; null while it is still to be sent. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Tries so far, this one included. */
    attempts: integer('attempts').notNull().default(1),
    /** When an unsent one is tried again (while a try is under way: when it counts as lost). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.kind] }),
    index('guest_notices_unsent_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
  ],
);
