import { type Language, type LineStatus, type Targets, dueTimesOf } from '@shared';
import { requestStatusOf as statusOfLines } from '../modules/requests/request-status';

/**
 * Thirty days of a chain's guest requests, planned in memory: who asked for what, when,
 * and how each line went through the workflow (SPEC §4) under its service levels
 * (shared/service-levels.ts). Plain and deterministic: the same master data, seed and
 * `now` give the same history, so the demo and its tests are repeatable. The seed
 * (demo-history.ts) only writes what this returns.
 */

export interface PlanHotel {
  id: number;
  code: string;
  rooms: { id: number; number: string }[];
}
export interface PlanService {
  id: number;
  code: string;
  departmentId: number | null;
  isSpecial: boolean;
  /** Targets per hotel id (the service's own, its group's, the hotel's). */
  targets: Map<number, Targets>;
}
export interface PlanMasterData {
  hotels: PlanHotel[];
  services: PlanService[];
  /** Department id by code (HK, MNT, FNB, FO, GR). */
  departments: Record<string, number>;
  /** The department's workers, and the demo staff user who acts for it. */
  workers: Map<number, number[]>;
  staff: Map<number, number>;
}

export interface PlannedMessage {
  kind: 'reply' | 'note';
  text: string;
  userId: number;
  at: Date;
}
export interface PlannedLine {
  serviceId: number;
  departmentId: number | null;
  status: LineStatus;
  createdAt: Date;
  updatedAt: Date;
  clockStartedAt: Date;
  acknowledgeDueAt: Date | null;
  completeDueAt: Date | null;
  acknowledgedAt: Date | null;
  acknowledgedBy: number | null;
  assignedToDepartmentAt: Date | null;
  assignedToDepartmentBy: number | null;
  workerId: number | null;
  assignedAt: Date | null;
  assignedBy: number | null;
  acceptedAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  completedBy: number | null;
  completedByWorkerId: number | null;
  rejectedAt: Date | null;
  rejectedBy: number | null;
  rejectReason: string | null;
  reply: string | null;
  messages: PlannedMessage[];
  /** The targets the line missed while open, with when the escalation went out. */
  escalations: { kind: 'acknowledge' | 'complete'; dueAt: Date; escalatedAt: Date }[];
}
export interface PlannedRequest {
  hotelId: number;
  roomId: number;
  custName: string;
  custEmail: string;
  custPhone: string;
  note: string;
  lang: Language;
  status: ReturnType<typeof statusOfLines>;
  createdAt: Date;
  updatedAt: Date;
  rating: number | null;
  review: string | null;
  reviewedAt: Date | null;
  lines: PlannedLine[];
}

export const HISTORY_DAYS = 30;
/** The demo's fixed seed: the same history on every machine. */
export const DEMO_SEED = 0x6e616b68;
const MINUTE = 60_000;
/** Saudi Arabia keeps UTC+3 all year: the hotels' day starts at 21:00 UTC. */
const HOTEL_UTC_OFFSET_MS = 3 * 3600_000;

/** mulberry32: small, fast and good enough to make a demo look lived in. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
function weighted<T>(rand: Rand, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = rand() * total;
  for (const [value, w] of entries) if ((r -= w) < 0) return value;
  return entries[entries.length - 1][0];
}
/** A log-normal factor around `median`: most responses near it, a long tail of late ones. */
function spread(rand: Rand, median: number, sigma: number): number {
  const normal = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return median * Math.exp(sigma * normal);
}

/** Guests ask most around breakfast and in the evening, least before dawn (hotel time). */
const HOUR_WEIGHTS = [1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 3, 4, 3.5, 2.5, 2, 2, 2, 2.5, 3, 3, 3, 3.5, 4, 4.5, 4, 3, 2];
const SERVICE_WEIGHTS: Record<string, number> = {
  'HK-TWL': 10, 'HK-CLN': 8, 'HK-PIL': 4, 'HK-LDY': 3,
  'MNT-AC': 5, 'MNT-PLB': 3, 'MNT-LGT': 3, 'MNT-TV': 3,
  'FNB-BRK': 6, 'FNB-QHW': 4, 'FNB-WTR': 6,
  'FD-LCO': 3, 'FD-TAXI': 4, 'FD-WAKE': 3, 'OTH-SPC': 2,
};
/** Ratings as guests give them: mostly 8–10, a thin tail of low ones; a late line pulls them down. */
const RATINGS_ON_TIME: [number, number][] = [[1, 1.5], [2, 1], [3, 1.5], [4, 1.5], [5, 2.5], [6, 3.5], [7, 7], [8, 18], [9, 26], [10, 37.5]];
const RATINGS_LATE: [number, number][] = [[1, 5], [2, 4], [3, 6], [4, 6], [5, 8], [6, 9], [7, 14], [8, 18], [9, 16], [10, 14]];

