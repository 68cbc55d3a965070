import { z } from 'zod';
import { ALL_CLAIMS, type Claim } from '../permissions';
import { Id, MessageResponse, Timestamp, singleLine } from './common';

/** Every key begins so: a secret scanner (and a person) recognises one in a log or a repository. */
export const API_KEY_PREFIX = 'hgs_live_';

/**
 * The items a key never holds: who may sign in, with which rights, where the mail goes,
 * and the keys themselves. A leaked key must not be able to make itself a user or a
 * wider key; people do that at the screen.
 */
export const API_KEY_REFUSED_ITEMS = ['Administration.Users', 'Administration.Roles', 'Administration.Email Settings', 'Administration.Integrations'] as const;

export function keyMayHold(claim: string): boolean {
  return !API_KEY_REFUSED_ITEMS.some((item) => claim.startsWith(`${item}.`));
}

/** The claims a key may be given at all (the creator's own claims narrow them further). */
export const API_KEY_CLAIMS: readonly Claim[] = ALL_CLAIMS.filter(keyMayHold);

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
