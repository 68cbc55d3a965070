import { describe, expect, it } from 'vitest';
import { localDay, periodQuery, presetOf, presetPeriod } from '../../../renderer/src/features/reports/report-period';

describe('report periods', () => {
  const now = new Date(2026, 10, 23, 15, 30); // 23 Nov 2026, local time

  it('counts the presets in whole local days, today included', () => {
    expect(presetPeriod('today', now)).toEqual({ fromDay: '2026-11-23', toDay: '2026-11-23' });
    expect(presetPeriod('days7', now)).toEqual({ fromDay: '2026-11-17', toDay: '2026-11-23' });
    expect(presetPeriod('days30', now)).toEqual({ fromDay: '2026-10-25', toDay: '2026-11-23' });
    expect(presetPeriod('month', now)).toEqual({ fromDay: '2026-11-01', toDay: '2026-11-23' });
    expect(presetPeriod('month', new Date(2026, 0, 1))).toEqual({ fromDay: '2026-01-01', toDay: '2026-01-01' });
  });

  it('asks from the start of the first day to the start of the day after the last', () => {
    const q = periodQuery({ fromDay: '2026-11-17', toDay: '2026-11-23' });
    expect(new Date(q.from).getTime()).toBe(new Date(2026, 10, 17).getTime());
    expect(new Date(q.to).getTime()).toBe(new Date(2026, 10, 24).getTime());
    expect(q.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('recognises a preset again and reads a day key as local midnight', () => {
    expect(presetOf({ fromDay: '2026-11-17', toDay: '2026-11-23' }, now)).toBe('days7');
    expect(presetOf({ fromDay: '2026-11-16', toDay: '2026-11-23' }, now)).toBeUndefined();
    expect(localDay('2026-03-04')).toEqual(new Date(2026, 2, 4));
  });
});