/** Rooms whose fault keeps coming back: [hotel code, room, service, days ago of each request]. */
const REPEAT_FAULTS: [string, string, string, number[]][] = [
  ['NAK-RUH', '204', 'MNT-AC', [26, 17, 9, 3]],
  ['NAK-JED', '312', 'MNT-PLB', [21, 12, 5]],
  ['NAK-RUH', '107', 'MNT-TV', [19, 11, 2]],
];

const FIRST_NAMES_AR = ['محمد', 'عبدالله', 'فهد', 'سارة', 'نورة', 'خالد', 'ريم', 'سلطان', 'لطيفة', 'ماجد', 'هند', 'تركي'];
const LAST_NAMES_AR = ['العتيبي', 'القحطاني', 'الشمري', 'الغامدي', 'الزهراني', 'الحربي', 'المطيري', 'الدوسري'];
const FIRST_NAMES_EN = ['James', 'Emma', 'Omar', 'Aisha', 'Lukas', 'Sofia', 'Daniel', 'Hannah', 'Yusuf', 'Mei', 'Arjun', 'Claire'];
const LAST_NAMES_EN = ['Smith', 'Müller', 'Khan', 'Rossi', 'Tanaka', 'Dubois', 'Patel', 'Hughes'];

type Bilingual = Record<Language, string>;
const REQUEST_NOTES: Bilingual[] = [
  { en: 'Please knock softly, the baby is asleep.', ar: 'الرجاء الطرق بهدوء، الطفل نائم.' },
  { en: 'We will be out until 6 pm.', ar: 'سنكون خارج الغرفة حتى السادسة مساءً.' },
  { en: 'Room is on the quiet side, thank you.', ar: 'شكرًا لكم.' },
];
const ASSIGN_REPLIES: Bilingual[] = [
  { en: 'Our colleague is on the way to your room.', ar: 'زميلنا في طريقه إلى غرفتك.' },
  { en: 'Received, we will take care of it shortly.', ar: 'تم الاستلام، سنهتم بالأمر قريبًا.' },
];
const DONE_REPLIES: Bilingual[] = [
  { en: 'All done. Enjoy your stay!', ar: 'تم التنفيذ. نتمنى لك إقامة سعيدة!' },
  { en: 'Completed. Please let us know if you need anything else.', ar: 'تم. لا تتردد في طلب أي شيء آخر.' },
];
const REJECT_REASONS: Bilingual[] = [
  { en: 'Sorry, the kitchen is closed at this hour; room service starts at 6:00.', ar: 'نعتذر، المطبخ مغلق في هذا الوقت؛ تبدأ خدمة الغرف الساعة 6:00.' },
  { en: 'Late check-out is fully booked today; we can keep your luggage at the desk.', ar: 'تمديد المغادرة غير متاح اليوم؛ يمكننا حفظ أمتعتك في الاستقبال.' },
  { en: 'The guest cancelled by phone.', ar: 'ألغى النزيل الطلب هاتفيًا.' },
];
const NOTES = [
  'Guest called the desk about this too; please prioritise.',
  'Part ordered; temporary fix in place.',
  'Checked with the guest: done to their satisfaction.',
  'VIP guest, returning visitor.',
  'Second visit needed tomorrow morning.',
];
const REVIEWS_LOW: Bilingual[] = [
  { en: 'Waited almost an hour for towels.', ar: 'انتظرت قرابة ساعة للحصول على المناشف.' },
  { en: 'The air conditioning broke again, third time this month.', ar: 'تعطل التكييف مرة أخرى، للمرة الثالثة هذا الشهر.' },
  { en: 'Nobody answered for a long time.', ar: 'لم يرد أحد لفترة طويلة.' },
  { en: 'The breakfast arrived cold.', ar: 'وصل الإفطار باردًا.' },
];
const REVIEWS_HIGH: Bilingual[] = [
  { en: 'Quick and friendly, thank you!', ar: 'خدمة سريعة ولطيفة، شكرًا لكم!' },
  { en: 'Excellent service as always.', ar: 'خدمة ممتازة كالعادة.' },
  { en: 'Very helpful staff.', ar: 'الموظفون متعاونون جدًا.' },
];
const REVIEWS_MID: Bilingual[] = [
  { en: 'Fine, but it took a while.', ar: 'جيد، لكنه استغرق بعض الوقت.' },
  { en: 'Good overall.', ar: 'جيد بشكل عام.' },
];

