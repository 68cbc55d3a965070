import { z } from 'zod';
import { LIVE_EVENT_TYPES } from '../live-events';
import { CUST_NAME_MAX, GUEST_MESSAGE_MAX, RATING_MAX, RATING_MIN } from '../patterns';
import { TARGET_KINDS } from '../service-levels';
import { LINE_STATUSES, REQUEST_STATUSES, STATUS_UPDATES } from '../statuses';
import { Email } from './account';
import { RoutingStep } from './routing';
import { StaySummary } from './integrations';
import { Id, Lang, Lookup, Phone, Timestamp, optionalText, singleLine, text } from './common';

export const RequestStatusName = z.enum(REQUEST_STATUSES);
export const LineStatusName = z.enum(LINE_STATUSES);

/** A day (`2026-11-23`) or an instant with its offset (`2026-11-23T08:00:00+03:00`). */
const DayOrInstant = z
  .string()
  .max(40)
  .pipe(z.union([z.iso.date(), z.iso.datetime({ offset: true })]));

/** A line's service-level clock (rules in shared/service-levels.ts), as of the answer. */
export const LineClock = z.object({
  acknowledgedAt: Timestamp.nullable(),
  /** When the clock started: the line's creation, or a Special Request's department assignment; null before. */
  clockStartedAt: Timestamp.nullable(),
  acknowledgeDueAt: Timestamp.nullable(),
  completeDueAt: Timestamp.nullable(),
  /** The next promise (acknowledge by, else complete by); null when none applies or the line is closed. */
  dueAt: Timestamp.nullable(),
  dueKind: z.enum(TARGET_KINDS).nullable(),
  isOverdue: z.boolean(),
  /** The time the guest or the desk asked for ("wake-up call at 06:00"); null: as soon as possible. */
  scheduledFor: Timestamp.nullable().optional(),
  /** Scheduled and still quiet: no alert and no clock until its lead time before (listed under "Scheduled"). */
  scheduledQuiet: z.boolean().optional(),
});
export type LineClock = z.infer<typeof LineClock>;

/** A line without a running clock or any target (made before service levels, or a Special Request waiting for its department): handy in fixtures. */
export const UNTIMED_LINE = {
  acknowledgedAt: null,
  clockStartedAt: null,
  acknowledgeDueAt: null,
  completeDueAt: null,
  dueAt: null,
  dueKind: null,
  isOverdue: false,
  expectedBy: null,
} as const satisfies LineClock & { expectedBy: null };

/**
 * The staff lists' filters, next to ListQuery's paging, search and sort. `from` and
 * `to` bound the creation time, both inclusive; a day alone as `to` means through
 * that whole day (UTC: a client in another zone sends instants).
 */
export const StaffListFilters = z.object({
  hotelId: Id.optional(),
  departmentId: Id.optional(),
  from: DayOrInstant.optional(),
  to: DayOrInstant.optional(),
  /**
   * 'true': only what is still to do: lines Open or Assigned (requests with such a line).
   * What the home page's "Open lines" figure counts, so its link shows exactly those lines.
   */
  open: z.enum(['true', 'false']).optional(),
  /**
   * 'true': only what still waits to be acknowledged: lines Open that nobody has
   * acknowledged (requests with such a line). What the reminders ring for, so their link
   * shows exactly those lines.
   */
  waiting: z.enum(['true', 'false']).optional(),
  /** 'true': only what is past its due time now (open lines; requests with such a line). */
  overdue: z.enum(['true', 'false']).optional(),
  /**
   * 'true': "my queue": the open lines of the user's own departments (an admin's too),
   * oldest due first (lines without a target after, oldest first).
   */
  mine: z.enum(['true', 'false']).optional(),
  /** 'true': the scheduled lines still quiet (open, not yet alerted), soonest first (requests with such a line). */
  scheduled: z.enum(['true', 'false']).optional(),
});
export type StaffListFilters = z.infer<typeof StaffListFilters>;

// ── Channels ───────────────────────────────────────────────────────────────
/** How a request reached the hotel: the guest's own page, a call or a visit to the desk, or another system. */
export const REQUEST_CHANNELS = ['guest', 'phone', 'desk', 'integration'] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];
/** The channels staff file a request through on a guest's behalf. */
export const DESK_CHANNELS = ['phone', 'desk'] as const satisfies readonly RequestChannel[];
export const RequestChannelName = z.enum(REQUEST_CHANNELS);

