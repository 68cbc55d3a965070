import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, type RequestLine, UNTIMED_LINE } from '@shared';
import { LineCard } from '../../../renderer/src/features/service-management/LineCard';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { renderInApp } from '../render-app';
import { fakeServer } from '../support/fake-http';

const STATUS = '/api/Request/UpdateServiceRequestStatus';
const DEPARTMENT = '/api/Request/AssignServiceToDepartment';

const line = (over: Partial<RequestLine> = {}): RequestLine => ({
  id: 7,
  serviceId: 1,
  serviceName: 'Special Request',
  statusName: 'Open',
  note: 'Flowers please',
  reply: null,
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-01T10:00:00Z',
  isSpecial: true,
  specialRequest_DepartmentId: null,
  departmentId: null,
  departmentName: null,
  workerId: null,
  workerName: null,
  ...UNTIMED_LINE,
  ...over,
});
const history = { createdAt: '2026-01-01T10:00:00Z', user_AssignedToDepartment: null, assignedToDepartment_Date: null, departmentName: null, user_Assigned: null, assigned_Date: null, workerName: null, worker_Accepted: null, accepted_Date: null, worker_Started: null, started_Date: null, user_Completed: null, completed_Date: null, user_Rejected: null, rejected_Date: null, rejectReason: null };

function signIn(claims: readonly string[] = ALL_CLAIMS) {
  store.set(sessionAtom, { accessToken: 't', permissions: [], claims: [...claims], userRoles: [], userName: 'Hessa', userEmail: 'h@x.demo' });
}

beforeEach(() => signIn());
// happy-dom rejects cancelled Web Animations, which Fluent's dialog cancels on close; without animate() Fluent skips motion.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(cleanup);

