import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from '../patterns';
import { RECOVERY_STATUSES } from '../recovery';
import { Id, LangQuery, Timestamp, optionalText } from './common';
import { LineStatusName, RequestStatusName } from './requests';
import { StaySummary } from './integrations';
import { isTimeZone } from './time-zone';

export { isTimeZone };

/** An instant with its offset: the client says where its day starts, the server does not guess. */
const Instant = z.iso.datetime({ offset: true });

const TimeZone = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/)
  .refine(isTimeZone, { message: 'invalid' });

/** The longest range one report covers (a year and a day, so "last 12 months" fits). */
export const REPORT_MAX_DAYS = 367;

/** A period [from, to) and the filters every report takes. */
export const ReportRangeQuery = LangQuery.extend({
  from: Instant,
  to: Instant,
  hotelId: Id.optional(),
  departmentId: Id.optional(),
  /** Days of groupBy=day are counted in this zone; UTC when absent. */
  timeZone: TimeZone.optional(),
});

export const SERVICE_LEVEL_GROUPS = ['hotel', 'department', 'worker', 'service', 'channel', 'day'] as const;
export type ServiceLevelGroup = (typeof SERVICE_LEVEL_GROUPS)[number];

export const ServiceLevelsQuery = ReportRangeQuery.extend({ groupBy: z.enum(SERVICE_LEVEL_GROUPS).default('department') });

/**
 * One group's figures over the lines created in the period. Acknowledge: from the
 * line's creation to its acknowledgement or first assignment (department or worker);
 * complete: from creation to completion. Ratings are the requests' (one per request,
 * counted once per group however many of its lines the group holds).
 */
export const ServiceLevelRow = z.object({
  /** The id of the hotel, department, worker or service, the channel ('phone'…), or the day 'YYYY-MM-DD'; 'none' for lines without one. */
  key: z.string(),
  /** In the caller's language; null for the 'none' group (no department or worker yet). */
  name: z.string().nullable(),
  lines: z.number(),
  completed: z.number(),
  rejected: z.number(),
  acknowledgeP50Minutes: z.number().nullable(),
  acknowledgeP90Minutes: z.number().nullable(),
  completeP50Minutes: z.number().nullable(),
  completeP90Minutes: z.number().nullable(),
  /**
   * Percent of the lines with a completion target whose outcome is known (completed, or
   * open past the target) that were completed in time; null when no line has a target.
   */
  onTimePercent: z.number().nullable(),
  averageRating: z.number().nullable(),
  /** How many rated requests the average is over. */
  ratings: z.number(),
});

export const ServiceLevels = z.object({
  rows: z.array(ServiceLevelRow),
  /** The same figures over the whole period (key 'total'). */
  total: ServiceLevelRow,
  /** How many rated requests gave each rating, index 0 = rating 1 … index 9 = rating 10. */
  ratingDistribution: z.array(z.number()).length(RATING_MAX - RATING_MIN + 1),
  /** Service recovery over the period: follow-ups opened by low ratings, and those resolved (recovered guests). */
  recovery: z.object({ followUps: z.number(), recovered: z.number() }).optional(),
});

// ── Room history ──────────────────────────────────────────────────────────
export const RoomHistoryQuery = LangQuery.extend({ roomId: Id });

/** Three requests for one service within 30 days make a repeat fault. */
export const REPEAT_FAULT = { count: 3, days: 30 } as const;

export const RoomHistoryLine = z.object({
  id: z.number(),
  serviceId: z.number(),
  serviceName: z.string(),
  departmentName: z.string().nullable(),
  workerName: z.string().nullable(),
  statusName: LineStatusName,
  createdAt: Timestamp,
  acknowledgedAt: Timestamp.nullable(),
  completedAt: Timestamp.nullable(),
  rejectedAt: Timestamp.nullable(),
  /** This line is the third (or later) of its service in this room within 30 days. */
  repeatFault: z.boolean(),
});

export const RoomHistoryRequest = z.object({
  id: z.string(),
  requestCode: z.string(),
  statusName: RequestStatusName,
  custName: z.string(),
  createdAt: Timestamp,
  rating: z.number().nullable(),
  review: z.string().nullable(),
  lines: z.array(RoomHistoryLine),
  /** The PMS stay the request was made in; null: outside any known stay (absent from older servers). */
  stay: StaySummary.nullable().optional(),
});

export const RoomHistory = z.object({
  roomId: z.number(),
  roomNumber: z.string(),
  hotelName: z.string(),
  /** Services asked for 3+ times in this room over the last 30 days. */
  repeatFaults: z.array(z.object({ serviceId: z.number(), serviceName: z.string(), count: z.number(), lastAt: Timestamp })),
  /** Newest first; at most ROOM_HISTORY_LIMIT requests. */
  requests: z.array(RoomHistoryRequest),
});
export const ROOM_HISTORY_LIMIT = 200;

// ── Guest feedback ────────────────────────────────────────────────────────
const Rating = z.coerce.number().int().min(RATING_MIN).max(RATING_MAX);
export const GuestFeedbackQuery = ReportRangeQuery.omit({ departmentId: true, timeZone: true }).extend({
  minRating: Rating.optional(),
  maxRating: Rating.optional(),
});

export const GuestFeedbackRow = z.object({
  requestId: z.string(),
  requestCode: z.string(),
  rating: z.number(),
  review: z.string(),
  reviewedAt: Timestamp,
  hotelName: z.string(),
  roomId: z.number(),
  roomNumber: z.string(),
  /** The departments of the request's lines, by name, without repeats. */
  departments: z.array(z.string()),
  custName: z.string().optional(),
  /** The request's services, in its lines' order. */
  services: z.array(z.string()).optional(),
  /** The service-recovery follow-up a low rating opened; null when the rating was above the hotel's threshold. */
  followUp: z
    .object({
      id: z.number(),
      status: z.enum(RECOVERY_STATUSES),
      note: z.string(),
      followerName: z.string().nullable(),
      updatedAt: Timestamp,
    })
    .nullable()
    .optional(),
});

/** A duty manager moves a follow-up on: contacted, resolved, with a note. */
export const FollowUpInput = z.object({
  id: Id,
  status: z.enum(RECOVERY_STATUSES),
  note: optionalText(2000).default(''),
});
/** The newest reviews first; at most GUEST_FEEDBACK_LIMIT. */
export const GUEST_FEEDBACK_LIMIT = 5000;

export type ReportRangeQuery = z.infer<typeof ReportRangeQuery>;
export type ServiceLevelsQuery = z.infer<typeof ServiceLevelsQuery>;
export type ServiceLevelRow = z.infer<typeof ServiceLevelRow>;
export type ServiceLevels = z.infer<typeof ServiceLevels>;
export type RoomHistoryQuery = z.infer<typeof RoomHistoryQuery>;
export type RoomHistoryLine = z.infer<typeof RoomHistoryLine>;
export type RoomHistoryRequest = z.infer<typeof RoomHistoryRequest>;
export type RoomHistory = z.infer<typeof RoomHistory>;
export type GuestFeedbackQuery = z.infer<typeof GuestFeedbackQuery>;
export type GuestFeedbackRow = z.infer<typeof GuestFeedbackRow>;
export type FollowUpInput = z.infer<typeof FollowUpInput>;
