import { describe, expect, it } from 'vitest';
import { RoomInput } from '@shared';
import { cellText, splitCodes } from '../../../server/src/modules/excel/cell-text';
import { roomImporter } from '../../../server/src/modules/excel/importers/rooms';
import { CodeMap, RowProblems, checkUnique, checkWithSchema } from '../../../server/src/modules/excel/row-check';

describe('cellText: what the user sees in a cell', () => {
  it('reads numbers, rich text, hyperlinks and formula results as text', () => {
    expect(cellText(101)).toBe('101');
    expect(cellText('  H1 ')).toBe('H1');
    expect(cellText({ richText: [{ text: 'Mo' }, { text: 'na' }] })).toBe('Mona');
    expect(cellText({ text: 'mona@test.hotel', hyperlink: 'mailto:mona@test.hotel' })).toBe('mona@test.hotel');
    expect(cellText({ formula: 'A1&"1"', result: 'H1' })).toBe('H1');
    expect(cellText({ error: '#N/A' })).toBe('');
    expect(cellText(null)).toBe('');
  });

  it('splits code lists on commas, semicolons and the Arabic comma, dropping blanks and repeats', () => {
    expect(splitCodes('H1, H2;H3،H1 , ')).toEqual(['H1', 'H2', 'H3']);
    expect(splitCodes('')).toEqual([]);
  });
});

describe('row checks', () => {
  it('matches codes as typed, then regardless of case only when that is unambiguous', () => {
    const codes = new CodeMap([
      { id: 1, code: 'STD' },
      { id: 2, code: 'dlx' },
      { id: 3, code: 'DLX' },
    ]);
    expect(codes.get('STD')).toBe(1);
    expect(codes.get('std')).toBe(1);
    expect(codes.get('DLX')).toBe(3);
    expect(codes.get('Dlx')).toBeUndefined();
    expect(codes.get('nope')).toBeUndefined();
  });

  it('reports schema issues under the sheet column the field came from, one per cell', () => {
    const problems = new RowProblems();
    const out = checkWithSchema(RoomInput, { number: '', hotelId: 1, useTypeId: undefined, roomTypeId: 3 }, 7, { useTypeId: 'useTypeCode' }, problems);
    expect(out).toBeUndefined();
    expect(problems.render('en')).toEqual([
      { row: 7, column: 'number', message: 'This field is required' },
      { row: 7, column: 'useTypeCode', message: 'This field is required' },
    ]);
    problems.add(7, 'number', { en: 'second reason', ar: 'سبب ثان' });
    expect(problems.count).toBe(2);
  });

  it('flags later repeats within the file and keys already stored', () => {
    const problems = new RowProblems();
    const items = [
      { row: 2, item: 'A' },
      { row: 3, item: 'B' },
      { row: 4, item: 'A' },
      { row: 5, item: 'C' },
    ];
    checkUnique(items, 'code', (i) => i, (k) => k === 'C', (i) => i, problems);
    expect(problems.render('ar')).toEqual([
      { row: 4, column: 'code', message: 'مكرر مع الصف 2 في هذا الملف' },
      { row: 5, column: 'code', message: '"C" موجود من قبل' },
    ]);
  });

  it('checks room rows: codes resolved, numbers unique per hotel (101 may exist in two hotels)', () => {
    const ctx = {
      hotels: new CodeMap([
        { id: 1, code: 'H1' },
        { id: 2, code: 'H2' },
      ]),
      useTypes: new CodeMap([{ id: 5, code: 'GUEST' }]),
      roomTypes: new CodeMap([{ id: 9, code: 'STD' }]),
      existing: new Set([`2\u0000102`]),
    };
    const row = (n: number, number: string, hotelCode: string, roomTypeCode = 'STD') => ({
      row: n,
      values: { number, hotelCode, useTypeCode: 'GUEST', roomTypeCode },
    });
    const problems = new RowProblems();
    const items = roomImporter.check([row(2, '101', 'H1'), row(3, '101', 'H2'), row(4, '102', 'H2'), row(5, '103', 'H9'), row(6, '101', 'H1')], ctx, problems);
    expect(items[0]).toEqual({ row: 2, item: { number: '101', hotelId: 1, useTypeId: 5, roomTypeId: 9, floor: null, zone: null } });
    expect(problems.render('en')).toEqual([
      { row: 4, column: 'number', message: '"102" already exists' },
      { row: 5, column: 'hotelCode', message: 'Unknown code "H9"' },
      { row: 6, column: 'number', message: 'Duplicate of row 2 in this file' },
    ]);
  });
});