const add = (at: Date, ms: number) => new Date(at.getTime() + Math.round(ms));
const later = (...dates: (Date | null)[]) => new Date(Math.max(...dates.filter((d): d is Date => d !== null).map((d) => d.getTime())));

/** The history: requests oldest first, each with its lines, messages, escalations and review as of `now`. */
export function planDemoHistory(data: PlanMasterData, now: Date, seed = DEMO_SEED, minuteMs = MINUTE): PlannedRequest[] {
  const rand = seededRandom(seed);
  const byCode = new Map(data.services.map((s) => [s.code, s]));
  const weights = data.services.map((s) => [s, SERVICE_WEIGHTS[s.code] ?? 1] as const);
  const hotelDayStart = (daysAgo: number) => {
    const local = now.getTime() + HOTEL_UTC_OFFSET_MS;
    return local - (local % 86_400_000) - HOTEL_UTC_OFFSET_MS - daysAgo * 86_400_000;
  };
  const asks: { hotel: PlanHotel; roomId: number; services: PlanService[]; at: Date }[] = [];
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 0; daysAgo--) {
    for (const hotel of data.hotels) {
      const count = 9 + Math.floor(rand() * 8);
      for (let i = 0; i < count; i++) {
        const hour = weighted(rand, HOUR_WEIGHTS.map((w, h) => [h, w] as const));
        const at = new Date(hotelDayStart(daysAgo) + hour * 3600_000 + Math.floor(rand() * 60) * MINUTE + Math.floor(rand() * 60) * 1000);
        const size = weighted(rand, [[1, 75], [2, 20], [3, 5]] as const);
        const services = [...new Set(Array.from({ length: size }, () => weighted(rand, weights)))];
        const roomId = pick(rand, hotel.rooms).id;
        asks.push({ hotel, roomId, services, at });
      }
    }
  }
  for (const [hotelCode, roomNumber, serviceCode, days] of REPEAT_FAULTS) {
    const hotel = data.hotels.find((h) => h.code === hotelCode);
    const room = hotel?.rooms.find((r) => r.number === roomNumber);
    const service = byCode.get(serviceCode);
    if (!hotel || !room || !service) continue;
    for (const daysAgo of days) asks.push({ hotel, roomId: room.id, services: [service], at: new Date(hotelDayStart(daysAgo) + (14 + rand() * 6) * 3600_000) });
  }
  asks.sort((a, b) => a.at.getTime() - b.at.getTime());
  // Requests not made yet (later today) are dropped after drawing, so the earlier days do not depend on the hour.
  return asks.map((ask) => planRequest(rand, data, ask, now, minuteMs)).filter((r) => r.createdAt.getTime() < now.getTime() - minuteMs);
}

