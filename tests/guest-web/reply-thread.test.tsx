import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LineMessage, RequestDetail, RequestLine } from '@shared';
import { LineCard } from '../../guest-web/src/review/LineCard';
import { i18nReady } from './setup';

const reply = (id: number, text: string, minute: number): LineMessage => ({
  id,
  kind: 'reply',
  text,
  createdAt: new Date(Date.UTC(2026, 10, 26, 18, minute)).toISOString(),
  authorName: null,
});
const line = (messages: LineMessage[], over: Partial<RequestLine> = {}) =>
  ({ id: 1, serviceId: 1, serviceName: 'Towels', statusName: 'Assigned', note: '', reply: null, messages, expectedBy: null, ...over }) as RequestLine;
const request = { custName: 'Sara', custEmail: 's@example.com', custPhone: '+966 55 123 4567', hotelName: 'Nakheel', roomNumber: '101' } as RequestDetail;
const card = () => screen.getByTestId('line-card') as HTMLDetailsElement;
const shown = () => screen.queryAllByTestId('guest-reply').map((r) => r.querySelector('p')!.textContent);

describe('The guest reads the team\'s replies as a conversation', () => {
  beforeAll(() => i18nReady);
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('shows every reply in order, oldest first, with how many there are, and opens the card when a new one comes', () => {
    const first = [reply(1, 'On our way with the towels', 1)];
    const view = render(<LineCard line={line(first)} request={request} />);
    expect(shown()).toEqual(['On our way with the towels']);
    expect(screen.getByTestId('reply-count').textContent).toBe('Replies: 1');
    expect(card().open).toBe(false);

    // A second reply arrives live (the page re-read the request): the card opens on the conversation.
    view.rerender(<LineCard line={line([...first, reply(2, 'Left at your door', 7)])} request={request} />);
    expect(shown()).toEqual(['On our way with the towels', 'Left at your door']);
    expect(screen.getByTestId('reply-count').textContent).toBe('Replies: 2');
    expect(card().open).toBe(true);
  });

  it('never shows anything but replies, and says so when there is none yet', () => {
    // The server sends the guest replies only; a note reaching the page by mistake is not shown either.
    render(<LineCard line={line([{ ...reply(3, 'Guest seemed upset', 2), kind: 'note' }])} request={request} />);
    expect(shown()).toEqual([]);
    expect(screen.queryByTestId('reply-count')).toBeNull();
    expect(screen.getByTestId('line-reply').textContent).toBe('No reply yet');
  });

  it('writes a reply in either direction as it is, and speaks Arabic around it', async () => {
    await i18next.changeLanguage('ar');
    render(<LineCard line={line([reply(4, 'سنصل خلال خمس دقائق', 1), reply(5, 'Room 101: done', 3)])} request={request} />);
    const texts = screen.getAllByTestId('guest-reply').map((r) => r.querySelector('p')!);
    expect(texts.map((p) => p.getAttribute('dir'))).toEqual(['auto', 'auto']);
    expect(texts.map((p) => p.textContent)).toEqual(['سنصل خلال خمس دقائق', 'Room 101: done']);
    expect(screen.getByTestId('reply-count').textContent).toBe('الردود: 2');
    expect(screen.getAllByTestId('guest-reply')[0].querySelector('small')!.textContent!.startsWith('أُرسل ')).toBe(true);
  });
});
