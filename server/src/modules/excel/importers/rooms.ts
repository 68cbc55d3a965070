import { RoomInput } from '@shared';
import { canSeeHotel } from '../../../access/scope';
import { CodeMap, checkUnique, checkWithSchema, resolveCode } from '../row-check';
import { type Importer, asLookup } from './importer';

interface Ctx {
  hotels: CodeMap;
  useTypes: CodeMap;
  roomTypes: CodeMap;
  existing: Set<string>;
}

const COLUMN_OF_FIELD = { hotelId: 'hotelCode', useTypeId: 'useTypeCode', roomTypeId: 'roomTypeCode' };
const roomKey = (hotelId: number, number: string) => `${hotelId}\u0000${number}`;

export const roomImporter: Importer<Ctx, RoomInput> = {
  spec: {
    fileName: 'RoomTemplate',
    sheetName: 'Rooms',
    columns: [
      { key: 'number', required: true, description: { en: 'Room number, unique within its hotel', ar: 'رقم الغرفة، فريد داخل الفندق' } },
      { key: 'hotelCode', required: true, lookup: 'hotelCode', description: { en: 'Code of the hotel', ar: 'رمز الفندق' } },
      { key: 'useTypeCode', required: true, lookup: 'useTypeCode', description: { en: 'Code of the use type', ar: 'رمز نوع الاستخدام' } },
      { key: 'roomTypeCode', required: true, lookup: 'roomTypeCode', description: { en: 'Code of the room type', ar: 'رمز نوع الغرفة' } },
      { key: 'floor', required: false, description: { en: 'Floor (optional)', ar: 'الطابق (اختياري)' } },
      { key: 'zone', required: false, description: { en: 'Zone (optional): routing prefers workers who cover it', ar: 'المنطقة (اختياري): يفضّل التوجيه العمال الذين يغطونها' } },
    ],
  },
  async lookups(repo, scope) {
    const [hotels, useTypes, roomTypes] = await Promise.all([repo.hotels(), repo.useTypes(), repo.roomTypes()]);
    return { hotelCode: asLookup(hotels.filter((h) => canSeeHotel(scope, h.id))), useTypeCode: asLookup(useTypes), roomTypeCode: asLookup(roomTypes) };
  },
  async context(repo, rows, scope) {
    const [hotels, useTypes, roomTypes] = await Promise.all([repo.hotels(), repo.useTypes(), repo.roomTypes()]);
    // Rooms go only into hotels the uploader may see, as AddRoom: another hotel's code is unknown.
    const hotelCodes = new CodeMap(hotels.filter((h) => canSeeHotel(scope, h.id)));
    const hotelIds = [...new Set(rows.map((r) => hotelCodes.get(r.values.hotelCode)).filter((id) => id !== undefined))];
    const existing = new Set((await repo.roomNumbers(hotelIds)).map((r) => roomKey(r.hotelId, r.number)));
    return { hotels: hotelCodes, useTypes: new CodeMap(useTypes), roomTypes: new CodeMap(roomTypes), existing };
  },
  check(rows, ctx, problems) {
    const items = rows.flatMap(({ row, values }) => {
      const input = {
        number: values.number,
        hotelId: resolveCode(ctx.hotels, values.hotelCode, row, 'hotelCode', problems),
        useTypeId: resolveCode(ctx.useTypes, values.useTypeCode, row, 'useTypeCode', problems),
        roomTypeId: resolveCode(ctx.roomTypes, values.roomTypeCode, row, 'roomTypeCode', problems),
        floor: values.floor ?? '',
        zone: values.zone ?? '',
      };
      const item = checkWithSchema(RoomInput, input, row, COLUMN_OF_FIELD, problems);
      return item ? [{ row, item }] : [];
    });
    checkUnique(
      items,
      'number',
      (i) => roomKey(i.hotelId, i.number),
      (key) => ctx.existing.has(key),
      (i) => i.number,
      problems,
    );
    return items;
  },
  async save(repo, items) {
    await repo.insertRooms(items);
  },
};
