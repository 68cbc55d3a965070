import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Draft, emptyDraft, toRequestBody, validateDraft } from '../../guest-web/src/service/draft';
import { ScheduleTime, type ScheduleValue, scheduleDays } from '../../guest-web/src/service/ScheduleTime';
import { i18nReady } from './setup';

const TODAY = new Date(2026, 10, 27, 9, 15);

function Harness({ onValue }: { onValue: (v: ScheduleValue) => void }) {
  const [value, setValue] = useState<ScheduleValue>({ scheduled: false, day: '', time: '' });
  return (
    <ScheduleTime
      id="service-1"
      today={TODAY}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe("a service line's time picker (scheduled requests)", () => {
  beforeAll(() => i18nReady);
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('is off until asked for; then offers today, tomorrow and the next days up to 30 on, and a time', () => {
    let last: ScheduleValue | undefined;
    render(<Harness onValue={(v) => (last = v)} />);
    expect(screen.queryByLabelText('Time')).toBeNull();
    fireEvent.click(screen.getByLabelText(/At a time of my choosing/));
    const day = screen.getByLabelText('Day') as HTMLSelectElement;
    const options = [...day.options];
    expect(options).toHaveLength(31);
    expect(options[0]).toMatchObject({ value: '2026-11-27', textContent: 'Today' });
    expect(options[1]).toMatchObject({ value: '2026-11-28', textContent: 'Tomorrow' });
    expect(options[30].value).toBe('2026-12-27');
    fireEvent.change(day, { target: { value: '2026-11-28' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '06:00' } });
    expect(last).toEqual({ scheduled: true, day: '2026-11-28', time: '06:00' });
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    render(<Harness onValue={() => undefined} />);
    fireEvent.click(screen.getByLabelText(/في وقت أختاره/));
    const day = screen.getByLabelText('التاريخ') as HTMLSelectElement;
    expect(day.options[0].textContent).toBe('اليوم');
    expect(day.options[1].textContent).toBe('غدًا');
    expect(screen.getByLabelText('الوقت')).toBeTruthy();
  });

  it('sends the wall-clock time with the line, asks for a time when none is chosen, and sends none when off', () => {
    const draft: Draft = { ...emptyDraft(), custName: 'Sara', custEmail: 's@example.com', phoneNumber: '551234567', hotelId: 1, roomId: 2 };
    const line = { key: 1, serviceId: 5, note: 'wake me up', schedule: { scheduled: true, day: '2026-11-28', time: '06:00' } };
    expect(toRequestBody({ ...draft, lines: [line] }).services).toEqual([{ serviceId: 5, note: 'wake me up', scheduledAt: '2026-11-28T06:00' }]);
    expect(validateDraft({ ...draft, lines: [{ ...line, schedule: { ...line.schedule, time: '' } }] }, new Set())['service-1-time']).toBe('validation.scheduleTimeRequired');
    expect(toRequestBody({ ...draft, lines: [{ ...line, schedule: { ...line.schedule, scheduled: false } }] }).services).toEqual([{ serviceId: 5, note: 'wake me up' }]);
    expect(scheduleDays(new Date(2026, 1, 27))[2]).toBe('2026-03-01');
  });
});
