import { z } from 'zod';
import { RECOVERY_THRESHOLD_MAX, RECOVERY_THRESHOLD_MIN } from '../recovery';
import { COUNTRY_NAMES } from '../countries';
import { FACILITY_CODES } from '../facilities';
import { hasControlCharacters } from '../patterns';
import { SCHEDULE_LEAD_MINUTES_MAX, TARGET_MINUTES_MAX } from '../service-levels';
import { isTimeZone } from './time-zone';
import { Id, LangQuery, Lookup, Phone, Timestamp, code, optionalText, text } from './common';

const NAME = 200;
const POLICY = 20_000;
/** An optional second name in Arabic (departments, workers): one line, no bidi controls. */
const ArabicName = z
  .string()
  .max(NAME, { abort: true })
  .refine((s) => !hasControlCharacters(s), { message: 'singleLine' })
  .nullable()
  .optional();

// ── Service-level targets ─────────────────────────────────────
/** Minutes, a whole number from 1 to a week; null clears it (the next level's default applies). */
export const TargetMinutes = z
  .number({ error: (issue) => (issue.code === 'invalid_type' ? 'number' : undefined) })
  .int()
  .min(1)
  .max(TARGET_MINUTES_MAX)
  .nullable()
  .optional();
/** On a service, a service group (defaults of its services) and a hotel (the default of last resort). */
export const TargetFields = z.object({ acknowledgeMinutes: TargetMinutes, completeMinutes: TargetMinutes });
/** Minutes from `min` to `max` (a day), optional; null clears it. */
const OptionalMinutes = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'number' : undefined) })
    .int()
    .min(min)
    .max(max)
    .nullable()
    .optional();
/** The longest digest window: a day. */
export const DIGEST_MINUTES_MAX = 24 * 60;
/**
 * The hotel's time zone, an IANA name ('Asia/Riyadh'); empty or null: the server's
 * HOTEL_TIME_ZONE. Capped before the pattern, which comes before asking the runtime.
 */
export const HotelTimeZone = z
  .string()
  .max(64, { abort: true })
  .refine((zone) => zone === '' || (/^[A-Za-z0-9_+\-/]+$/.test(zone) && isTimeZone(zone)), { message: 'timeZone' })
  .nullable()
  .optional();
const TargetRow = { acknowledgeMinutes: z.number().nullable(), completeMinutes: z.number().nullable() };

// ── Company ────────────────────────────────────────────────────────────────
export const CompanyInput = z.object({
  name: text(NAME),
  countryName: z.string().max(100, { abort: true }).refine((c) => COUNTRY_NAMES.has(c), { message: 'country' }),
  companyCode: code(),
});
export const Company = z.object({
  id: z.number(),
  companyCode: z.string(),
  name: z.string(),
  countryName: z.string(),
  createdAt: Timestamp,
});

// ── Hotel ──────────────────────────────────────────────────────────────────
export const HotelInput = z.object({
  name: text(NAME),
  nameAr: text(NAME),
  hotelCode: code(),
  companyId: Id,
  bookingPolicy: optionalText(POLICY).default(''),
  accommodationPolicy: optionalText(POLICY).default(''),
  /** A rating at or below this (of 10) opens a service-recovery follow-up; null: the default (4). */
  recoveryThreshold: z.number().int().min(RECOVERY_THRESHOLD_MIN).max(RECOVERY_THRESHOLD_MAX).nullable().default(null),
  timeZone: HotelTimeZone,
  /** Escalation e-mails as a digest: one e-mail per receiver per this many minutes; null: one per line. */
  escalationDigestMinutes: OptionalMinutes(1, DIGEST_MINUTES_MAX),
  /** The two-factor code step may offer "Remember this device for 30 days" to the hotel's staff (off unless turned on). */
  rememberDevice: z.boolean().default(false),
  ...TargetFields.shape,
});
export const Hotel = z.object({
  id: z.number(),
  hotelCode: z.string(),
  name: z.string(),
  nameAr: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  bookingPolicy: z.string(),
  accommodationPolicy: z.string(),
  recoveryThreshold: z.number().nullable(),
  timeZone: z.string().nullable(),
  escalationDigestMinutes: z.number().nullable(),
  rememberDevice: z.boolean(),
  ...TargetRow,
  createdAt: Timestamp,
});

// ── Use type, room type, service group: code + both names ─────────────────
const bilingual = <K extends string>(codeField: K) =>
  z.object({ nameAr: text(NAME), nameEn: text(NAME) }).extend({ [codeField]: code() } as Record<K, ReturnType<typeof code>>);
