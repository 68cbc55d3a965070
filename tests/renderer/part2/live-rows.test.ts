import { describe, expect, it } from 'vitest';
import { mergeRequestRows, sortByUpdated } from '../../../renderer/src/features/service-management/use-live-rows';

type Row = { code: string; id: number; updatedAt: string };
const source = { codeOf: (r: Row) => r.code, updatedAt: (r: Row) => r.updatedAt };
const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('live list rows (newest first by updatedAt)', () => {
  const rows = sortByUpdated(
    [
      { code: 'A', id: 1, updatedAt: at(1) },
      { code: 'B', id: 2, updatedAt: at(5) },
      { code: 'C', id: 3, updatedAt: at(3) },
    ],
    source.updatedAt,
  );

  it('sorts newest first', () => {
    expect(rows.map((r) => r.code)).toEqual(['B', 'C', 'A']);
  });

  it('a new request goes on top', () => {
    expect(mergeRequestRows(rows, 'D', [{ code: 'D', id: 4, updatedAt: at(9) }], source).map((r) => r.code)).toEqual(['D', 'B', 'C', 'A']);
  });

  it("a changed request replaces its rows and moves by its new time; other requests' rows in the answer are ignored", () => {
    const fresh = [
      { code: 'A', id: 1, updatedAt: at(4) },
      { code: 'A2', id: 9, updatedAt: at(8) },
    ];
    expect(mergeRequestRows(rows, 'A', fresh, source).map((r) => r.code)).toEqual(['B', 'A', 'C']);
  });

  it('a request that left the scope disappears', () => {
    expect(mergeRequestRows(rows, 'C', [], source).map((r) => r.code)).toEqual(['B', 'A']);
  });
});
