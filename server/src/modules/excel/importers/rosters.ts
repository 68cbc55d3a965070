import { parseClockTime } from '@shared';
import type { Tx } from '../../../db/client';
import { defineMessages } from '../../../i18n/localize';
import { replaceRoster } from '../../routing/routing.repository';
import { canSeeDepartment, canSeeHotel, canSeeLine } from '../../../access/scope';
import { CodeMap, resolveCode } from '../row-check';
import { type Importer, asLookup } from './importer';

const rosterMessages = defineMessages({
  notOfDepartment: { en: 'Worker "{code}" is not a worker of this department', ar: 'العامل "{code}" ليس من عمال هذا القسم' },
  notOfHotel: { en: 'Worker "{code}" does not serve this hotel', ar: 'العامل "{code}" لا يخدم هذا الفندق' },
  weekday: { en: 'Write the day as 0 (Sunday) to 6 (Saturday) or its name (Sun … Sat)', ar: 'اكتب اليوم من 0 (الأحد) إلى 6 (السبت) أو اسمه (Sun … Sat)' },
  time: { en: 'Write the time as HH:MM, e.g. 07:00', ar: 'اكتب الوقت بالصيغة HH:MM، مثل 07:00' },
  emptyShift: { en: 'The shift starts and ends at the same time', ar: 'تبدأ المناوبة وتنتهي في الوقت نفسه' },
  required: { en: 'Required', ar: 'مطلوب' },
});

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** 0–6, or a day's English name or its first three letters. */
function weekdayOf(text: string): number | undefined {
  const t = text.trim().toLowerCase().slice(0, 20);
  if (/^[0-6]$/.test(t)) return Number(t);
  const i = DAYS.findIndex((d) => t.startsWith(d) && (t.length === 3 || t.length > 3));
  return i >= 0 ? i : undefined;
}

/** 'HH:MM', or Excel's time as a fraction of a day (a cell formatted as a time). */
function minutesOf(text: string): number | undefined {
  const typed = parseClockTime(text);
  if (typed !== undefined) return typed;
  const n = Number(text.slice(0, 30));
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 1 ? Math.round(n * 24 * 60) : undefined;
}

interface Ctx {
  hotels: CodeMap;
  departments: CodeMap;
  workers: CodeMap;
  departmentOf: Map<number, number | null>;
  hotelsOf: Map<number, number[]>;
  caller: Parameters<typeof canSeeLine>[0];
}

