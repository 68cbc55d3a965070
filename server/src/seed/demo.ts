import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Claim, isSpecialServiceName } from '@shared';
import type { Db, Tx } from '../db/client';
import * as s from '../db/schema';
import { hashPassword } from '../security/password';

/** The password of every demo user (for trying the product and for browser tests). */
export const DEMO_PASSWORD = 'Demo-Passw0rd!';

export const DEMO_DEPARTMENTS = [
  { departmentCode: 'HK', name: 'Housekeeping', nameAr: 'التدبير المنزلي' },
  { departmentCode: 'MNT', name: 'Maintenance', nameAr: 'الصيانة' },
  { departmentCode: 'FNB', name: 'Food & Beverage', nameAr: 'الأغذية والمشروبات' },
  { departmentCode: 'FO', name: 'Front Office', nameAr: 'المكتب الأمامي' },
  { departmentCode: 'GR', name: 'Guest Relations', nameAr: 'علاقات النزلاء' },
] as const;
type DepartmentCode = (typeof DEMO_DEPARTMENTS)[number]['departmentCode'];

/** One staff user per department; the front-office one is also a receptionist. */
export const DEMO_USERS = [
  { email: 'housekeeping@nakheel.demo', firstName: 'Noura', lastName: 'Al-Rashid', department: 'HK', roles: ['Staff'] },
  { email: 'maintenance@nakheel.demo', firstName: 'Majed', lastName: 'Al-Shammari', department: 'MNT', roles: ['Staff'] },
  { email: 'fnb@nakheel.demo', firstName: 'Reem', lastName: 'Al-Otaibi', department: 'FNB', roles: ['Staff'] },
  { email: 'frontoffice@nakheel.demo', firstName: 'Hessa', lastName: 'Al-Dosari', department: 'FO', roles: ['Staff', 'Receptionist'] },
  { email: 'guestrelations@nakheel.demo', firstName: 'Sultan', lastName: 'Al-Malki', department: 'GR', roles: ['Staff', 'Duty Manager'] },
] as const satisfies readonly { email: string; firstName: string; lastName: string; department: DepartmentCode; roles: readonly string[] }[];

const ROLES: { name: string; description: string; claims: Claim[] }[] = [
  {
    name: 'Staff',
    description: 'Handles the guest requests of their hotels and departments',
    claims: [
      'Service Management.Request List.View',
      'Service Management.Service List.View',
      'Service Management.Service List.Assign',
      'Service Management.Service List.Complete',
      'Service Management.Service List.Reject',
      'Service Management.Service List.Acknowledge',
    ],
  },
  {
    name: 'Duty Manager',
    description: 'Is told when a request misses its service level or a guest rates low, in every hotel they work in, and follows the guest up',
    claims: [
      'Service Management.Request List.View',
      'Service Management.Service List.View',
      'Service Management.Service List.Acknowledge',
      'Service Management.Escalations.Receive',
      'Reports.Guest Feedback.View',
      'Reports.Guest Feedback.Follow Up',
    ],
  },
  {
    name: 'Receptionist',
    description: 'Front desk: follows requests, files them for guests who call or come by, and looks up hotels and rooms',
    claims: [
      'Service Management.Request List.View',
      'Service Management.Request List.Create',
      'Service Management.Service List.View',
      'Basic Data.Hotel.View',
      'Basic Data.Room.View',
    ],
  },
];

const COMPANY = { companyCode: 'NAKHEEL', name: 'Nakheel Hospitality', countryName: 'Saudi Arabia' };

/** Service-level targets in minutes: the hotels' defaults, the groups', a few services' own. */
const HOTELS = [
  { hotelCode: 'NAK-RUH', name: 'Nakheel Riyadh Hotel', nameAr: 'فندق نخيل الرياض', acknowledgeMinutes: 10, completeMinutes: 45 },
  { hotelCode: 'NAK-JED', name: 'Nakheel Jeddah Corniche Hotel', nameAr: 'فندق نخيل كورنيش جدة', acknowledgeMinutes: 10, completeMinutes: 45 },
];
const BOOKING_POLICY = 'Check-in from 15:00, check-out until 12:00. / تسجيل الدخول من الساعة 15:00 والمغادرة حتى الساعة 12:00.';
const ACCOMMODATION_POLICY = 'Non-smoking rooms; families welcome. / غرف لغير المدخنين؛ نرحب بالعائلات.';