// Typing and Fluent's popovers are slow on a loaded 2-core machine.
describe('a line card', { timeout: 30_000 }, () => {
  it('asks for a department before sending, and sends a double click once', async () => {
    let release!: () => void;
    const server = fakeServer({
      'GET /api/Request/GetServiceAssignmentDetails/7': { data: history },
      [`PUT ${DEPARTMENT}`]: () => new Promise((resolve) => (release = () => resolve({ data: { message: 'Assigned Successfully' } }))),
    });
    const changed = vi.fn();
    renderInApp(<LineCard line={line()} departments={[{ id: 4, name: 'Front Office' }]} onChanged={changed} />);
    const user = userEvent.setup();

    expect(screen.queryByRole('button', { name: 'Assign worker' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    // The guest can be answered before the department is chosen.
    expect(screen.getByLabelText('Reply to the guest')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Assign department' }));
    expect(await screen.findByText('Please select a department')).toBeTruthy();
    expect(server.sent('PUT', DEPARTMENT)).toHaveLength(0);

    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Front Office' }));
    await user.dblClick(screen.getByRole('button', { name: 'Assign department' }));
    await waitFor(() => expect(server.sent('PUT', DEPARTMENT)).toHaveLength(1));
    release();
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(server.sent('PUT', DEPARTMENT)[0].body).toEqual({ requestDetailsId: 7, departmentId: 4 });
  });

  it('assigns a worker with the reply typed so far', async () => {
    const server = fakeServer({
      'GET /api/Request/GetServiceAssignmentDetails/7': { data: history },
      [`PUT ${STATUS}`]: { data: { message: 'Assigned Successfully' } },
    });
    renderInApp(<LineCard line={line({ isSpecial: false, serviceName: 'Extra towels', departmentId: 4 })} departments={[]} workers={[{ id: 12, name: 'Faisal' }]} onChanged={() => undefined} />);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Assign worker' }));
    expect(await screen.findByText('Please select a worker')).toBeTruthy();
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Faisal' }));
    await user.type(screen.getByLabelText('Reply to the guest'), 'On the way');
    await user.click(screen.getByRole('button', { name: 'Assign worker' }));
    await waitFor(() => expect(server.sent('PUT', STATUS)).toHaveLength(1));
    expect(server.sent('PUT', STATUS)[0].body).toEqual({ requestDetailsId: 7, status: 'Assigned', workerId: 12, note: 'On the way' });
  });

  it('refuses an empty rejection reason, then sends the reason', async () => {
    const server = fakeServer({
      'GET /api/Request/GetServiceAssignmentDetails/7': { data: history },
      [`PUT ${STATUS}`]: { data: { message: 'Request Rejected' } },
    });
    renderInApp(<LineCard line={line({ isSpecial: false, statusName: 'Assigned', departmentId: 4, workerId: 12, workerName: 'Faisal' })} departments={[]} onChanged={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    // Fluent's modal marks its surface hidden from the accessibility tree while it animates in (happy-dom never finishes it).
    const dialog = await screen.findByRole('dialog', { hidden: true });
    await user.click(within(dialog).getByRole('button', { name: 'Reject', hidden: true }));
    expect(await within(dialog).findByText('Please Enter Reason for Cancellation')).toBeTruthy();
    expect(server.sent('PUT', STATUS)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for cancellation/, hidden: true }), '  No stock  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject', hidden: true }));
    await waitFor(() => expect(server.sent('PUT', STATUS)).toHaveLength(1));
    expect(server.sent('PUT', STATUS)[0].body).toEqual({ requestDetailsId: 7, status: 'Rejected', note: 'No stock', guestMessage: '' });
  });

  it('keeps the reject reason apart from the message to the guest, says which the guest sees, and offers canned texts in the guest\'s language', async () => {
    const server = fakeServer({
      'GET /api/Request/GetServiceAssignmentDetails/7': { data: history },
      'GET /api/Administration/GetAllCannedReplies': { data: [{ id: 1, textEn: 'Sorry, we could not do this today.', textAr: 'نعتذر، تعذّر ذلك اليوم.', createdAt: '2026-01-01T10:00:00Z' }] },
      [`PUT ${STATUS}`]: { data: { message: 'Request Rejected' } },
    });
    renderInApp(<LineCard line={line({ isSpecial: false, statusName: 'Assigned', departmentId: 4, workerId: 12, workerName: 'Faisal' })} departments={[]} guestLanguage="ar" onChanged={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Staff only: the guest never sees this.');
    expect(dialog.textContent).toContain('The guest sees this on their request page and in the e-mail.');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for cancellation/, hidden: true }), 'Room is occupied by the guest (DND)');
    await user.click(within(dialog).getByRole('button', { name: 'Canned replies', hidden: true }));
    await user.click(await screen.findByRole('menuitem', { name: /نعتذر/, hidden: true }));
    expect((within(dialog).getByRole('textbox', { name: /Message to the guest/, hidden: true }) as HTMLTextAreaElement).value).toBe('نعتذر، تعذّر ذلك اليوم.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject', hidden: true }));
    await waitFor(() => expect(server.sent('PUT', STATUS)).toHaveLength(1));
    expect(server.sent('PUT', STATUS)[0].body).toEqual({ requestDetailsId: 7, status: 'Rejected', note: 'Room is occupied by the guest (DND)', guestMessage: 'نعتذر، تعذّر ذلك اليوم.' });
  });

  it('a closed line shows its reply read-only and no actions; the history says who did what', async () => {
    fakeServer({
      'GET /api/Request/GetServiceAssignmentDetails/7': {
        data: { ...history, user_Assigned: 'Hessa', assigned_Date: '2026-01-01T10:05:00Z', workerName: 'Faisal', user_Completed: 'Hessa', completed_Date: '2026-01-01T10:30:00Z' },
      },
    });
    renderInApp(<LineCard line={line({ isSpecial: false, statusName: 'Completed', departmentId: 4, workerId: 12, reply: 'Enjoy' })} departments={[]} onChanged={() => undefined} />);
    expect(screen.getByTestId('reply').textContent).toBe('Enjoy');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    const list = await screen.findByTestId('status-history');
    // The history comes with its own read (the section says it is loading meanwhile).
    await waitFor(() => expect(list.textContent).toContain('Assigned to Faisal by Hessa'));
    expect(list.textContent).toContain('Completed by Hessa');
  });

  it('the history shows every step in order, with who and when: acknowledged, replies (not their text), escalations, the internal reject reason', async () => {
    fakeServer({
      'GET /api/Request/GetServiceAssignmentDetails/7': {
        data: {
          ...history,
          user_Acknowledged: 'Hessa',
          acknowledged_Date: '2026-01-01T10:02:00Z',
          user_Assigned: 'Hessa',
          assigned_Date: '2026-01-01T10:05:00Z',
          workerName: 'Faisal',
          replies: [
            { by: 'Hessa', at: '2026-01-01T10:03:00Z' },
            { by: 'Omar', at: '2026-01-01T10:20:00Z' },
          ],
          escalations: [{ kind: 'complete', at: '2026-01-01T10:15:00Z', mailedTo: 2 }],
          user_Rejected: 'Omar',
          rejected_Date: '2026-01-01T10:30:00Z',
          rejectReason: 'Guest in, DND',
        },
      },
    });
    renderInApp(<LineCard line={line({ isSpecial: false, statusName: 'Rejected', departmentId: 4, workerId: 12 })} departments={[]} onChanged={() => undefined} />);
    const list = await screen.findByTestId('status-history');
    await waitFor(() => expect(within(list).queryAllByRole('listitem').length).toBeGreaterThan(1));
    const steps = within(list).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(steps.map((s) => s.split(/\d/)[0].trim())).toEqual([
      'Received',
      'Acknowledged by Hessa',
      'Reply sent to the guest by Hessa',
      'Assigned to Faisal by Hessa',
      'Escalated: complete target missed',
      'Reply sent to the guest by Omar',
      'Rejected by Omar',
    ]);
    expect(steps[6]).toContain('Reason (staff only): Guest in, DND');
  });

  it('hides what the user may not do', () => {
    signIn(['Service Management.Service List.View', 'Service Management.Service List.Reject']);
    fakeServer({ 'GET /api/Request/GetServiceAssignmentDetails/7': { data: history } });
    renderInApp(<LineCard line={line({ isSpecial: false, statusName: 'Assigned', departmentId: 4, workerId: 12 })} departments={[]} onChanged={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
  });
});
