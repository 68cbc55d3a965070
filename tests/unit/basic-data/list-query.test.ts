import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/src/http/errors';
import { applyListQuery, compareValues, naturalCompare } from '../../../server/src/modules/basic-data/list-query';

const rows = [
  { id: 4, name: 'Valet', code: 'D-10', departmentName: null as string | null },
  { id: 3, name: 'spa', code: 'D-9', departmentName: 'Guest Relations' },
  { id: 2, name: 'Security', code: 'D-2', departmentName: 'Front Office' },
  { id: 1, name: 'Kitchen', code: 'D-1', departmentName: 'Food & Beverage' },
];
const FIELDS = ['id', 'name', 'code', 'departmentName'];

describe('applyListQuery', () => {
  it('without a query keeps the whole list in its order', () => {
    expect(applyListQuery(rows, {}, FIELDS)).toEqual({ items: rows, total: 4 });
  });

  it('pages from index 0, with the total of the matching rows', () => {
    expect(applyListQuery(rows, { page: 1, pageSize: 3 }, FIELDS)).toEqual({ items: [rows[3]], total: 4 });
    expect(applyListQuery(rows, { page: 5, pageSize: 3 }, FIELDS).items).toEqual([]);
  });

  it('uses the default page size of the tables (5) when only a page is asked for', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: i }));
    expect(applyListQuery(many, { page: 0 }, ['id']).items).toHaveLength(5);
  });

  it('searches every scalar column without regard to case, and counts the matches', () => {
    expect(applyListQuery(rows, { search: 'SPA' }, FIELDS).items.map((r) => r.id)).toEqual([3]);
    expect(applyListQuery(rows, { search: 'front' }, FIELDS)).toEqual({ items: [rows[2]], total: 1 });
    expect(applyListQuery(rows, { search: '   ' }, FIELDS).total).toBe(4);
  });

  it('sorts naturally either way, empty values after the rest', () => {
    expect(applyListQuery(rows, { sort: 'code' }, FIELDS).items.map((r) => r.code)).toEqual(['D-1', 'D-2', 'D-9', 'D-10']);
    expect(applyListQuery(rows, { sort: 'name', order: 'desc' }, FIELDS).items.map((r) => r.name)).toEqual([
      'Valet',
      'spa',
      'Security',
      'Kitchen',
    ]);
    expect(applyListQuery(rows, { sort: 'departmentName' }, FIELDS).items.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('refuses sorting on a field the rows do not have, even when there are no rows', () => {
    expect(() => applyListQuery([], { sort: 'passwordHash' }, FIELDS)).toThrow(AppError);
  });
});

describe('naturalCompare and compareValues', () => {
  it('orders room numbers as people read them', () => {
    expect(['101', '9', 'B-12', '10', 'B-3', '2'].sort(naturalCompare)).toEqual(['2', '9', '10', '101', 'B-3', 'B-12']);
  });

  it('compares numbers as numbers and booleans false first', () => {
    expect(compareValues(9, 10)).toBeLessThan(0);
    expect(compareValues(false, true)).toBeLessThan(0);
    expect(compareValues(null, 'a')).toBeGreaterThan(0);
    expect(compareValues('', null)).toBe(0);
  });
});
