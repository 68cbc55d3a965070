import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOW_STEP_MS } from '../../../renderer/src/ui/use-now';
import { DueBadge, type DueLine } from '../../../renderer/src/features/service-management/DueBadge';
import { ageText, relativeDueText } from '../../../renderer/src/features/service-management/QueueCells';
import { i18next, initI18n } from '../../../renderer/src/i18n';
import { renderInApp } from '../render-app';

/** A line whose acknowledge target falls at 10:10 (UTC). */
const line: DueLine = {
  statusName: 'Open',
  clockStartedAt: '2026-11-23T10:00:00.000Z',
  acknowledgedAt: null,
  acknowledgeDueAt: '2026-11-23T10:10:00.000Z',
  completeDueAt: '2026-11-23T11:00:00.000Z',
  isOverdue: false,
};
const DUE = line.acknowledgeDueAt!;
const at = (hhmmss: string) => Date.parse(`2026-11-23T${hhmmss}.000Z`);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a due time relative to now', () => {
  it('reads "in 12 min", "due now", "late 5 min" and hours in English', () => {
    initI18n('en');
    const t = i18next.t.bind(i18next);
    expect(relativeDueText(t, DUE, at('09:58:00'))).toBe('in 12 min');
    // Part of a minute left still counts as a minute to go.
    expect(relativeDueText(t, DUE, at('10:09:30'))).toBe('in 1 min');
    expect(relativeDueText(t, DUE, at('10:10:30'))).toBe('due now');
    expect(relativeDueText(t, DUE, at('10:15:00'))).toBe('late 5 min');
    expect(relativeDueText(t, DUE, at('12:15:00'))).toBe('late 2 h 5 min');
    expect(relativeDueText(t, null, at('10:00:00'))).toBe('');
  });

  it('reads the same in Arabic', () => {
    initI18n('ar');
    const t = i18next.t.bind(i18next);
    expect(relativeDueText(t, DUE, at('09:58:00'))).toBe('خلال 12 دقيقة');
    expect(relativeDueText(t, DUE, at('10:10:30'))).toBe('مستحق الآن');
    expect(relativeDueText(t, DUE, at('10:15:00'))).toBe('متأخر 5 دقائق');
  });

  it('counts in Arabic with its six plural forms (0, 1, 2, 3–10, 11–99, 100+)', () => {
    initI18n('ar');
    const t = i18next.t.bind(i18next);
    expect(relativeDueText(t, DUE, at('10:09:30'))).toBe('خلال دقيقة واحدة');
    expect(relativeDueText(t, DUE, at('10:12:00'))).toBe('متأخر دقيقتان');
    expect(relativeDueText(t, DUE, at('10:13:00'))).toBe('متأخر 3 دقائق');
    expect(relativeDueText(t, DUE, at('10:20:00'))).toBe('متأخر 10 دقائق');
    expect(relativeDueText(t, DUE, at('10:21:00'))).toBe('متأخر 11 دقيقة');
    // Hours and minutes each take their own form, joined by "and".
    expect(relativeDueText(t, DUE, at('11:11:00'))).toBe('متأخر ساعة واحدة ودقيقة واحدة');
    expect(relativeDueText(t, DUE, at('12:15:00'))).toBe('متأخر ساعتان و5 دقائق');
    expect(relativeDueText(t, DUE, at('15:30:00'))).toBe('متأخر 5 ساعات و20 دقيقة');
    expect(ageText(t, 0)).toBe('0 دقيقة');
    expect(ageText(t, 2 * 1440 + 3 * 60)).toBe('يومان و3 ساعات');
    expect(ageText(t, 11 * 1440)).toBe('11 يومًا و0 ساعة');
    // The bell and the alerts count the same way.
    expect(t('alerts.bellCount', { count: 1 })).toBe('طلب جديد واحد: افتح طلبات النزلاء');
    expect(t('alerts.bellCount', { count: 2 })).toBe('طلبان جديدان: افتح طلبات النزلاء');
    expect(t('alerts.bellCount', { count: 11 })).toBe('11 طلبًا جديدًا: افتح طلبات النزلاء');
    expect(t('alerts.bellWaiting', { count: 4 })).toBe('4 خدمات بانتظار أن تستلمها: افتحها');
    expect(t('alerts.moreServices', { list: 'مناشف', count: 2 })).toBe('مناشف وخدمتان أخريان');
    expect(t('alerts.reminderMany', { count: 2 })).toBe('بندا خدمة بانتظار الاستلام');
    expect(t('queue.remindMinutes', { count: 2 })).toBe('دقيقتان');
  });

  it('keeps English counts as they were, with the singular where it reads better', () => {
    initI18n('en');
    const t = i18next.t.bind(i18next);
    expect(ageText(t, 2 * 1440 + 3 * 60)).toBe('2 d 3 h');
    expect(ageText(t, 61)).toBe('1 h 1 min');
    expect(t('alerts.bellCount', { count: 1 })).toBe('1 new request: open Guests Requests');
    expect(t('alerts.bellCount', { count: 3 })).toBe('3 new requests: open Guests Requests');
  });
});

describe("the Due column's badge", () => {
  it('shows the relative time, the clock time in its tooltip, and moves with the clock (English)', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(at('09:58:00'));
    renderInApp(<DueBadge line={line} compact />);
    const badge = screen.getByTestId('due-badge');
    const clock = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }).format(new Date(DUE));
    expect(badge.textContent).toBe('in 12 min');
    expect(badge.title).toBe(`Acknowledge by ${clock}`);
    // The accessible name starts with the words shown (voice control), then the sentence.
    expect(badge.getAttribute('aria-label')).toBe(`in 12 min, Acknowledge by ${clock}`);

    act(() => vi.advanceTimersByTime(17 * 60_000 + NOW_STEP_MS));
    expect(badge.textContent).toBe('late 5 min');
    expect(badge.dataset.level).toBe('red');
    expect(badge.title).toBe(`Late: acknowledge was due ${clock}`);
  });

  it('in Arabic', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('09:58:00'));
    renderInApp(<DueBadge line={line} compact />, 'ar');
    const badge = screen.getByTestId('due-badge');
    const clock = new Intl.DateTimeFormat('ar-EG', { timeStyle: 'short' }).format(new Date(DUE));
    expect(badge.textContent).toBe('خلال 12 دقيقة');
    expect(badge.title).toBe(`الاستلام قبل ${clock}`);
  });

  it('a line asked for a time reads "Scheduled for …" instead of a due time, in English and Arabic', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('09:58:00'));
    const scheduled: DueLine = { ...line, scheduledFor: '2026-11-24T10:00:00.000Z', scheduledQuiet: true };
    renderInApp(<DueBadge line={scheduled} compact />);
    expect(screen.getByTestId('scheduled-for').textContent).toMatch(/^Scheduled for \S/);
    expect(screen.queryByTestId('due-badge')).toBeNull();
    cleanup();
    renderInApp(<DueBadge line={scheduled} compact />, 'ar');
    expect(screen.getByTestId('scheduled-for').textContent).toMatch(/^مجدول في \S/);
  });
});

