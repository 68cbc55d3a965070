import { z } from 'zod';
import type { Claim } from '../permissions';
import { Id, MessageResponse, Timestamp, singleLine } from './common';

/** Every key begins so: a secret scanner (and a person) recognises one in a log or a repository. */
export const API_KEY_PREFIX = 'hgs_live_';

/**
 * The claims an API key may hold: ONE allow-list, deny by default (a claim added to the
 * catalogue later is refused to keys until it is named here). A key is another system
 * working the hotel's data; it never holds a claim that changes who may sign in or with
 * which rights: users, roles, passwords, two-factor, passkeys and sessions (Users, Roles),
 * the sign-in provider (Sign In), the security audit, the mail server that carries
 * invitations and resets (Email Settings), keys and webhooks themselves (Integrations), or
 * the pairing of a worker's phone (Worker.Pair: a paired phone is a sign-in). The creator's
 * own claims narrow it further, at creation and again at every call.
 */
export const API_KEY_CLAIMS = [
  'Basic Data.Company.View',
  'Basic Data.Company.Create',
  'Basic Data.Company.Edit',
  'Basic Data.Company.Delete',
  'Basic Data.Hotel.View',
  'Basic Data.Hotel.Create',
  'Basic Data.Hotel.Edit',
  'Basic Data.Hotel.Delete',
  'Basic Data.Use Type.View',
  'Basic Data.Use Type.Create',
  'Basic Data.Use Type.Edit',
  'Basic Data.Use Type.Delete',
  'Basic Data.Room Type.View',
  'Basic Data.Room Type.Create',
  'Basic Data.Room Type.Edit',
  'Basic Data.Room Type.Delete',
  'Basic Data.Booking Room.View',
  'Basic Data.Booking Room.Create',
  'Basic Data.Booking Room.Edit',
  'Basic Data.Room.View',
  'Basic Data.Room.Create',
  'Basic Data.Room.Edit',
  'Basic Data.Room.Delete',
  'Basic Data.Service Group.View',
  'Basic Data.Service Group.Create',
  'Basic Data.Service Group.Edit',
  'Basic Data.Service Group.Delete',
  'Basic Data.Service.View',
  'Basic Data.Service.Create',
  'Basic Data.Service.Edit',
  'Basic Data.Service.Delete',
  'Basic Data.Worker.View',
  'Basic Data.Worker.Create',
  'Basic Data.Worker.Edit',
  'Basic Data.Worker.Delete',
  'Basic Data.Departments.View',
  'Basic Data.Departments.Create',
  'Basic Data.Departments.Edit',
  'Basic Data.Departments.Delete',
  'Basic Data.Routing.Read',
  'Basic Data.Routing.Edit',
  'Service Management.Request List.View',
  'Service Management.Request List.Create',
  'Service Management.Service List.View',
  'Service Management.Service List.Assign',
  'Service Management.Service List.Complete',
  'Service Management.Service List.Reject',
  'Service Management.Service List.Acknowledge',
  'Service Management.Escalations.Receive',
  'Administration.Canned Replies.View',
  'Administration.Canned Replies.Create',
  'Administration.Canned Replies.Edit',
  'Administration.Canned Replies.Delete',
  'Reports.Service Levels.View',
  'Reports.Guest Feedback.View',
  'Reports.Guest Feedback.Follow Up',
] as const satisfies readonly Claim[];

/** Whether a key may hold this claim at all (whatever its creator holds). */
export function keyMayHold(claim: string): boolean {
  return (API_KEY_CLAIMS as readonly string[]).includes(claim);
}

export const API_KEY_RATE_DEFAULTS = { perSecond: 20, perMinute: 1200 } as const;

export const ApiKeyInput = z.object({
  name: singleLine(100),
  /** The hotel the key reaches; null: the whole chain (an Admin's keys only). */
  hotelId: Id.nullable(),
  claims: z.array(z.string().max(100)).min(1).max(200),
  perSecond: z.number().int().min(1).max(1000).default(API_KEY_RATE_DEFAULTS.perSecond),
  perMinute: z.number().int().min(1).max(60_000).default(API_KEY_RATE_DEFAULTS.perMinute),
});

export const ApiKey = z.object({
  id: z.number(),
  /** The key's short public part (it follows the prefix): how a key is told apart in a list or a log. */
  keyId: z.string(),
  name: z.string(),
  hotelId: z.number().nullable(),
  hotelName: z.string().nullable(),
  claims: z.array(z.string()),
  perSecond: z.number(),
  perMinute: z.number(),
  createdBy: z.string().nullable(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
});

/** The whole key, in this answer only: it is stored hashed and never shown again. */
export const CreatedApiKey = MessageResponse.extend({ key: z.string(), apiKey: ApiKey });

export type ApiKeyInput = z.infer<typeof ApiKeyInput>;
export type ApiKey = z.infer<typeof ApiKey>;
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

// ── The guest's stay, from the PMS ──
/** How far a stay event's timestamp may be from the server's clock (replays of old events are refused). */
export const STAY_EVENT_TOLERANCE_SECONDS = 300;
/** The headers a stay event is signed with: `v1=` + hex HMAC-SHA256 of `<timestamp>.<raw body>` under the hotel's stay secret. */
export const STAY_SIGNATURE_HEADER = 'x-hgs-signature';
export const STAY_TIMESTAMP_HEADER = 'x-hgs-timestamp';

export const StayEventInput = z.object({
  hotelId: Id,
  /** Unique per hotel: the same id twice is a replay. */
  eventId: z.string().trim().min(1).max(100),
  type: z.enum(['check-in', 'room-move', 'check-out']),
  /** The PMS's id of the stay (reservation). */
  stayId: z.string().trim().min(1).max(100),
  roomNumber: z.string().trim().min(1).max(20),
  guest: z.object({
    name: singleLine(200),
    language: z.string().max(10).optional().default(''),
    email: z.string().max(254).optional().default(''),
  }),
  arrival: z.string().max(40),
  departure: z.string().max(40),
});
export const StaySecretInput = z.object({ hotelId: Id });
/** The secret, in this answer only. */
export const StaySecret = MessageResponse.extend({ secret: z.string() });

/** A guest's stay as staff see it beside a request: the PMS's name and dates (as the PMS sent them). */
export const StaySummary = z.object({
  id: z.number(),
  guestName: z.string(),
  arrival: z.string(),
  departure: z.string(),
  /** The PMS said the guest checked out. */
  checkedOut: z.boolean(),
});

/** The guest page asks for the room's open stay; the room link's signature travels in the x-room-signature header. */
export const GuestRoomStayQuery = z.object({ hotelId: Id, roomId: Id });
/**
 * What the public guest page may know of the room's open stay: the first name to pre-fill
 * and the stay's language. Never the e-mail or the dates: anyone holding the room's QR sees it.
 */
export const GuestRoomStay = z.object({
  stay: z.object({ firstName: z.string(), language: z.enum(['en', 'ar']).nullable() }).nullable(),
});

export type StayEventInput = z.infer<typeof StayEventInput>;
export type StaySummary = z.infer<typeof StaySummary>;
export type GuestRoomStay = z.infer<typeof GuestRoomStay>;