const USE_TYPES = [
  { useTypeCode: 'GUEST', nameEn: 'Guest room', nameAr: 'غرفة نزلاء' },
  { useTypeCode: 'SUITE', nameEn: 'Suite', nameAr: 'جناح' },
  { useTypeCode: 'ACCESS', nameEn: 'Accessible room', nameAr: 'غرفة مهيأة لذوي الإعاقة' },
];

const ROOM_TYPES = [
  { roomTypeCode: 'SGL', nameEn: 'Single', nameAr: 'مفردة' },
  { roomTypeCode: 'DBL', nameEn: 'Double', nameAr: 'مزدوجة' },
  { roomTypeCode: 'TWN', nameEn: 'Twin', nameAr: 'سريران منفصلان' },
  { roomTypeCode: 'JST', nameEn: 'Junior Suite', nameAr: 'جناح صغير' },
  { roomTypeCode: 'EST', nameEn: 'Executive Suite', nameAr: 'جناح تنفيذي' },
];

const SERVICE_GROUPS = [
  { serviceGroupCode: 'HK', nameEn: 'Housekeeping', nameAr: 'التدبير المنزلي', acknowledgeMinutes: 5, completeMinutes: 30 },
  { serviceGroupCode: 'MNT', nameEn: 'Maintenance', nameAr: 'الصيانة', acknowledgeMinutes: 10, completeMinutes: 60 },
  { serviceGroupCode: 'FNB', nameEn: 'Food & Beverage', nameAr: 'الأطعمة والمشروبات', acknowledgeMinutes: 5, completeMinutes: 40 },
  { serviceGroupCode: 'FD', nameEn: 'Front Desk', nameAr: 'الاستقبال', acknowledgeMinutes: 5, completeMinutes: 15 },
  { serviceGroupCode: 'OTH', nameEn: 'Other', nameAr: 'أخرى' },
];

/** [code, nameEn, nameAr, group code, department code, own complete target in minutes] */
const SERVICES: [string, string, string, string, DepartmentCode, number?][] = [
  ['HK-TWL', 'Extra towels', 'مناشف إضافية', 'HK', 'HK', 20],
  ['HK-CLN', 'Room cleaning', 'تنظيف الغرفة', 'HK', 'HK'],
  ['HK-PIL', 'Extra pillows', 'وسائد إضافية', 'HK', 'HK'],
  ['HK-LDY', 'Laundry pickup', 'استلام الملابس للغسيل', 'HK', 'HK'],
  ['MNT-AC', 'Air conditioning repair', 'إصلاح التكييف', 'MNT', 'MNT'],
  ['MNT-PLB', 'Plumbing problem', 'مشكلة في السباكة', 'MNT', 'MNT'],
  ['MNT-LGT', 'Light bulb replacement', 'تغيير مصباح', 'MNT', 'MNT'],
  ['MNT-TV', 'TV not working', 'التلفاز لا يعمل', 'MNT', 'MNT'],
  ['FNB-BRK', 'Breakfast in room', 'إفطار في الغرفة', 'FNB', 'FNB'],
  ['FNB-QHW', 'Arabic coffee and dates', 'قهوة عربية وتمر', 'FNB', 'FNB'],
  ['FNB-WTR', 'Bottled water', 'مياه معبأة', 'FNB', 'FNB', 15],
  ['FD-LCO', 'Late check-out', 'تمديد وقت المغادرة', 'FD', 'FO'],
  ['FD-TAXI', 'Taxi booking', 'حجز سيارة أجرة', 'FD', 'FO'],
  ['FD-WAKE', 'Wake-up call', 'مكالمة إيقاظ', 'FD', 'FO'],
  ['OTH-SPC', 'Special Request', 'طلب خاص', 'OTH', 'GR'],
];

/**
 * The words guests actually use, where a service's name is not one of them: nobody asks for
 * "التكييف" but for the "مكيف" (a word no spelling rule turns into the other).
 */
