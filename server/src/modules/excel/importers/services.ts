import { SEARCH_WORDS_MAX, ServiceInput, isSpecialServiceName } from '@shared';
import { DepartmentKeys } from '../department-keys';
import { CodeMap, checkUnique, checkWithSchema, resolveCode } from '../row-check';
import { type Importer, asLookup } from './importer';

interface Ctx {
  groups: CodeMap;
  departments: DepartmentKeys;
  existing: Set<string>;
}

const COLUMN_OF_FIELD = { serviceGroupId: 'serviceGroupCode', departmentId: 'departmentCode' };

/** An empty cell is no target; a number (negative too) is checked by the contract (whole, 1 to a week); any other text fails there too. */
function minutesCell(text: string | undefined): number | string | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

export const serviceImporter: Importer<Ctx, ServiceInput> = {
  spec: {
    fileName: 'ServiceTemplate',
    sheetName: 'Services',
    columns: [
      { key: 'serviceCode', required: true, description: { en: 'Unique code of the service', ar: 'رمز فريد للخدمة' } },
      { key: 'nameEn', required: true, description: { en: 'English name', ar: 'الاسم بالإنجليزية' } },
      { key: 'nameAr', required: true, description: { en: 'Arabic name', ar: 'الاسم بالعربية' } },
      {
        key: 'serviceGroupCode',
        required: true,
        lookup: 'serviceGroupCode',
        description: { en: 'Code of the service group', ar: 'رمز مجموعة الخدمات' },
      },
      {
        key: 'departmentCode',
        required: true,
        lookup: 'departmentCode',
        acceptsMore: true,
        description: {
          en: 'The department that handles it, by its name (English or Arabic) or its code',
          ar: 'القسم المسؤول عنها، باسمه (العربي أو الإنجليزي) أو برمزه',
        },
      },
      {
        key: 'acknowledgeMinutes',
        required: false,
        description: {
          en: 'Optional: minutes within which staff should acknowledge a request (empty: the group or hotel default)',
          ar: 'اختياري: الدقائق التي يجب أن يستلم الموظفون الطلب خلالها (فارغ: افتراضي المجموعة أو الفندق)',
        },
      },
      {
        key: 'completeMinutes',
        required: false,
        description: {
          en: 'Optional: minutes within which a request should be completed (empty: the group or hotel default)',
          ar: 'اختياري: الدقائق التي يجب إكمال الطلب خلالها (فارغ: افتراضي المجموعة أو الفندق)',
        },
      },
      {
        key: 'searchWordsEn',
        required: false,
        description: {
          en: `Optional: other English words guests may search by, e.g. "AC, air conditioner" (up to ${SEARCH_WORDS_MAX} characters)`,
          ar: `اختياري: كلمات إنجليزية أخرى قد يبحث بها النزلاء، مثل "AC, air conditioner" (حتى ${SEARCH_WORDS_MAX} حرف)`,
        },
      },
      {
        key: 'searchWordsAr',
        required: false,
        description: {
          en: `Optional: other Arabic words guests may search by, e.g. "مكيف، تبريد" (up to ${SEARCH_WORDS_MAX} characters)`,
          ar: `اختياري: كلمات عربية أخرى قد يبحث بها النزلاء، مثل "مكيف، تبريد" (حتى ${SEARCH_WORDS_MAX} حرف)`,
        },
      },
    ],
  },
  async lookups(repo, _scope, lang) {
    const [groups, departments] = await Promise.all([repo.serviceGroups(), repo.departments()]);
    return { serviceGroupCode: asLookup(groups), departmentCode: new DepartmentKeys(departments).choices(lang) };
  },
  async context(repo) {
    const [groups, departments, codes] = await Promise.all([repo.serviceGroups(), repo.departments(), repo.serviceCodes()]);
    return { groups: new CodeMap(groups), departments: new DepartmentKeys(departments), existing: new Set(codes) };
  },
  check(rows, ctx, problems) {
    const items = rows.flatMap(({ row, values }) => {
      const input = {
        serviceCode: values.serviceCode,
        nameEn: values.nameEn,
        nameAr: values.nameAr,
        serviceGroupId: resolveCode(ctx.groups, values.serviceGroupCode, row, 'serviceGroupCode', problems),
        departmentId: resolveCode(ctx.departments, values.departmentCode, row, 'departmentCode', problems),
        acknowledgeMinutes: minutesCell(values.acknowledgeMinutes),
        completeMinutes: minutesCell(values.completeMinutes),
        searchWordsEn: (values.searchWordsEn ?? '').trim(),
        searchWordsAr: (values.searchWordsAr ?? '').trim(),
      };
      const item = checkWithSchema(ServiceInput, input, row, COLUMN_OF_FIELD, problems);
      return item ? [{ row, item }] : [];
    });
    checkUnique(items, 'serviceCode', (i) => i.serviceCode, (code) => ctx.existing.has(code), (i) => i.serviceCode, problems);
    return items;
  },
  async save(repo, items) {
    await repo.insertServices(items.map((i) => ({ ...i, isSpecial: isSpecialServiceName(i.nameEn) })));
  },
};