interface Item {
  hotelId: number;
  departmentId: number;
  workerId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/**
 * A weekly roster per hotel and department: each (hotel, department) in the sheet has
 * its roster replaced by the sheet's rows; others are left as they are.
 */
export const rosterImporter: Importer<Ctx, Item> = {
  spec: {
    fileName: 'RosterTemplate',
    sheetName: 'Roster',
    columns: [
      { key: 'hotelCode', required: true, lookup: 'hotelCode', description: { en: 'Code of the hotel', ar: 'رمز الفندق' } },
      { key: 'departmentCode', required: true, lookup: 'departmentCode', description: { en: 'Code of the department', ar: 'رمز القسم' } },
      { key: 'workerCode', required: true, lookup: 'workerCode', description: { en: 'Code of a worker of the department', ar: 'رمز عامل من القسم' } },
      { key: 'weekday', required: true, description: { en: 'Day: 0 (Sunday) to 6 (Saturday), or Sun … Sat', ar: 'اليوم: 0 (الأحد) إلى 6 (السبت)، أو Sun … Sat' } },
      { key: 'start', required: true, description: { en: 'Start, HH:MM in the hotel’s time', ar: 'البداية، HH:MM بتوقيت الفندق' } },
      { key: 'end', required: true, description: { en: 'End, HH:MM (before the start: the next morning)', ar: 'النهاية، HH:MM (قبل البداية: صباح اليوم التالي)' } },
    ],
  },
  async lookups(repo, scope) {
    const [hotels, departments, workers] = await Promise.all([repo.hotels(), repo.departments(), repo.workersWithDepartment()]);
    const mine = departments.filter((d) => canSeeDepartment(scope, d.id));
    return {
      hotelCode: asLookup(hotels.filter((h) => canSeeHotel(scope, h.id))),
      departmentCode: asLookup(mine),
      workerCode: workers.filter((w) => mine.some((d) => d.id === w.departmentId)).map((w) => ({ code: w.code, name: w.code })),
    };
  },
  async context(repo, _rows, caller) {
    const [hotels, departments, workers] = await Promise.all([repo.hotels(), repo.departments(), repo.workersWithDepartment()]);
    return {
      hotels: new CodeMap(hotels.filter((h) => canSeeHotel(caller, h.id))),
      departments: new CodeMap(departments),
      workers: new CodeMap(workers),
      departmentOf: new Map(workers.map((w) => [w.id, w.departmentId])),
      hotelsOf: new Map(workers.map((w) => [w.id, w.hotelIds.map(Number)])),
      caller,
    };
  },
  check(rows, ctx, problems) {
    return rows.flatMap(({ row, values }) => {
      const hotelId = resolveCode(ctx.hotels, values.hotelCode, row, 'hotelCode', problems);
      let departmentId = resolveCode(ctx.departments, values.departmentCode, row, 'departmentCode', problems);
      // A department the uploader does not manage at that hotel is as unknown as a wrong code.
      if (hotelId !== undefined && departmentId !== undefined && !canSeeLine(ctx.caller, { hotelId, departmentId })) {
        problems.add(row, 'departmentCode', { en: 'Unknown code "{code}"', ar: 'رمز غير معروف "{code}"' }, { code: values.departmentCode });
        departmentId = undefined;
      }
      const workerId = resolveCode(ctx.workers, values.workerCode, row, 'workerCode', problems);
      if (workerId !== undefined && departmentId !== undefined && ctx.departmentOf.get(workerId) !== departmentId)
        problems.add(row, 'workerCode', rosterMessages.notOfDepartment, { code: values.workerCode });
      else if (workerId !== undefined && hotelId !== undefined && !(ctx.hotelsOf.get(workerId) ?? []).includes(hotelId))
        problems.add(row, 'workerCode', rosterMessages.notOfHotel, { code: values.workerCode });
      for (const column of ['hotelCode', 'departmentCode', 'workerCode', 'weekday', 'start', 'end'])
        if (!values[column]) problems.add(row, column, rosterMessages.required);
      const weekday = values.weekday ? weekdayOf(values.weekday) : undefined;
      if (values.weekday && weekday === undefined) problems.add(row, 'weekday', rosterMessages.weekday);
      const startMinute = values.start ? minutesOf(values.start) : undefined;
      const endMinute = values.end ? minutesOf(values.end) : undefined;
      if (values.start && startMinute === undefined) problems.add(row, 'start', rosterMessages.time);
      if (values.end && endMinute === undefined) problems.add(row, 'end', rosterMessages.time);
      if (startMinute !== undefined && endMinute !== undefined && startMinute % 1440 === endMinute % 1440 && !(startMinute === 0 && endMinute === 1440))
        problems.add(row, 'end', rosterMessages.emptyShift);
      if (hotelId === undefined || departmentId === undefined || workerId === undefined || weekday === undefined || startMinute === undefined || endMinute === undefined) return [];
      if (problems.has(row, 'workerCode') || problems.has(row, 'end')) return [];
      return [{ row, item: { hotelId, departmentId, workerId, weekday, startMinute, endMinute } }];
    });
  },
  async save(repo, items) {
    const groups = new Map<string, Item[]>();
    for (const i of items) groups.set(`${i.hotelId}:${i.departmentId}`, [...(groups.get(`${i.hotelId}:${i.departmentId}`) ?? []), i]);
    // save runs inside the upload's one transaction: every roster of the sheet, or none.
    for (const group of groups.values()) await replaceRoster(repo.handle as Tx, group[0].hotelId, group[0].departmentId, group, new Date());
  },
};