function planRequest(rand: Rand, data: PlanMasterData, ask: { hotel: PlanHotel; roomId: number; services: PlanService[]; at: Date }, now: Date, minuteMs: number): PlannedRequest {
  const lang: Language = rand() < 0.6 ? 'ar' : 'en';
  const [first, last] = lang === 'ar' ? [pick(rand, FIRST_NAMES_AR), pick(rand, LAST_NAMES_AR)] : [pick(rand, FIRST_NAMES_EN), pick(rand, LAST_NAMES_EN)];
  const guestNo = Math.floor(rand() * 90_000) + 10_000;
  const phone = `+966 5${Math.floor(rand() * 10)} ${String(Math.floor(rand() * 1000)).padStart(3, '0')} ${String(guestNo).slice(1)}`;
  const note = rand() < 0.12 ? pick(rand, REQUEST_NOTES)[lang] : '';
  const lines = ask.services.map((service) => planLine(rand, data, ask.hotel.id, service, ask.at, lang, now, minuteMs));
  const status = statusOfLines(lines.map((l) => l.status));
  let updatedAt = later(ask.at, ...lines.map((l) => l.updatedAt));
  let rating: number | null = null;
  let review: string | null = null;
  let reviewedAt: Date | null = null;
  const rates = rand() < 0.6;
  const reviewAt = add(updatedAt, (5 + rand() * 8 * 60) * MINUTE);
  if (status === 'Completed' && rates && reviewAt < now) {
    // Waiting past the promised completion is what guests remember; a slow acknowledgement alone they mostly do not.
    const late = lines.some((l) => l.escalations.some((e) => e.kind === 'complete'));
    rating = weighted(rand, late ? RATINGS_LATE : RATINGS_ON_TIME);
    const comments = rating <= 6 ? REVIEWS_LOW : rating <= 8 ? REVIEWS_MID : REVIEWS_HIGH;
    review = rating <= 6 || rand() < 0.4 ? pick(rand, comments)[lang] : '';
    reviewedAt = reviewAt;
    updatedAt = reviewAt;
  }
  return {
    hotelId: ask.hotel.id,
    roomId: ask.roomId,
    custName: `${first} ${last}`,
    custEmail: `guest${guestNo}@example.com`,
    custPhone: phone,
    note,
    lang,
    status,
    createdAt: ask.at,
    updatedAt,
    rating,
    review,
    reviewedAt,
    lines,
  };
}

