import { describe, expect, it } from 'vitest';
import { autoSized, distinguishingWidth, fittedWidth, twoLineWidth, type TableColumn } from '../../../renderer/src/table/DataTable';

/** Without a canvas (happy-dom) a character counts 8.5 px, as DataTable assumes in tests. */
const px = (text: string) => text.length * 8.5;

interface Row {
  hotel: string;
}
const hotel: TableColumn<Row> = { id: 'hotel', header: 'Hotel', value: (r) => r.hotel, minWidth: 90 };

describe('a cut column keeps the part that tells its rows apart', () => {
  it('two hotels that start alike show up to the word where they differ', () => {
    expect(distinguishingWidth(['Nakheel Riyadh Hotel', 'Nakheel Jeddah Hotel', 'Nakheel Riyadh Hotel'])).toBe(px('Nakheel Riyadh…'));
    const rows = [{ hotel: 'Nakheel Riyadh Hotel' }, { hotel: 'Nakheel Jeddah Hotel' }];
    // The 16 px padding a side comes on top; before, the column stayed at 90 px ("Nakhe…").
    expect(fittedWidth(hotel, rows)).toBeGreaterThanOrEqual(px('Nakheel Riyadh…') + 32);
  });

  it('in Arabic too, and a name that differs in its first word stays narrow', () => {
    expect(distinguishingWidth(['فندق النخيل الرياض', 'فندق النخيل جدة'])).toBe(px('فندق النخيل الرياض'));
    expect(distinguishingWidth(['Corniche Hotel Jeddah', 'Marina Hotel Riyadh'])).toBe(px('Corniche…'));
    // The first word whole, nothing more.
    expect(fittedWidth(hotel, [{ hotel: 'Corniche Hotel Jeddah' }, { hotel: 'Marina Hotel Riyadh' }])).toBe(Math.ceil(px('Corniche…') + 32));
  });

  it('grows no wider than its text nor beyond a cap (the rest is in the tooltip)', () => {
    const long = 'A very long services list, Extra towels, Room cleaning, Laundry, Breakfast in the room';
    const rows = [{ hotel: long }, { hotel: `${long}, Late checkout` }];
    expect(fittedWidth(hotel, rows)).toBe(170);
  });

  it('a wrapping column is fitted to the longer of its two lines', () => {
    // The most even break between words, a little slack for the line drawn whole.
    expect(twoLineWidth('27 Nov, 03:13')).toBe(px('27 Nov,') + 2);
    expect(twoLineWidth('قهوة عربية وتمر، مياه معبأة')).toBe(px('قهوة عربية وتمر،') + 2);
    expect(twoLineWidth('Towels')).toBe(px('Towels') + 2);
    const created: TableColumn<{ at: string }> = { id: 'createdAt', header: 'Created', value: (r) => r.at, fitContent: true, wrap: true };
    // Never cut, but the date over its time is narrower than on one line.
    expect(fittedWidth(created, [{ at: '27 Nov 2025, 03:13' }])).toBe(Math.ceil(px('2025, 03:13') + 2 + 32));
    expect(fittedWidth(created, [{ at: '27 Nov 2025, 03:13' }])).toBeLessThan(px('27 Nov 2025, 03:13') + 32);
  });

  it('a column never cut on one line is left to ag-grid to measure: its ruled width is only the floor its header sets', () => {
    const code: TableColumn<{ code: string }> = { id: 'code', header: 'Request code', value: (r) => r.code, fitContent: true };
    expect(autoSized(code)).toBe(true);
    expect(autoSized({ ...code, wrap: true })).toBe(false);
    expect(autoSized({ ...code, fitContent: false })).toBe(false);
    // The longer header word, its padding and the sort arrow: whatever the rows hold.
    expect(fittedWidth(code, [{ code: 'R-2026-000001234567' }])).toBe(Math.ceil(px('Request') + 32 + 22));
    expect(fittedWidth(code, [])).toBe(Math.ceil(px('Request') + 32 + 22));
  });
});
