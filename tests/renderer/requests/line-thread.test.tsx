import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { ALL_CLAIMS, type RequestLine, UNTIMED_LINE } from '@shared';
import { LineCard } from '../../../renderer/src/features/service-management/LineCard';
import { UnsentReplyGuard, unsentRepliesAtom } from '../../../renderer/src/features/service-management/UnsentReplyGuard';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { renderInApp } from '../render-app';
import { fakeServer } from '../support/fake-http';

const MESSAGE = '/api/Request/AddServiceMessage';
const CANNED = '/api/Administration/GetAllCannedReplies';
const HISTORY = 'GET /api/Request/GetServiceAssignmentDetails/7';
const history = { createdAt: '2026-01-01T10:00:00Z', user_AssignedToDepartment: null, assignedToDepartment_Date: null, departmentName: null, user_Assigned: null, assigned_Date: null, workerName: null, worker_Accepted: null, accepted_Date: null, worker_Started: null, started_Date: null, user_Completed: null, completed_Date: null, user_Rejected: null, rejected_Date: null, rejectReason: null };

const line = (over: Partial<RequestLine> = {}): RequestLine => ({
  id: 7,
  serviceId: 1,
  serviceName: 'Extra towels',
  statusName: 'Assigned',
  note: '',
  reply: 'On the way',
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-01T10:00:00Z',
  isSpecial: false,
  specialRequest_DepartmentId: null,
  departmentId: 4,
  departmentName: 'Housekeeping',
  workerId: 12,
  workerName: 'Faisal',
  messages: [
    { id: 1, kind: 'reply', text: 'On the way', createdAt: '2026-01-01T10:01:00Z', authorName: 'Hessa Staff' },
    { id: 2, kind: 'note', text: 'Guest prefers no knocking', createdAt: '2026-01-01T10:02:00Z', authorName: 'Hessa Staff' },
  ],
  ...UNTIMED_LINE,
  ...over,
});

function signIn(claims: readonly string[] = ALL_CLAIMS) {
  store.set(sessionAtom, { accessToken: 't', permissions: [], claims: [...claims], userRoles: [], userName: 'Hessa', userEmail: 'h@x.demo' });
}

beforeEach(() => signIn());
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  store.set(unsentRepliesAtom, new Set<number>());
});

describe('the conversation on a line card', { timeout: 30_000 }, () => {
  it('shows replies and notes apart, and sends any number of replies and notes with Send', async () => {
    const server = fakeServer({ [HISTORY]: { data: history }, [`POST ${MESSAGE}`]: { data: { message: 'Reply sent to the guest', id: 3 } } });
    const changed = vi.fn();
    renderInApp(<LineCard line={line()} departments={[]} onChanged={changed} />);
    const user = userEvent.setup();

    expect(screen.getByTestId('message-reply').textContent).toContain('On the way');
    expect(screen.getByTestId('message-note').textContent).toContain('Internal note — the guest never sees it');
    expect(screen.getByTestId('message-note').textContent).toContain('Guest prefers no knocking');

    // An earlier reply no longer makes the box read-only.
    const box = screen.getByLabelText('Reply to the guest');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write a message first')).toBeTruthy();
    expect(server.sent('POST', MESSAGE)).toHaveLength(0);

    await user.type(box, 'Second reply');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect((box as HTMLTextAreaElement).value).toBe('');
    await user.type(box, 'Third reply');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await user.type(box, 'Call maintenance too');
    await user.click(screen.getByRole('button', { name: 'Add as internal note' }));
    await waitFor(() => expect(server.sent('POST', MESSAGE)).toHaveLength(3));
    expect(server.sent('POST', MESSAGE).map((c) => c.body)).toEqual([
      { requestDetailsId: 7, kind: 'reply', text: 'Second reply' },
      { requestDetailsId: 7, kind: 'reply', text: 'Third reply' },
      { requestDetailsId: 7, kind: 'note', text: 'Call maintenance too' },
    ]);
  });

  it('offers no box to a reader without Assign or Complete, nor on a closed line', () => {
    fakeServer({ [HISTORY]: { data: history } });
    signIn(['Service Management.Service List.View']);
    renderInApp(<LineCard line={line()} departments={[]} onChanged={() => undefined} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
    cleanup();
    signIn();
    renderInApp(<LineCard line={line({ statusName: 'Completed' })} departments={[]} onChanged={() => undefined} />);
    expect(screen.queryByLabelText('Reply to the guest')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it("inserts a canned reply with one click, in the guest's language when known; an English reader sees the English beside it", async () => {
    fakeServer({
      [HISTORY]: { data: history },
      [`GET ${CANNED}`]: { data: [{ id: 1, textEn: 'Your towels are on the way', textAr: 'المناشف في الطريق إليك', createdAt: '2026-01-01T09:00:00Z' }] },
    });
    renderInApp(<LineCard line={line()} departments={[]} guestLanguage="ar" onChanged={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reply to the guest'), 'مرحبًا');
    await user.click(screen.getByRole('button', { name: 'Canned replies' }));
    const item = await screen.findByRole('menuitem', { name: /المناشف في الطريق إليك/ });
    expect(item.textContent).toContain('Your towels are on the way');
    await user.click(item);
    expect((screen.getByLabelText('Reply to the guest') as HTMLTextAreaElement).value).toBe('مرحبًا\nالمناشف في الطريق إليك');
  });

  it('uses the user\'s language for canned replies when the guest\'s is not known (Arabic screen, right to left)', async () => {
    fakeServer({
      [HISTORY]: { data: history },
      [`GET ${CANNED}`]: { data: [{ id: 1, textEn: 'Right away', textAr: 'حالًا', createdAt: '2026-01-01T09:00:00Z' }] },
    });
    renderInApp(<LineCard line={line()} departments={[]} onChanged={() => undefined} />, 'ar');
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'إرسال الرد' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'الردود الجاهزة' }));
    await user.click(await screen.findByRole('menuitem', { name: 'حالًا' }));
    expect((screen.getByLabelText('الرد على النزيل') as HTMLTextAreaElement).value).toBe('حالًا');
  });

  it('asks before leaving with an unsent reply (in-app navigation and closing the window)', async () => {
    fakeServer({ [HISTORY]: { data: history } });
    renderInApp(
      <MemoryRouter initialEntries={['/details']}>
        <Routes>
          <Route
            path="/details"
            element={
              <>
                <Link to="/list">Back to the list</Link>
                <LineCard line={line()} departments={[]} onChanged={() => undefined} />
                <UnsentReplyGuard />
              </>
            }
          />
          <Route path="/list" element={<p>The list</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      act(() => void window.dispatchEvent(event));
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);

    await user.type(screen.getByLabelText('Reply to the guest'), 'Half-written answer');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(await screen.findByText('Leave without sending?')).toBeTruthy();
    // Fluent's modal marks its surface hidden from the accessibility tree while it animates in (happy-dom never finishes it).
    await user.click(screen.getByRole('button', { name: 'Stay', hidden: true }));
    expect(screen.queryByText('The list')).toBeNull();
    expect((screen.getByLabelText('Reply to the guest') as HTMLTextAreaElement).value).toBe('Half-written answer');

    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    await user.click(await screen.findByRole('button', { name: 'Leave and discard', hidden: true }));
    expect(await screen.findByText('The list')).toBeTruthy();
    expect(unload()).toBe(false);
  });
});
