import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, UNTIMED_LINE, endpoints, pathOf, type AssignmentHistory, type RequestLine, type StaffRequestDetails } from '@shared';
import { setNavigate } from '../../renderer/src/app/navigation';
import { RoomQrSheet } from '../../renderer/src/features/basic-data/screen/RoomQrSheet';
import { ReportFilters, type ReportFilterValues } from '../../renderer/src/features/reports/ReportFilters';
import { presetPeriod } from '../../renderer/src/features/reports/report-period';
import { RequestDetailsPage } from '../../renderer/src/features/service-management/DetailsPage';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { FakeEventSource } from './fake-event-source';
import { fakeServer } from './support/fake-http';
import { fakeTime, letTimePass } from './support/fake-time';
import { renderInApp, withQueryCache } from './render-app';

// One data layer: the parts of screens that still read their own data — a line's status
// history and workers, the canned-reply menu, the report filters' select data, the QR dialog's
// address — read through the app's query cache with the shared keys: the same data is asked once,
// live events re-read it, and its loading and failure are said on screen.

const slow = { timeout: 10_000 };
const REQUEST_ID = '0b7c6a52-3f43-4f59-9d1f-2b0a3f7f8e11';
const HISTORY = (id: number) => `/api/Request/GetServiceAssignmentDetails/${id}`;
const DETAILS = `/api/Request/GetRequestDetails/${REQUEST_ID}`;
const CANNED = '/api/Administration/GetAllCannedReplies';
const HOTELS = '/api/BasicData/GenerateHotels';
const DEPARTMENTS = '/api/BasicData/GenerateDepartments';
const TICKET = `POST ${pathOf(endpoints.eventsTicket)}`;

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  store.set(sessionAtom, { accessToken: 't', permissions: [], claims: [...ALL_CLAIMS], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(() => {
  cleanup();
  store.set(sessionAtom, undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const line = (over: Partial<RequestLine>): RequestLine => ({
  id: 7, serviceId: 1, serviceName: 'Pillows', statusName: 'Open', note: '', reply: null, createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:00:00Z',
  isSpecial: false, specialRequest_DepartmentId: null, departmentId: null, departmentName: null, workerId: null, workerName: null, ...UNTIMED_LINE, ...over,
});
const history = (over: Partial<AssignmentHistory> = {}): AssignmentHistory => ({
  createdAt: '2026-01-01T10:00:00Z', user_AssignedToDepartment: null, assignedToDepartment_Date: null, departmentName: null, user_Assigned: null, assigned_Date: null,
  workerName: null, worker_Accepted: null, accepted_Date: null, worker_Started: null, started_Date: null, user_Completed: null, completed_Date: null, user_Rejected: null, rejected_Date: null, rejectReason: null, ...over,
});
const requestWith = (lines: RequestLine[]): StaffRequestDetails => ({
  requestDetails: {
    id: REQUEST_ID, requestCode: 'RQ-1001', statusName: 'Open', custName: 'Omar Saleh', custEmail: 'omar@x.demo', custPhone: '+966511111111', hotelId: 1, hotelName: 'Corniche Hotel',
    roomId: 9, roomNumber: '204', note: '', createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:00:00Z', requestDetails: lines, review: null, rating: null,
  },
  availableDepartments: [{ id: 2, name: 'Housekeeping' }],
  roomVerified: true,
});

/** A request's details page as the shell routes it, with the live stream open. */
async function openRequestPage(extra: ReactElement | null = null, cache?: QueryClient) {
  renderInApp(
    withQueryCache(
      <MemoryRouter initialEntries={[`/Admin/Request/Details/${REQUEST_ID}`]}>
        <Routes>
          <Route path="/Admin/Request/Details/:id" element={<RequestDetailsPage />} />
        </Routes>
        {extra}
      </MemoryRouter>,
      cache,
    ),
  );
  await screen.findByTestId('request-details', {}, slow);
  await waitFor(() => expect(FakeEventSource.opened.length).toBeGreaterThan(0));
  const stream = FakeEventSource.opened.at(-1)!;
  act(() => stream.open());
  return stream;
}

const historyOf = (lineId: number) => within(screen.getByTestId(`line-${lineId}`)).getByTestId('status-history');

describe("a request page's line cards on the query cache", { timeout: 30_000 }, () => {
  it("a live event about a line re-reads that line's history at once, beside the page (not after it), and only that line's", async () => {
    fakeTime();
    let changed = false;
    let releaseDetails: (() => void) | undefined;
    const server = fakeServer({
      [TICKET]: { data: { ticket: 'k', expiresInSeconds: 30 } },
      [`GET ${DETAILS}`]: () => {
        if (!changed) return { data: requestWith([line({ id: 7, statusName: 'Assigned', departmentId: 2, workerId: 12, workerName: 'Faisal' }), line({ id: 8, serviceName: 'Towels' })]) };
        // The page's own re-read is slow: the history must not wait for it.
        const answer = requestWith([line({ id: 7, statusName: 'Completed', departmentId: 2, workerId: 12, workerName: 'Faisal', updatedAt: '2026-01-01T10:30:00Z' }), line({ id: 8, serviceName: 'Towels' })]);
        return new Promise((resolve) => (releaseDetails = () => resolve({ data: answer })));
      },
      [`GET ${HISTORY(7)}`]: () => ({
        data: history({ user_Assigned: 'Hessa', assigned_Date: '2026-01-01T10:05:00Z', workerName: 'Faisal', ...(changed && { user_Completed: 'Yousef', completed_Date: '2026-01-01T10:30:00Z' }) }),
      }),
      [`GET ${HISTORY(8)}`]: { data: history() },
    });
    const stream = await openRequestPage();
    // The stream's opening re-reads the page once (it was read before the stream opened).
    await waitFor(() => expect(server.sent('GET', DETAILS)).toHaveLength(2), slow);
    await waitFor(() => expect(historyOf(7).textContent).toContain('Assigned to Faisal by Hessa'), slow);
    await waitFor(() => expect(historyOf(8).textContent).toContain('Received'), slow);
    expect(historyOf(7).textContent).not.toContain('Completed by');
    // Every read the opening sets off is in before counting.
    await letTimePass(1_000);
    const historyReads = (id: number) => server.sent('GET', HISTORY(id)).length;
    const [seven, eight] = [historyReads(7), historyReads(8)];

    // Another member of staff completes line 7.
    changed = true;
    act(() => stream.emit('line-changed', { type: 'line-changed', requestId: REQUEST_ID, requestCode: 'RQ-1001', hotelId: 1, departmentIds: [2], lineId: 7, statusName: 'Completed', at: '2026-01-01T10:30:00Z' }));
    await waitFor(() => expect(historyOf(7).textContent).toContain('Completed by Yousef'), slow);
    expect(server.sent('GET', DETAILS)).toHaveLength(3);
    releaseDetails!();
    await waitFor(() => expect(within(screen.getByTestId('line-7')).getByText('Completed')).toBeTruthy(), slow);
    // Whatever the page's answer sets off (a render, an effect, a timer) has run.
    await letTimePass(1_000);
    expect(historyReads(7)).toBe(seven + 1); // once more for the event, not again for the page's answer
    expect(historyReads(8)).toBe(eight); // the other line did not change
  });

  it('says when a history or the workers could not be read, in the user\'s language', async () => {
    fakeServer({
      [TICKET]: { data: { ticket: 'k', expiresInSeconds: 30 } },
      [`GET ${DETAILS}`]: { data: requestWith([line({ id: 7, departmentId: 2 })]) },
      [`GET ${HISTORY(7)}`]: { status: 500, data: { message: 'boom' } },
      'GET /api/Request/GetServiceDetails/7': { status: 500, data: { message: 'boom' } },
    });
    await openRequestPage();
    await waitFor(() => expect(historyOf(7).textContent).toContain('The status history could not be loaded, please try again later'), slow);
    await waitFor(() => expect(within(screen.getByTestId('line-7')).getByText('The workers could not be loaded, please try again later')).toBeTruthy(), slow);
  });

  it('the canned replies are read once for every card of the page', async () => {
    const server = fakeServer({
      [TICKET]: { data: { ticket: 'k', expiresInSeconds: 30 } },
      [`GET ${DETAILS}`]: { data: requestWith([line({ id: 7 }), line({ id: 8, serviceName: 'Towels' })]) },
      [`GET ${HISTORY(7)}`]: { data: history() },
      [`GET ${HISTORY(8)}`]: { data: history() },
      [`GET ${CANNED}`]: { data: [{ id: 1, textEn: 'Right away', textAr: 'حالًا', createdAt: '2026-01-01T09:00:00Z' }] },
    });
    await openRequestPage();
    const user = userEvent.setup();
    for (const id of [7, 8]) {
      const card = screen.getByTestId(`line-${id}`);
      await user.click(within(card).getByRole('button', { name: 'Canned replies' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Right away' }, slow));
      expect((within(card).getByLabelText('Reply to the guest') as HTMLTextAreaElement).value).toBe('Right away');
    }
    expect(server.sent('GET', CANNED)).toHaveLength(1);
  });
});

describe('report filters share the select data', { timeout: 30_000 }, () => {
  it('two filters needing the hotels ask for them once, and one without departments does not ask for those', async () => {
    const server = fakeServer({
      [`GET ${HOTELS}`]: { data: [{ id: 1, name: 'Corniche Hotel' }] },
      [`GET ${DEPARTMENTS}`]: { data: [{ id: 2, name: 'Housekeeping' }] },
    });
    const value: ReportFilterValues = { period: presetPeriod('today') };
    renderInApp(
      <>
        <div data-testid="first">
          <ReportFilters value={value} onChange={() => undefined} />
        </div>
        <div data-testid="second">
          <ReportFilters value={value} onChange={() => undefined} department={false} />
        </div>
      </>,
    );
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('second')).getByTestId('filter-hotel'));
    expect(await screen.findByRole('option', { name: 'Corniche Hotel' }, slow)).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByTestId('first')).getByTestId('filter-department'));
    expect(await screen.findByRole('option', { name: 'Housekeeping' }, slow)).toBeTruthy();
    expect(server.sent('GET', HOTELS)).toHaveLength(1);
    expect(server.sent('GET', DEPARTMENTS)).toHaveLength(1);
  });
});

describe('the QR dialog reads its address through the cache', { timeout: 30_000 }, () => {
  it('a failed read is said in the dialog (not an endless spinner); opening it again reads again', async () => {
    let fail = true;
    const server = fakeServer({
      'GET /api/BasicData/RoomQrLinkInfo': () => (fail ? { status: 500, data: { message: 'boom' } } : { data: { publicUrl: 'http://192.168.1.20:8080', loopback: false, suggestions: [] } }),
    });
    const user = userEvent.setup();
    renderInApp(<RoomQrSheet lookups={{ hotels: [{ id: 3, name: 'Nakheel Jeddah' }] }} />, 'ar');
    await user.click(screen.getByRole('button', { name: 'طباعة رموز QR' }));
    expect(await screen.findByText('حدث خطأ ما، يرجى المحاولة لاحقًا', {}, slow)).toBeTruthy();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'إلغاء', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'طباعة رموز QR' }));
    expect((await screen.findByTestId('qr-public-url', {}, slow)).textContent).toBe('http://192.168.1.20:8080');
    expect(server.sent('GET', '/api/BasicData/RoomQrLinkInfo')).toHaveLength(2);
  });
});