const bilingualRow = <K extends string>(codeField: K) =>
  z
    .object({ id: z.number(), nameAr: z.string(), nameEn: z.string(), createdAt: Timestamp })
    .extend({ [codeField]: z.string() } as Record<K, z.ZodString>);

export const UseTypeInput = bilingual('useTypeCode');
export const UseType = bilingualRow('useTypeCode');
export const RoomTypeInput = bilingual('roomTypeCode');
export const RoomType = bilingualRow('roomTypeCode');
export const ServiceGroupInput = bilingual('serviceGroupCode').extend(TargetFields.shape);
export const ServiceGroup = bilingualRow('serviceGroupCode').extend(TargetRow);

// ── Room ───────────────────────────────────────────────────────────────────
/** A room's floor or zone (routing prefers workers covering the zone): trimmed, empty is none; absent on edit keeps it. */
const RoomPlace = z
  .string()
  .max(50, { abort: true })
  .regex(/^[^\u0000-\u001f\u007f]*$/)
  .transform((s) => s.trim() || null)
  .nullable()
  .optional();
export const RoomInput = z.object({
  number: code(),
  useTypeId: Id,
  roomTypeId: Id,
  hotelId: Id,
  floor: RoomPlace,
  zone: RoomPlace,
});
export const Room = z.object({
  id: z.number(),
  number: z.string(),
  useTypeId: z.number(),
  useTypeNameAr: z.string(),
  useTypeNameEn: z.string(),
  roomTypeId: z.number(),
  roomTypeNameAr: z.string(),
  roomTypeNameEn: z.string(),
  hotelId: z.number(),
  hotelName: z.string(),
  floor: z.string().nullable().optional(),
  zone: z.string().nullable().optional(),
  createdAt: Timestamp,
});

// ── Service ────────────────────────────────────────────────────────────────
/** The most a service's search words in one language may hold. */
export const SEARCH_WORDS_MAX = 500;
/**
 * Everyday words a guest may search a service by besides its names ("AC", "مكيف"),
 * one line; absent: unchanged on edit, none on add; empty: none.
 */
const SearchWords = z
  .string()
  .max(SEARCH_WORDS_MAX, { abort: true })
  .refine((s) => !hasControlCharacters(s), { message: 'singleLine' })
  .optional();
export const ServiceInput = z.object({
  nameAr: text(NAME),
  nameEn: text(NAME),
  serviceGroupId: Id,
  departmentId: Id,
  serviceCode: code(),
  /** A scheduled line of this service alerts this many minutes before its time; null: the default (15). */
  scheduleLeadMinutes: OptionalMinutes(0, SCHEDULE_LEAD_MINUTES_MAX),
  ...TargetFields.shape,
  searchWordsEn: SearchWords,
  searchWordsAr: SearchWords,
});
export const Service = z.object({
  id: z.number(),
  serviceCode: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  serviceGroupId: z.number(),
  serviceGroupNameEn: z.string(),
  serviceGroupNameAr: z.string(),
  departmentId: z.number(),
  departmentName: z.string(),
  /** True for the 'Special Request' service (department first, then worker). */
  isSpecial: z.boolean(),
  scheduleLeadMinutes: z.number().nullable(),
  ...TargetRow,
  searchWordsEn: z.string(),
  searchWordsAr: z.string(),
  createdAt: Timestamp,
});