const SEARCH_WORDS: Record<string, { searchWordsEn: string; searchWordsAr: string }> = {
  'MNT-AC': { searchWordsEn: 'AC, A/C, air conditioner, aircon, cooling, too hot', searchWordsAr: 'مكيف، مكيّف، المكيف، تبريد، حر، حرارة' },
  'MNT-PLB': { searchWordsEn: 'leak, toilet, sink, shower, drain, water', searchWordsAr: 'تسريب، حمام، مرحاض، مغسلة، دش، مويه' },
  'MNT-LGT': { searchWordsEn: 'lamp, light, bulb', searchWordsAr: 'لمبة، لمبه، إضاءة، نور' },
  'MNT-TV': { searchWordsEn: 'television, remote, channels', searchWordsAr: 'تلفزيون، شاشة، ريموت، قنوات' },
  'FD-TAXI': { searchWordsEn: 'cab, car, ride, airport', searchWordsAr: 'تاكسي، سيارة، توصيل، مطار' },
};

/** [code, name, phone, department code, Arabic name] */
const WORKERS: [string, string, string, DepartmentCode, string][] = [
  ['W-001', 'Abdullah Al-Harbi', '+966 55 214 7789', 'HK', 'عبدالله الحربي'],
  ['W-002', 'Fahad Al-Otaibi', '+966 50 381 2256', 'HK', 'فهد العتيبي'],
  ['W-003', 'Mohammed Al-Zahrani', '+966 56 740 1193', 'MNT', 'محمد الزهراني'],
  ['W-004', 'Khalid Al-Shehri', '+966 53 902 6617', 'MNT', 'خالد الشهري'],
  ['W-005', 'Saad Al-Dosari', '+966 54 118 3040', 'FNB', 'سعد الدوسري'],
  ['W-006', 'Nasser Al-Ghamdi', '+966 59 627 8851', 'FNB', 'ناصر الغامدي'],
  ['W-007', 'Faisal Al-Mutairi', '+966 55 873 4402', 'FO', 'فيصل المطيري'],
  ['W-008', 'Turki Al-Qahtani', '+966 50 446 9975', 'FO', 'تركي القحطاني'],
  ['W-009', 'Omar Al-Anazi', '+966 58 305 1268', 'GR', 'عمر العنزي'],
  ['W-010', 'Yousef Al-Subaie', '+966 56 992 0534', 'GR', 'يوسف السبيعي'],
];

/** Floors 1-4, ten rooms each; the last two of each floor are suites, floor 4 is executive. */
function roomsOfHotel(hotelId: number, ids: Ids): (typeof s.rooms.$inferInsert)[] {
  const out: (typeof s.rooms.$inferInsert)[] = [];
  for (let floor = 1; floor <= 4; floor++) {
    for (let n = 1; n <= 10; n++) {
      const suite = n >= 9;
      const roomType = suite ? (floor === 4 ? 'EST' : 'JST') : (['SGL', 'DBL', 'TWN'] as const)[n % 3];
      const useType = suite ? 'SUITE' : floor === 1 && n === 1 ? 'ACCESS' : 'GUEST';
      out.push({ hotelId, number: `${floor}${String(n).padStart(2, '0')}`, roomTypeId: ids.roomType[roomType], useTypeId: ids.useType[useType] });
    }
  }
  return out;
}

interface Ids {
  useType: Record<string, number>;
  roomType: Record<string, number>;
  serviceGroup: Record<string, number>;
  department: Record<string, number>;
}