// ── Guest ──────────────────────────────────────────────────────────────────
/** A wall-clock time in the hotel's time zone, to the minute. */
export const ScheduledAt = z
  .string()
  .max(16)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { message: 'scheduledAtFormat', abort: true })
  // A day and time the calendar has: 30 February or 24:00 would otherwise roll over into another day.
  .refine(isCalendarTime, 'scheduledAtFormat');

/** `2026-11-27T06:00` names a real day (month 1–12, its own days) and a time of it (00:00–23:59). */
export function isCalendarTime(local: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && at.getUTCHours() === h && at.getUTCMinutes() === mi;
}

/** The services of a new request, one line per service (the forms say so too): a repeat is marked on the repeating line. */
const RequestServices = z
  .array(
    z.object({
      serviceId: Id,
      note: optionalText(2000).default(''),
      /** A time asked for, as the hotel's clocks show it (`2026-11-27T06:00`); today or up to 30 days on. */
      scheduledAt: ScheduledAt.optional(),
    }),
  )
  .min(1)
  .max(20)
  .superRefine((lines, ctx) => {
    const seen = new Set<number>();
    lines.forEach((line, i) => {
      if (seen.has(line.serviceId)) ctx.addIssue({ code: 'custom', message: 'serviceTwice', path: [i, 'serviceId'] });
      seen.add(line.serviceId);
    });
  });

export const AddRequestInput = z.object({
  custName: singleLine(CUST_NAME_MAX),
  custEmail: Email,
  /** The dial code followed by the number, e.g. '+966 55 123 4567'. */
  custPhone: Phone,
  hotelId: Id,
  roomId: Id,
  note: optionalText(2000).default(''),
  services: RequestServices,
});
export const AddRequestResponse = z.object({ message: z.string(), id: z.string() });

/** An empty answer stands for "not given" (a form's untouched field sends ''). */
const orEmpty = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal(''), schema]).default('');

/**
 * A request staff file for a room on a guest's behalf (taken by phone or at the desk):
 * the guest's name, phone and e-mail are optional, the rest is a guest's request.
 */
export const CreateRequestForGuestInput = z.object({
  channel: z.enum(DESK_CHANNELS),
  hotelId: Id,
  roomId: Id,
  custName: orEmpty(singleLine(CUST_NAME_MAX)),
  custPhone: orEmpty(Phone),
  custEmail: orEmpty(Email),
  /** E-mail the guest the link to follow the request (needs custEmail). */
  emailLink: z.boolean().default(false),
  /** The language the guest speaks: their page and e-mails use it (default: the caller's). */
  guestLanguage: Lang.optional(),
  note: optionalText(2000).default(''),
  services: RequestServices,
});
export type CreateRequestForGuestInput = z.infer<typeof CreateRequestForGuestInput>;
export const CreateRequestForGuestResponse = AddRequestResponse.extend({
  /** Whether the tracking link was e-mailed (false: not asked, or e-mail is not set up or failed). */
  linkEmailed: z.boolean(),
});
export type CreateRequestForGuestResponse = z.infer<typeof CreateRequestForGuestResponse>;

export const ReviewInput = z.object({
  id: z.string().max(64),
  feedback: optionalText(2000).default(''),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
});

// ── A line's conversation ──────────────────────────────────────
/**
 * A reply goes to the guest; a note stays with staff (never in a guest's answer, stream
 * or e-mail); `guest` is the guest's own answer on the tracking page (both sides read it).
 */
export const MESSAGE_KINDS = ['reply', 'note', 'guest'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** What staff may write: the guest's kind comes only from the guest's page. */
export const STAFF_MESSAGE_KINDS = ['reply', 'note'] as const;
export type StaffMessageKind = (typeof STAFF_MESSAGE_KINDS)[number];
/** The longest reply or note (the same cap as the reply sent with Assign, Complete or Reject). */
export const MESSAGE_MAX = 2000;
export const LineMessage = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  text: z.string(),
  createdAt: Timestamp,
  /** The staff member who wrote it; null for the guest (who sees "the hotel") or a removed user. */
  authorName: z.string().nullable(),
});
export const ServiceMessageInput = z.object({
  requestDetailsId: Id,
  kind: z.enum(STAFF_MESSAGE_KINDS).default('reply'),
  text: text(MESSAGE_MAX),
});

