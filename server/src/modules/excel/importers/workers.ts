import { WorkerInput } from '@shared';
import { adminMessages } from '../../administration/administration.messages';
import { type Scope, canSeeHotel } from '../../../access/scope';
import { splitCodes } from '../cell-text';
import { DepartmentKeys } from '../department-keys';
import { CodeMap, checkUnique, checkWithSchema, resolveCode, resolveCodes } from '../row-check';
import { type Importer, asLookup } from './importer';

interface Ctx {
  departments: DepartmentKeys;
  existing: Set<string>;
  /** The hotels the uploader may give, as on the Worker screen. */
  scope: Scope;
  hotels: CodeMap;
}

type Item = WorkerInput & { hotelIds: number[] };

export const workerImporter: Importer<Ctx, Item> = {
  spec: {
    fileName: 'WorkerTemplate',
    sheetName: 'Workers',
    columns: [
      { key: 'workerCode', required: true, description: { en: 'Unique code of the worker', ar: 'رمز فريد للعامل' } },
      { key: 'name', required: true, description: { en: 'Full name', ar: 'الاسم الكامل' } },
      {
        key: 'phoneNumber',
        required: true,
        description: { en: 'Phone number, e.g. +966 50 123 4567', ar: 'رقم الهاتف، مثل ‎+966 50 123 4567' },
      },
      {
        key: 'departmentCode',
        required: false,
        lookup: 'departmentCode',
        acceptsMore: true,
        description: {
          en: 'Optional: the department whose lines the worker is offered for, by its name (English or Arabic) or its code',
          ar: 'اختياري: القسم الذي يُعرض العامل لطلباته، باسمه (العربي أو الإنجليزي) أو برمزه',
        },
      },
      // Last, so a sheet filled before the column existed still lines up.
      {
        key: 'nameAr',
        required: false,
        description: { en: 'Optional: the name in Arabic (Arabic screens show name without it)', ar: 'اختياري: الاسم بالعربية (تعرض الشاشات العربية الاسم الكامل بدونه)' },
      },
      // After nameAr (added later): the worker's phone sees, and routing offers it, lines of these hotels only.
      {
        key: 'hotelCodes',
        required: true,
        lookup: 'hotelCode',
        multiple: true,
        description: { en: 'Codes of the hotels the worker serves, separated by commas', ar: 'رموز الفنادق التي يخدمها العامل، مفصولة بفواصل' },
      },
    ],
  },
  async lookups(repo, scope, lang) {
    const [departments, hotels] = await Promise.all([repo.departments(), repo.hotels()]);
    return { departmentCode: new DepartmentKeys(departments).choices(lang), hotelCode: asLookup(hotels.filter((h) => canSeeHotel(scope, h.id))) };
  },
  async context(repo, _rows, caller) {
    const [departments, codes, hotels, scope] = await Promise.all([repo.departments(), repo.workerCodes(), repo.hotels(), repo.accessOf(caller.userId)]);
    return { departments: new DepartmentKeys(departments), existing: new Set(codes), scope, hotels: new CodeMap(hotels) };
  },
  check(rows, ctx, problems) {
    const items = rows.flatMap(({ row, values }) => {
      const input = {
        workerCode: values.workerCode,
        name: values.name,
        // A sheet from before the column (or a blank cell) gives '': no Arabic name.
        nameAr: values.nameAr?.trim() || null,
        phoneNumber: values.phoneNumber,
        departmentId: values.departmentCode
          ? (resolveCode(ctx.departments, values.departmentCode, row, 'departmentCode', problems) ?? null)
          : null,
        hotelIds: resolveCodes(ctx.hotels, splitCodes(values.hotelCodes), row, 'hotelCodes', problems),
      };
      const item = checkWithSchema(WorkerInput, input, row, { departmentId: 'departmentCode', hotelIds: 'hotelCodes' }, problems);
      if (!item?.hotelIds) return [];
      // Like the Worker screen: only the uploader's own hotels.
      if (!item.hotelIds.every((hotelId) => canSeeHotel(ctx.scope, hotelId))) {
        problems.add(row, 'hotelCodes', adminMessages.outsideScope);
        return [];
      }
      return [{ row, item: { ...item, hotelIds: item.hotelIds } }];
    });
    checkUnique(items, 'workerCode', (i) => i.workerCode, (code) => ctx.existing.has(code), (i) => i.workerCode, problems);
    return items;
  },
  async save(repo, items) {
    await repo.insertWorkers(
      items.map(({ hotelIds, ...i }) => ({ worker: { ...i, nameAr: i.nameAr ?? null, departmentId: i.departmentId ?? null }, hotelIds: [...new Set(hotelIds)] })),
    );
  },
};
