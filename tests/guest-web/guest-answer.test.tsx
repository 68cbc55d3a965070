import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LineMessage, RequestDetail, RequestLine } from '@shared';
import { GUEST_MESSAGE_MAX } from '@shared/patterns';
import { LineCard } from '../../guest-web/src/review/LineCard';
import { i18nReady } from './setup';

const message = (id: number, kind: LineMessage['kind'], text: string): LineMessage => ({ id, kind, text, createdAt: new Date(Date.UTC(2026, 10, 26, 18, id)).toISOString(), authorName: null });
const line = (messages: LineMessage[], over: Partial<RequestLine> = {}) =>
  ({ id: 7, serviceId: 1, serviceName: 'Towels', statusName: 'Open', note: '', reply: null, messages, expectedBy: null, ...over }) as RequestLine;
const request = { id: 'b3f1c0de-0000-4000-8000-000000000001', custName: 'Sara', custEmail: 's@example.com', custPhone: '+966 55 123 4567', hotelName: 'Nakheel', roomNumber: '101' } as RequestDetail;

describe('the guest answers on a line', () => {
  beforeAll(() => i18nReady);
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  it('shows their own words as plain text, never as a link', () => {
    render(<LineCard line={line([message(1, 'reply', 'On our way'), message(2, 'guest', 'see <a href="http://evil.test">here</a> http://evil.test')])} request={request} />);
    const own = screen.getByTestId('guest-own-message');
    expect(own.querySelector('p')!.textContent).toBe('see <a href="http://evil.test">here</a> http://evil.test');
    expect(own.querySelector('a')).toBeNull();
    expect(screen.getAllByTestId('guest-reply')).toHaveLength(1);
  });

  it('sends the request id and line in the body (not the address), caps the box at 1,000 characters, and re-reads', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'ok' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn(async () => undefined);
    render(<LineCard line={line([])} request={request} onChanged={onChanged} />);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(box.maxLength).toBe(GUEST_MESSAGE_MAX);
    fireEvent.change(box, { target: { value: 'Four towels please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).not.toContain(request.id);
    expect(JSON.parse(init.body as string)).toEqual({ id: request.id, requestDetailsId: 7, text: 'Four towels please' });
    expect(box.value).toBe('');
  });

  it("shows the server's refusal in Arabic, and no box on a finished line", async () => {
    await i18next.changeLanguage('ar');
    const refusal = 'هذه الخدمة منتهية ولا تقبل رسائل أخرى.';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: refusal }), { status: 409 })));
    const view = render(<LineCard line={line([])} request={request} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'مرحبا' } });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    view.rerender(<LineCard line={line([], { statusName: 'Completed' })} request={request} />);
    expect(screen.queryByTestId('guest-answer')).toBeNull();
    expect(screen.getByTestId('answer-closed').textContent).toBe('هذه الخدمة منتهية: لا تقبل رسائل أخرى.');
  });
});