/**
 * A believable two-hotel chain in both languages, for trying the product (`npm start -- --demo`).
 * Everything is keyed by its code or e-mail and inserted only when missing, so running
 * it again adds nothing (and completes a seed that was interrupted). E-mail settings stay empty.
 */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Two processes of a chain starting together must not seed twice.
    await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    await tx.insert(s.companies).values(COMPANY).onConflictDoNothing();
    const [company] = await tx.select().from(s.companies).where(eq(s.companies.companyCode, COMPANY.companyCode));
    await tx
      .insert(s.hotels)
      .values(HOTELS.map((h) => ({ ...h, companyId: company.id, bookingPolicy: BOOKING_POLICY, accommodationPolicy: ACCOMMODATION_POLICY })))
      .onConflictDoNothing();
    const hotelIds = (
      await tx.select({ id: s.hotels.id }).from(s.hotels).where(inArray(s.hotels.hotelCode, HOTELS.map((h) => h.hotelCode)))
    ).map((h) => h.id);

    await tx.insert(s.useTypes).values(USE_TYPES).onConflictDoNothing();
    await tx.insert(s.roomTypes).values(ROOM_TYPES).onConflictDoNothing();
    await tx.insert(s.serviceGroups).values(SERVICE_GROUPS).onConflictDoNothing();
    await tx.insert(s.departments).values([...DEMO_DEPARTMENTS]).onConflictDoNothing();
    const ids = await idsByCode(tx);

    for (const hotelId of hotelIds) await tx.insert(s.rooms).values(roomsOfHotel(hotelId, ids)).onConflictDoNothing();

    await tx
      .insert(s.services)
      .values(
        SERVICES.map(([serviceCode, nameEn, nameAr, group, department, completeMinutes]) => ({
          serviceCode,
          completeMinutes,
          nameEn,
          nameAr,
          serviceGroupId: ids.serviceGroup[group],
          departmentId: ids.department[department],
          isSpecial: isSpecialServiceName(nameEn),
          ...SEARCH_WORDS[serviceCode],
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(s.workers)
      .values(WORKERS.map(([workerCode, name, phoneNumber, department, nameAr]) => ({ workerCode, name, nameAr, phoneNumber, departmentId: ids.department[department] })))
      .onConflictDoNothing();
    // The demo's workers serve every demo hotel (those that serve none yet: an admin's choice stays).
    const demoWorkers = await tx
      .select({ id: s.workers.id })
      .from(s.workers)
      .where(and(inArray(s.workers.workerCode, WORKERS.map(([code]) => code)), sql`not exists (select 1 from ${s.workerHotels} wh where wh.worker_id = ${s.workers.id})`));
    const workerHotelRows = demoWorkers.flatMap((w) => hotelIds.map((hotelId) => ({ workerId: w.id, hotelId })));
    if (workerHotelRows.length) await tx.insert(s.workerHotels).values(workerHotelRows).onConflictDoNothing();

    await seedStaff(tx, hotelIds, ids.department);
  });
}

async function idsByCode(tx: Tx): Promise<Ids> {
  const index = <T extends { id: number; code: string }>(rows: T[]) => Object.fromEntries(rows.map((r) => [r.code, r.id]));
  return {
    useType: index(await tx.select({ id: s.useTypes.id, code: s.useTypes.useTypeCode }).from(s.useTypes)),
    roomType: index(await tx.select({ id: s.roomTypes.id, code: s.roomTypes.roomTypeCode }).from(s.roomTypes)),
    serviceGroup: index(await tx.select({ id: s.serviceGroups.id, code: s.serviceGroups.serviceGroupCode }).from(s.serviceGroups)),
    department: index(await tx.select({ id: s.departments.id, code: s.departments.departmentCode }).from(s.departments)),
  };
}

async function seedStaff(tx: Tx, hotelIds: number[], departmentIds: Record<string, number>): Promise<void> {
  await tx
    .insert(s.roles)
    .values(ROLES.map(({ name, description }) => ({ name, description })))
    .onConflictDoNothing();
  const roleRows = await tx.select().from(s.roles).where(inArray(s.roles.name, ROLES.map((r) => r.name)));
  const roleId = Object.fromEntries(roleRows.map((r) => [r.name, r.id]));
  for (const role of ROLES) {
    await tx
      .insert(s.roleClaims)
      .values(role.claims.map((claim) => ({ roleId: roleId[role.name], claim })))
      .onConflictDoNothing();
  }

  for (const [i, demo] of DEMO_USERS.entries()) {
    let [user] = await tx.select().from(s.users).where(eq(s.users.email, demo.email));
    if (!user) {
      [user] = await tx
        .insert(s.users)
        .values({
          userCode: `DEMO-${demo.department}`,
          firstName: demo.firstName,
          lastName: demo.lastName,
          phoneNumber: `+966 55 000 ${String(1001 + i)}`,
          email: demo.email,
          passwordHash: await hashPassword(DEMO_PASSWORD),
        })
        .returning();
    }
    await tx
      .insert(s.userRoles)
      .values(demo.roles.map((role) => ({ userId: user.id, roleId: roleId[role] })))
      .onConflictDoNothing();
    await tx
      .insert(s.userHotels)
      .values(hotelIds.map((hotelId) => ({ userId: user.id, hotelId })))
      .onConflictDoNothing();
    await tx.insert(s.userDepartments).values({ userId: user.id, departmentId: departmentIds[demo.department] }).onConflictDoNothing();
  }
}
