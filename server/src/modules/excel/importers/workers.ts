import { WorkerInput } from '@shared';
import { DepartmentKeys } from '../department-keys';
import { checkUnique, checkWithSchema, resolveCode } from '../row-check';
import type { Importer } from './importer';

interface Ctx {
  departments: DepartmentKeys;
  existing: Set<string>;
}

export const workerImporter: Importer<Ctx, WorkerInput> = {
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
    ],
  },
  async lookups(repo, _scope, lang) {
    return { departmentCode: new DepartmentKeys(await repo.departments()).choices(lang) };
  },
  async context(repo) {
    const [departments, codes] = await Promise.all([repo.departments(), repo.workerCodes()]);
    return { departments: new DepartmentKeys(departments), existing: new Set(codes) };
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
      };
      const item = checkWithSchema(WorkerInput, input, row, { departmentId: 'departmentCode' }, problems);
      return item ? [{ row, item }] : [];
    });
    checkUnique(items, 'workerCode', (i) => i.workerCode, (code) => ctx.existing.has(code), (i) => i.workerCode, problems);
    return items;
  },
  async save(repo, items) {
    await repo.insertWorkers(items.map((i) => ({ ...i, nameAr: i.nameAr ?? null, departmentId: i.departmentId ?? null })));
  },
};