function planLine(rand: Rand, data: PlanMasterData, hotelId: number, service: PlanService, createdAt: Date, lang: Language, now: Date, minuteMs: number): PlannedLine {
  const targets = service.targets.get(hotelId) ?? { acknowledgeMinutes: null, completeMinutes: null };
  const due = dueTimesOf(createdAt, targets, minuteMs);
  const ackTarget = (targets.acknowledgeMinutes ?? 10) * minuteMs;
  const doneTarget = (targets.completeMinutes ?? 45) * minuteMs;
  // Every draw is made whatever the outcome, so one line's fate does not shift the next one's.
  const r = Array.from({ length: 12 }, rand);
  const departmentId = service.isSpecial ? pick(() => r[0], [data.departments.GR, data.departments.HK, data.departments.MNT]) : service.departmentId;
  const staffOf = (department: number | null) => (department === null ? null : (data.staff.get(department) ?? null));
  const frontDesk = staffOf(data.departments.FO);
  const staff = staffOf(departmentId);
  const workers = departmentId === null ? [] : (data.workers.get(departmentId) ?? []);
  const worker = workers.length ? workers[Math.floor(r[1] * workers.length)] : null;
  // A few lines are forgotten for a while: they pass both targets and are escalated.
  const forgotten = r[2] < 0.04;
  const ackDelay = forgotten ? ackTarget * (1.5 + r[3] * 3) : spread(() => r[3], ackTarget * 0.45, 0.55) + spread(() => r[4], ackTarget * 0.02, 0.5);
  const doneDelay = forgotten ? doneTarget * (1.6 + r[5] * 2) : spread(() => r[5], doneTarget * 0.55, 0.4) + spread(() => r[6], doneTarget * 0.02, 0.5);
  const rejects = r[7] < 0.06;
  const viaPhone = r[8] < 0.4;
  const replyOnAssign = r[9] < 0.3;
  const replyOnDone = r[10] < 0.4;
  const addsNote = r[11] < 0.15;

  const line: PlannedLine = {
    serviceId: service.id,
    departmentId: service.isSpecial ? null : departmentId,
    status: 'Open',
    createdAt,
    updatedAt: createdAt,
    clockStartedAt: createdAt,
    ...due,
    acknowledgedAt: null,
    acknowledgedBy: null,
    assignedToDepartmentAt: null,
    assignedToDepartmentBy: null,
    workerId: null,
    assignedAt: null,
    assignedBy: null,
    acceptedAt: null,
    startedAt: null,
    completedAt: null,
    completedBy: null,
    completedByWorkerId: null,
    rejectedAt: null,
    rejectedBy: null,
    rejectReason: null,
    reply: null,
    messages: [],
    escalations: [],
  };
  const happened = (at: Date) => at.getTime() <= now.getTime();
  const reply = (text: Bilingual, userId: number | null, at: Date) => {
    if (userId === null) return;
    line.messages.push({ kind: 'reply', text: text[lang], userId, at });
    line.reply = text[lang];
  };
  const moved = (at: Date) => (line.updatedAt = at);

  const ackAt = add(createdAt, Math.max(ackDelay, 20_000));
  if (service.isSpecial) {
    // The desk chooses the department first; that department then takes it.
    const chosenAt = add(createdAt, Math.max(ackDelay * 0.6, 15_000));
    if (!happened(chosenAt)) return finish(line, now);
    Object.assign(line, { departmentId, assignedToDepartmentAt: chosenAt, assignedToDepartmentBy: frontDesk });
    moved(chosenAt);
  }
  if (rejects) {
    const at = add(ackAt, 2 * MINUTE * r[4]);
    if (!happened(at) || staff === null) return finish(line, now);
    const reason = pick(() => r[9], REJECT_REASONS);
    reply(reason, staff, at);
    Object.assign(line, { status: 'Rejected', rejectReason: reason[lang], rejectedAt: at, rejectedBy: staff });
    moved(at);
    return finish(line, now);
  }
  if (!happened(ackAt) || staff === null || worker === null) return finish(line, now);
  // Half of the lines are acknowledged first, the others taken by assigning a worker at once.
  const assignAt = r[10] < 0.5 ? ackAt : add(ackAt, (1 + r[6] * 4) * MINUTE);
  Object.assign(line, { acknowledgedAt: ackAt, acknowledgedBy: staff });
  moved(ackAt);
  if (!happened(assignAt)) return finish(line, now);
  Object.assign(line, { status: 'Assigned', workerId: worker, assignedAt: assignAt, assignedBy: staff });
  if (replyOnAssign) reply(pick(() => r[0], ASSIGN_REPLIES), staff, assignAt);
  moved(assignAt);
  const doneAt = later(add(createdAt, doneDelay), add(assignAt, 3 * MINUTE));
  if (viaPhone) {
    const acceptedAt = add(assignAt, (0.5 + r[3] * 2) * MINUTE);
    if (acceptedAt < doneAt && happened(acceptedAt)) Object.assign(line, { acceptedAt, startedAt: add(acceptedAt, (doneAt.getTime() - acceptedAt.getTime()) * 0.3) });
  }
  if (addsNote) {
    const noteAt = add(assignAt, (doneAt.getTime() - assignAt.getTime()) / 2);
    if (happened(noteAt)) line.messages.push({ kind: 'note', text: pick(() => r[11], NOTES), userId: staff, at: noteAt });
  }
  if (!happened(doneAt)) return finish(line, now);
  if (viaPhone) Object.assign(line, { status: 'Completed', completedAt: doneAt, completedByWorkerId: worker });
  else Object.assign(line, { status: 'Completed', completedAt: doneAt, completedBy: staff });
  if (replyOnDone && !viaPhone) reply(pick(() => r[1], DONE_REPLIES), staff, doneAt);
  moved(doneAt);
  return finish(line, now);
}

/**
 * The escalations the server would have sent (escalations.ts): a target that passed
 * while the line was open and its action not done, noticed within a tick.
 */
function finish(line: PlannedLine, now: Date): PlannedLine {
  const closedAt = line.completedAt ?? line.rejectedAt;
  const missed = (dueAt: Date | null, doneAt: Date | null) => dueAt !== null && dueAt <= now && (doneAt === null || doneAt > dueAt);
  const escalatedAt = (dueAt: Date) => new Date(Math.min(dueAt.getTime() + 20_000, now.getTime()));
  if (missed(line.acknowledgeDueAt, line.acknowledgedAt ?? closedAt))
    line.escalations.push({ kind: 'acknowledge', dueAt: line.acknowledgeDueAt!, escalatedAt: escalatedAt(line.acknowledgeDueAt!) });
  if (missed(line.completeDueAt, closedAt)) line.escalations.push({ kind: 'complete', dueAt: line.completeDueAt!, escalatedAt: escalatedAt(line.completeDueAt!) });
  return line;
}
