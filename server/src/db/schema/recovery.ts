import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { hotels } from './basic-data';
import { users } from './identity';
import { requests } from './requests';

/**
 * Service recovery: a guest who rated at or below the hotel's threshold, and the duty
 * manager's follow-up. One per request (a request is rated once): the unique key makes
 * the follow-up open once however many server processes handle the review.
 */
export const feedbackFollowUps = pgTable(
  'feedback_follow_ups',
  {
    id: serial('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .unique()
      .references(() => requests.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    status: text('status', { enum: ['open', 'contacted', 'resolved'] }).notNull().default('open'),
    note: text('note').notNull().default(''),
    /** Who follows up: the staff member who last moved it on. */
    followerId: integer('follower_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    /** How many duty managers the alert e-mail reached (null until sent, or when mail is not set up). */
    mailedCount: integer('mailed_count'),
    ...timestamps,
  },
  (t) => [index('feedback_follow_ups_hotel_idx').on(t.hotelId, t.status), index('feedback_follow_ups_resolved_idx').on(t.resolvedAt)],
);