/** The guest answers on one line of their request: the request id is what the tracking page holds, in the body. */
export const GuestMessageInput = z.object({
  id: z.string().max(64),
  requestDetailsId: Id,
  text: text(GUEST_MESSAGE_MAX),
});

/** A service line as the guest and staff see it. */
export const RequestLine = z.object({
  id: z.number(),
  serviceId: z.number(),
  serviceName: z.string(),
  statusName: LineStatusName,
  note: z.string(),
  reply: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  isSpecial: z.boolean(),
  specialRequest_DepartmentId: z.number().nullable(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  workerId: z.number().nullable(),
  workerName: z.string().nullable(),
  /** The line's conversation, oldest first: staff see replies and notes, the guest replies only. `reply` is the latest reply. */
  messages: z.array(LineMessage).optional(),
  /** Staff only: the guest wrote and no staff member has opened the line since. */
  guestUnread: z.boolean().optional(),
  ...LineClock.shape,
  /** For the guest: when the line should be done (its completion due time while open); null without a target. */
  expectedBy: Timestamp.nullable(),
});

export const RequestDetail = z.object({
  id: z.string(),
  requestCode: z.string(),
  statusName: RequestStatusName,
  custName: z.string(),
  custEmail: z.string(),
  custPhone: z.string(),
  hotelId: z.number(),
  roomId: z.number(),
  hotelName: z.string(),
  roomNumber: z.string(),
  note: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  requestDetails: z.array(RequestLine),
  /** The guest's review text, once given. */
  review: z.string().nullable(),
  rating: z.number().nullable(),
});

// ── Staff ──────────────────────────────────────────────────────────────────
export const RequestListRow = z.object({
  id: z.string(),
  code: z.string(),
  custName: z.string(),
  custPhone: z.string(),
  hotelName: z.string(),
  roomNumber: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  statusName: RequestStatusName,
  /** False: filed without a valid room-link signature ("unverified room"). */
  roomVerified: z.boolean().optional(),
  /** How the request reached the hotel (absent from older servers: the guest's page). */
  channel: RequestChannelName.optional(),
  /** Creation of the oldest line still open (its age is now minus this); null when none is open. */
  oldestOpenAt: Timestamp.nullable(),
  /** The earliest due time among the open lines; null when none has one. */
  dueAt: Timestamp.nullable(),
  isOverdue: z.boolean(),
  /** The names of its services, in its lines' order and the caller's language. */
  services: z.array(z.string()),
  /** The PMS checked the guest out while lines are still open (absent from older servers). */
  guestCheckedOut: z.boolean().optional(),
});

export const StaffRequestDetails = z.object({
  requestDetails: RequestDetail,
  availableDepartments: z.array(Lookup),
  /** False: filed without a valid room-link signature ("unverified room"). */
  roomVerified: z.boolean().optional(),
  /** The language the guest wrote in: canned replies are offered in it. */
  guestLanguage: Lang.optional(),
  /** How the request reached the hotel. */
  channel: RequestChannelName.optional(),
  /** The guest's link to follow the request (what their e-mail carries), for a QR the guest scans at the desk. */
  trackingLink: z.string().optional(),
  /** The guest's stay from the PMS the request was made in; null: none known (absent from older servers). */
  stay: StaySummary.nullable().optional(),
});

export const ServiceListRow = z.object({
  id: z.number(),
  requestId: z.string(),
  requestHeaderCode: z.string(),
  /** How its request reached the hotel (absent from older servers: the guest's page). */
  channel: RequestChannelName.optional(),
  serviceName: z.string(),
  departmentName: z.string().nullable(),
  hotelName: z.string(),
  roomNumber: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  statusName: LineStatusName,
  ...LineClock.shape,
  /** The worker's Accept and Start on a phone (who, when); absent from older servers. */
  acceptedAt: Timestamp.nullable().optional(),
  acceptedBy: z.string().nullable().optional(),
  startedAt: Timestamp.nullable().optional(),
  startedBy: z.string().nullable().optional(),
  /** The guest wrote and no staff member has opened the line since. */
  guestUnread: z.boolean().optional(),
  /** The line is open and the PMS checked its guest out (absent from older servers). */
  guestCheckedOut: z.boolean().optional(),
});

export const ServiceDetails = RequestLine.extend({
  requestId: z.string(),
  requestCode: z.string(),
  requestStatusName: RequestStatusName,
  custName: z.string(),
  custEmail: z.string(),
  custPhone: z.string(),
  hotelId: z.number(),
  hotelName: z.string(),
  roomId: z.number(),
  roomNumber: z.string(),
  /** The language the guest wrote in: canned replies are offered in it. */
  guestLanguage: Lang.optional(),
});
export const StaffServiceDetails = z.object({
  serviceDetails: ServiceDetails,
  availableWorkers: z.array(Lookup),
  availableDepartments: z.array(Lookup),
  /** The guest's stay from the PMS the request was made in; null: none known (absent from older servers). */
  stay: StaySummary.nullable().optional(),
});

/** Who did what and when on one line (SPEC §3). */
export const AssignmentHistory = z.object({
  createdAt: Timestamp,
  user_AssignedToDepartment: z.string().nullable(),
  assignedToDepartment_Date: Timestamp.nullable(),
  departmentName: z.string().nullable(),
  user_Assigned: z.string().nullable(),
  assigned_Date: Timestamp.nullable(),
  workerName: z.string().nullable(),
  /** The worker's own Accept and Start on a phone (the worker's name, not a user's). */
  worker_Accepted: z.string().nullable(),
  accepted_Date: Timestamp.nullable(),
  worker_Started: z.string().nullable(),
  started_Date: Timestamp.nullable(),
  user_Completed: z.string().nullable(),
  completed_Date: Timestamp.nullable(),
  user_Rejected: z.string().nullable(),
  rejected_Date: Timestamp.nullable(),
  rejectReason: z.string().nullable(),
  /** Who took the line (Acknowledge, or assigning a worker, which takes it too). */
  user_Acknowledged: z.string().nullable().optional(),
  acknowledged_Date: Timestamp.nullable().optional(),
  /** Each reply the guest was sent, oldest first: who and when, not its text (the thread shows that). */
  replies: z.array(z.object({ by: z.string().nullable(), at: Timestamp })).optional(),
  /** Each target the line missed, when it was escalated, and how many receivers the e-mail reached (null: not e-mailed). */
  escalations: z.array(z.object({ kind: z.enum(TARGET_KINDS), at: Timestamp, mailedTo: z.number().nullable() })).optional(),
  /** Photos the worker sent with Done (LinePhoto/:id); the server always sends it, older ones did not. */
  photoIds: z.array(z.string()).optional(),
  /** Every routing decision on the line, oldest first: which rule, which worker, why (or why nobody). */
  routing: z.array(RoutingStep).optional(),
});

export const StatusUpdateInput = z.object({
  requestDetailsId: Id,
  status: z.enum(STATUS_UPDATES),
  /**
   * The reply to the guest; for Rejected, the reason (required), which stays internal:
   * staff read it in the line's history, the guest never does.
   */
  note: optionalText(2000).default(''),
  workerId: Id.nullable().optional(),
  /** Rejected only: what the guest reads instead of the reason (optional; nothing when empty). */
  guestMessage: optionalText(2000).default(''),
});
export const AssignDepartmentInput = z.object({ requestDetailsId: Id, departmentId: Id });
/** AcknowledgeService: a staff member has seen the line and takes it (stops its alert, meets the acknowledge target). */
export const AcknowledgeInput = z.object({ id: Id });

// ── Live events ────────────────────────────────────────────────────────────
/** What opens a staff event stream from an EventSource: a ticket got with the Authorization header. */
export const StreamTicket = z.object({ ticket: z.string(), expiresInSeconds: z.number() });
export const StreamTicketQuery = z.object({ ticket: z.string().max(100).optional() });
/** The live events' names, kept with the streams' contract (shared/live-events.ts). */
export const EVENT_TYPES = LIVE_EVENT_TYPES;

/**
 * What a `line-escalated` event carries: which target the line missed and where it is,
 * enough for an alert or a desktop notification without another call. It reaches only
 * the users holding Service Management.Escalations.Receive for the line's hotel.
 */
export const Escalation = z.object({
  kind: z.enum(TARGET_KINDS),
  dueAt: Timestamp,
  serviceNameEn: z.string(),
  serviceNameAr: z.string(),
  hotelNameEn: z.string(),
  hotelNameAr: z.string(),
  roomNumber: z.string(),
  departmentName: z.string().nullable(),
  /** The department's Arabic name (null: none, Arabic readers see departmentName). */
  departmentNameAr: z.string().nullable().optional(),
});
export type Escalation = z.infer<typeof Escalation>;
/** A new request as a busy desk's toast names it: where, what, and the first words of the guest's note. */
export const NewRequestSummary = z.object({
  roomNumber: z.string(),
  hotelNameEn: z.string(),
  hotelNameAr: z.string(),
  /** The first few services (an event crosses processes in one PostgreSQL notification, of at most 8000 bytes). */
  services: z.array(z.object({ nameEn: z.string(), nameAr: z.string() })),
  serviceCount: z.number(),
  notePreview: z.string(),
});
export type NewRequestSummary = z.infer<typeof NewRequestSummary>;
/**
 * What a `line-changed` event carries when a worker's phone gave the line back (Can't do):
 * who and why, for the desk's alert. Staff only: a guest's stream never carries it.
 */
export const ReturnedLine = z.object({
  workerName: z.string(),
  /** The worker's Arabic name (null: Arabic readers see workerName). */
  workerNameAr: z.string().nullable(),
  reason: z.string(),
});
export type ReturnedLine = z.infer<typeof ReturnedLine>;
export const LiveEvent = z.object({
  type: z.enum(EVENT_TYPES),
  requestId: z.string(),
  requestCode: z.string(),
  hotelId: z.number(),
  /**
   * Departments of the lines concerned, for scoping: null for a line still waiting for
   * one; a line handed to another department lists both.
   */
  departmentIds: z.array(z.number().nullable()),
  lineId: z.number().optional(),
  statusName: z.string().optional(),
  /** Staff only (an internal note): never sent on a guest's stream. */
  internal: z.boolean().optional(),
  at: Timestamp,
  /** Only on `line-escalated`. */
  escalation: Escalation.optional(),
  /** Only on `low-rating`, staff only (the hotel's escalation receivers): who rated how low, for a toast. */
  lowRating: z
    .object({ rating: z.number(), custName: z.string(), roomNumber: z.string(), hotelNameEn: z.string(), hotelNameAr: z.string() })
    .optional(),
  /** Only on `guest-message`, staff only: where the guest wrote and their first words, for a toast. */
  guestMessage: z.object({ roomNumber: z.string(), serviceNameEn: z.string(), serviceNameAr: z.string(), preview: z.string() }).optional(),
  /** Only on `request-created`, staff only: what a toast names without another call. */
  summary: NewRequestSummary.optional(),
  /** Only on the `line-changed` of a worker's Can't do, staff only. */
  returned: ReturnedLine.optional(),
  /**
   * Staff stream only: whether a line concerned is in the user's department scope. The
   * lists take every event they may show; the alerts (chime, notification, bell) follow this.
   */
  mine: z.boolean().optional(),
});

export type AddRequestInput = z.infer<typeof AddRequestInput>;
export type AddRequestResponse = z.infer<typeof AddRequestResponse>;
export type ReviewInput = z.infer<typeof ReviewInput>;
export type RequestLine = z.infer<typeof RequestLine>;
export type RequestDetail = z.infer<typeof RequestDetail>;
export type RequestListRow = z.infer<typeof RequestListRow>;
export type StaffRequestDetails = z.infer<typeof StaffRequestDetails>;
export type ServiceListRow = z.infer<typeof ServiceListRow>;
export type ServiceDetails = z.infer<typeof ServiceDetails>;
export type StaffServiceDetails = z.infer<typeof StaffServiceDetails>;
export type AssignmentHistory = z.infer<typeof AssignmentHistory>;
export type StatusUpdateInput = z.infer<typeof StatusUpdateInput>;
export type AssignDepartmentInput = z.infer<typeof AssignDepartmentInput>;
export type AcknowledgeInput = z.infer<typeof AcknowledgeInput>;
export type LiveEvent = z.infer<typeof LiveEvent>;
export type LineMessage = z.infer<typeof LineMessage>;
export type ServiceMessageInput = z.infer<typeof ServiceMessageInput>;
export type GuestMessageInput = z.infer<typeof GuestMessageInput>;
