import { RoomTypeInput } from '@shared';
import { checkUnique, checkWithSchema } from '../row-check';
import type { Importer } from './importer';

type Item = RoomTypeInput;

export const roomTypeImporter: Importer<{ existing: Set<string> }, Item> = {
  spec: {
    fileName: 'RoomTypeTemplate',
    sheetName: 'RoomTypes',
    columns: [
      { key: 'roomTypeCode', required: true, description: { en: 'Unique code of the room type, e.g. DLX', ar: 'رمز فريد لنوع الغرفة، مثل DLX' } },
      { key: 'nameEn', required: true, description: { en: 'English name', ar: 'الاسم بالإنجليزية' } },
      { key: 'nameAr', required: true, description: { en: 'Arabic name', ar: 'الاسم بالعربية' } },
    ],
  },
  async lookups() {
    return {};
  },
  async context(repo) {
    return { existing: new Set((await repo.roomTypes()).map((r) => r.code)) };
  },
  check(rows, ctx, problems) {
    const items = rows.flatMap(({ row, values }) => {
      const item = checkWithSchema(RoomTypeInput, values, row, {}, problems);
      return item ? [{ row, item }] : [];
    });
    checkUnique(items, 'roomTypeCode', (i) => i.roomTypeCode, (code) => ctx.existing.has(code), (i) => i.roomTypeCode, problems);
    return items;
  },
  async save(repo, items) {
    await repo.insertRoomTypes(items);
  },
};
