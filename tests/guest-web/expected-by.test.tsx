import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetail, RequestLine } from '@shared';
import { LineCard, expectedByText } from '../../guest-web/src/review/LineCard';
import { i18nReady } from './setup';

const now = new Date();
const due = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 14, 30).toISOString();
const line = (over: Partial<RequestLine> = {}) =>
  ({ id: 1, serviceId: 1, serviceName: 'Towels', statusName: 'Open', note: '', reply: null, messages: [], expectedBy: due, ...over }) as RequestLine;
const request = { custName: 'Sara', custEmail: 's@example.com', custPhone: '+966 55 123 4567', hotelName: 'Nakheel', roomNumber: '101' } as RequestDetail;

describe('The guest sees "expected by" per line', () => {
  beforeAll(() => i18nReady);
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('shows the completion promise in English and in Arabic (Arabic digits)', async () => {
    render(<LineCard line={line()} request={request} />);
    expect(screen.getByTestId('expected-by').textContent).toBe('Expected by 14:30');
    cleanup();
    await i18next.changeLanguage('ar');
    render(<LineCard line={line()} request={request} />);
    const text = screen.getByTestId('expected-by').textContent!;
    expect(text.startsWith('متوقع بحلول ')).toBe(true);
    expect(text).toContain('٢:٣٠');
  });

  it('is hidden without a target and once the line is Completed or Rejected', () => {
    for (const over of [{ expectedBy: null }, { statusName: 'Completed' }, { statusName: 'Rejected' }] as Partial<RequestLine>[]) {
      render(<LineCard line={line(over)} request={request} />);
      expect(screen.getAllByText('Towels').length).toBeGreaterThan(0);
      expect(screen.queryByTestId('expected-by')).toBeNull();
      cleanup();
    }
  });

  it('names the day when the promise is not today', () => {
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 5);
    expect(expectedByText(tomorrow.toISOString(), 'en-GB', now)).toBe(tomorrow.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(expectedByText(tomorrow.toISOString(), 'en-GB', now)).toContain('09:05');
  });
});
