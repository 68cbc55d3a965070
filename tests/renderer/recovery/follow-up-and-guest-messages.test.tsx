import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GuestFeedbackRow, LineMessage } from '@shared';
import { endpoints } from '@shared';
import '../../../renderer/src/features/reports/strings';
import { FollowUpDialog } from '../../../renderer/src/features/reports/FollowUpDialog';
import { GuestUnreadBadge } from '../../../renderer/src/features/service-management/GuestUnreadBadge';
import { LineThread } from '../../../renderer/src/features/service-management/LineThread';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';

// happy-dom rejects cancelled Web Animations, which Fluent's dialog cancels on close; without animate() Fluent skips motion.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});

const row = (status: 'open' | 'contacted' | 'resolved'): GuestFeedbackRow => ({
  requestId: 'r-1',
  requestCode: 'RQ-000001',
  rating: 3,
  review: 'Late',
  reviewedAt: '2026-11-26T10:00:00.000Z',
  hotelName: 'Nakheel',
  roomId: 1,
  roomNumber: '101',
  departments: [],
  custName: 'Noura',
  services: ['Towels'],
  followUp: { id: 9, status, note: '', followerName: null, updatedAt: '2026-11-26T10:00:00.000Z' },
});

describe('service recovery follow-up dialog', () => {
  afterEach(cleanup);

  it('offers only the forward steps and sends the status and note', async () => {
    const server = fakeServer({ [`PUT ${endpoints.updateFeedbackFollowUp.path}`]: { data: { message: 'Follow-up saved' } } });
    const onClose = vi.fn();
    const r = row('contacted');
    renderInApp(<FollowUpDialog row={r} followUp={r.followUp!} onClose={onClose} />);
    expect(screen.getByText('Follow up with Noura, room 101 (rated 3 / 10)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('follow-up-status'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Contacted', 'Resolved']);
    fireEvent.click(screen.getByRole('option', { name: 'Resolved' }));
    fireEvent.change(screen.getByTestId('follow-up-note'), { target: { value: 'Guest happy now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.sent('PUT', endpoints.updateFeedbackFollowUp.path)[0].body).toEqual({ id: 9, status: 'resolved', note: 'Guest happy now' });
  });

  it('speaks Arabic', () => {
    const r = row('open');
    renderInApp(<FollowUpDialog row={r} followUp={r.followUp!} onClose={() => undefined} />, 'ar');
    expect(screen.getByText('متابعة Noura، الغرفة 101 (التقييم 3 / 10)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'حفظ' })).toBeTruthy();
  });
});

describe("the guest's message at the desk", () => {
  afterEach(cleanup);
  const guest: LineMessage = { id: 1, kind: 'guest', text: 'see <b>this</b> http://x.test', createdAt: '2026-11-26T10:00:00.000Z', authorName: null };

  it('shows it as the guest\'s, in plain text, and the unread marker in both languages', () => {
    renderInApp(
      <>
        <GuestUnreadBadge unread />
        <GuestUnreadBadge unread={false} />
        <LineThread lineId={1} messages={[guest]} canReply={false} mayWrite={false} draft="" onDraft={() => undefined} onSent={() => undefined} />
      </>,
    );
    expect(screen.getAllByTestId('guest-unread')).toHaveLength(1);
    expect(screen.getByTestId('guest-unread').textContent).toContain('New message from the guest');
    const message = screen.getByTestId('message-guest');
    expect(message.textContent).toContain('From the guest');
    expect(message.textContent).toContain('see <b>this</b> http://x.test');
    expect(message.querySelector('a, b')).toBeNull();
    cleanup();
    renderInApp(<GuestUnreadBadge unread />, 'ar');
    expect(screen.getByTestId('guest-unread').textContent).toContain('رسالة جديدة من النزيل');
  });
});