// ── Worker ─────────────────────────────────────────────────────────────────
export const WorkerInput = z.object({
  name: text(NAME),
  /** The Arabic display name (absent: unchanged; empty or null: Arabic readers see `name`). */
  nameAr: ArabicName,
  phoneNumber: Phone,
  workerCode: code(),
  /** Optional: a worker of a department is offered for that department's lines. */
  departmentId: Id.nullable().optional(),
  /**
   * The hotels the worker serves (one or more, as a user's): required on Add; absent on
   * Edit: unchanged. The worker's phone sees, and routing offers it, lines of these hotels only.
   */
  hotelIds: z.array(Id).min(1).max(500).optional(),
});
export const Worker = z.object({
  id: z.number(),
  workerCode: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  phoneNumber: z.string(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  /** The hotels the worker serves, lowest id first. */
  hotelIds: z.array(z.number()),
  /** Their names in the reader's language, in the same order. */
  hotelNames: z.array(z.string()),
  /** Given every hotel by the upgrade (it had served none): someone should choose its hotels. */
  hotelsToReview: z.boolean(),
  /** Paired phones not revoked. */
  phones: z.number(),
  /** Lines assigned to the worker and not finished. */
  openTasks: z.number(),
  createdAt: Timestamp,
});

// ── Department ─────────────────────────────────────────────────────────────
export const DepartmentInput = z.object({
  name: text(NAME),
  /** The Arabic name (absent: unchanged; empty or null: Arabic readers see `name`). */
  nameAr: ArabicName,
  departmentCode: code(),
  /** Its workers may list its unassigned Open lines on their phones and take one (absent: unchanged, default false). */
  workersTakeOpenLines: z.boolean().optional(),
});
export const Department = z.object({
  id: z.number(),
  departmentCode: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  workersTakeOpenLines: z.boolean(),
  createdAt: Timestamp,
});

// ── Booking room ───────────────────────────────────────────────────────────
export const BookingRoomFields = z.object({
  hotelId: Id,
  roomTypeId: Id,
  noOfGuests: z.coerce.number().int().min(1).max(50),
  facilities: z
    .array(z.string().max(50, { abort: true }).refine((f) => FACILITY_CODES.includes(f), { message: 'facility' }))
    .min(1)
    .max(FACILITY_CODES.length),
  /** Defaults to the room type's names. */
  nameAr: optionalText(NAME).optional(),
  nameEn: optionalText(NAME).optional(),
});
/** AddBookingRoom / EditBookingRoom body: the fields wrapped in `bookingRoom` (SPEC §3). */
export const BookingRoomInput = z.object({ bookingRoom: BookingRoomFields });
export const BookingRoomEditInput = z.object({ bookingRoom: BookingRoomFields.partial() });
export const BookingRoomImage = z.object({ id: z.number(), url: z.string(), contentType: z.string() });
export const BookingRoom = z.object({
  id: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  roomTypeCode: z.string(),
  createdAt: Timestamp,
  hotelId: z.number(),
  hotelName: z.string(),
  roomTypeId: z.number(),
  noOfGuests: z.number(),
  facilities: z.array(z.string()),
  images: z.array(BookingRoomImage),
});
export const Facility = z.object({ code: z.string(), name: z.string(), nameEn: z.string(), nameAr: z.string() });

// ── Select data (Generate*) ────────────────────────────────────────────────
export const RoomLookup = z.object({ id: z.number(), number: z.string() });
export const ServiceLookupGroup = z.object({
  name: z.string(),
  services: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      isSpecial: z.boolean().optional(),
      /** What else finds it in a search: its name in the other language and its search words. */
      keywords: z.string().optional(),
    }),
  ),
});
export const GenerateRoomsQuery = LangQuery.extend({ hotelId: Id });

/** Where printed room QR codes lead: PUBLIC_URL, whether only this machine can open it, and its LAN addresses. */
export const RoomQrLinkInfo = z.object({ publicUrl: z.string(), loopback: z.boolean(), suggestions: z.array(z.string()) });
export type RoomQrLinkInfo = z.infer<typeof RoomQrLinkInfo>;
export const RoomQrSheetQuery = LangQuery.extend({
  hotelId: Id,
  /** Print with one of the machine's LAN addresses instead of PUBLIC_URL (only those RoomQrLinkInfo suggests). */
  baseUrl: z.string().max(200).optional(),
});
/** New codes for one hotel: every code printed before for it stops being verified (a POST: a link or a prefetch must not do it). */
export const RotateRoomQrCodesInput = z.object({ hotelId: Id });

export type CompanyInput = z.infer<typeof CompanyInput>;
export type Company = z.infer<typeof Company>;
export type HotelInput = z.infer<typeof HotelInput>;
export type Hotel = z.infer<typeof Hotel>;
export type UseTypeInput = z.infer<typeof UseTypeInput>;
export type UseType = z.infer<typeof UseType>;
export type RoomTypeInput = z.infer<typeof RoomTypeInput>;
export type RoomType = z.infer<typeof RoomType>;
export type ServiceGroupInput = z.infer<typeof ServiceGroupInput>;
export type ServiceGroup = z.infer<typeof ServiceGroup>;
export type RoomInput = z.infer<typeof RoomInput>;
export type Room = z.infer<typeof Room>;
export type ServiceInput = z.infer<typeof ServiceInput>;
export type Service = z.infer<typeof Service>;
export type WorkerInput = z.infer<typeof WorkerInput>;
export type Worker = z.infer<typeof Worker>;
export type DepartmentInput = z.infer<typeof DepartmentInput>;
export type Department = z.infer<typeof Department>;
export type BookingRoomFields = z.infer<typeof BookingRoomFields>;
export type BookingRoom = z.infer<typeof BookingRoom>;
export type BookingRoomImage = z.infer<typeof BookingRoomImage>;
export type Facility = z.infer<typeof Facility>;
export type RoomLookup = z.infer<typeof RoomLookup>;
export type ServiceLookupGroup = z.infer<typeof ServiceLookupGroup>;
export type { Lookup };
