import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_CLAIMS, UNTIMED_LINE, clientRoutes, type RequestListRow, type RoomHistoryRequest, type ServiceListRow, type StaySummary } from '@shared';
import { setNavigate } from '../../renderer/src/app/navigation';
import { RoomHistoryPage } from '../../renderer/src/features/reports/RoomHistoryPage';
import { RequestListScreen } from '../../renderer/src/features/service-management/RequestListScreen';
import { ServiceListScreen } from '../../renderer/src/features/service-management/ServiceListScreen';
import { StayFacts } from '../../renderer/src/features/stays/StayFacts';
import { groupByStay } from '../../renderer/src/features/stays/group-by-stay';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { fakeServer } from './support/fake-http';
import { renderInApp } from './render-app';

/** The guest's stay from the PMS on the desk's screens: the checked-out badge, the stay's facts, the room history by stay. */

const layla: StaySummary = { id: 1, guestName: 'Layla Hassan', arrival: '2026-11-20', departure: '2026-11-23', checkedOut: true };
const omar: StaySummary = { id: 2, guestName: 'عمر', arrival: '2026-11-25', departure: '2026-11-28', checkedOut: false };
const history = (id: string, stay: StaySummary | null): RoomHistoryRequest => ({
  id,
  requestCode: `RQ-${id}`,
  statusName: 'Open',
  custName: 'Guest',
  createdAt: '2026-11-23T10:00:00.000Z',
  rating: null,
  review: null,
  lines: [],
  stay,
});
const request = (id: string, guestCheckedOut: boolean): RequestListRow => ({
  id,
  code: `RQ-${id}`,
  custName: 'Sara',
  custPhone: '+966 55 123 4567',
  hotelName: 'Nakheel Riyadh',
  roomNumber: '101',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  statusName: 'Open',
  oldestOpenAt: '2026-11-23T10:00:00.000Z',
  dueAt: null,
  isOverdue: false,
  services: ['Extra towels'],
  guestCheckedOut,
});
const line = (id: number, guestCheckedOut: boolean): ServiceListRow => ({
  id,
  requestId: `r-${id}`,
  requestHeaderCode: `RQ-0000${id}`,
  serviceName: 'Extra towels',
  departmentName: 'Housekeeping',
  hotelName: 'Nakheel Riyadh',
  roomNumber: '101',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  statusName: 'Open',
  ...UNTIMED_LINE,
  guestCheckedOut,
});

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
beforeEach(() => {
  store.set(sessionAtom, { accessToken: 't', permissions: ['Service Management.Service List', 'Service Management.Request List'], claims: [...ALL_CLAIMS], userRoles: ['Staff'], userName: 'Hessa', userEmail: 'h@x.demo' });
  fakeServer({
    'GET /api/Request/GetAllRequests': { data: [request('a', true), request('b', false)], headers: { 'x-total-count': '2' } },
    'GET /api/Request/GetAllServicesRequest': { data: [line(7, true), line(8, false)], headers: { 'x-total-count': '2' } },
    'GET /api/Reports/RoomHistory': {
      data: { roomId: 5, roomNumber: '101', hotelName: 'Nakheel Riyadh', repeatFaults: [], requests: [history('n1', omar), history('x1', null), history('l1', layla), history('n2', omar), history('l2', layla)] },
    },
  });
});
afterEach(() => cleanup());

function mount(ui: ReactElement, path: string, language: 'en' | 'ar' = 'en', pattern = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
    language,
  );
}
const cell = (rowId: string, colId: string) => document.querySelector<HTMLElement>(`.ag-row[row-id="${rowId}"] .ag-cell[col-id="${colId}"]`);
const ROWS = { timeout: 10_000 };

describe('the guest’s stay on the desk', () => {
  it('groups a room’s requests by stay, each stay where its newest request falls, the others in one group', () => {
    const groups = groupByStay([history('n1', omar), history('x1', null), history('l1', layla), history('n2', omar), history('x2', null)]);
    expect(groups.map((g) => [g.stay?.id ?? null, g.requests.map((r) => r.id)])).toEqual([
      [2, ['n1', 'n2']],
      [null, ['x1', 'x2']],
      [1, ['l1']],
    ]);
  });

  it('room history: each stay a group headed by the guest’s name and dates, in Arabic with the arrow reading right to left', async () => {
    mount(<RoomHistoryPage />, clientRoutes.roomHistory(5), 'ar', clientRoutes.roomHistory(':roomId'));
    await waitFor(() => expect(screen.getAllByTestId('stay-group')).toHaveLength(3));
    const [first, second, third] = screen.getAllByTestId('stay-group');
    expect(within(first).getByRole('heading').textContent).toBe('إقامة \u2068عمر\u2069، \u20662026-11-25\u2069 ← \u20662026-11-28\u2069');
    expect(within(first).getAllByTestId('history-request')).toHaveLength(2);
    expect(within(second).getByRole('heading').textContent).toBe('خارج أي إقامة');
    expect(within(third).getByRole('heading').textContent).toContain('Layla Hassan');
  });

  it('flags open requests and lines of a guest who checked out on the lists, in English and Arabic', async () => {
    mount(<RequestListScreen />, clientRoutes.requestList);
    await waitFor(() => expect(cell('a', 'custName')?.querySelector('[data-testid="guest-checked-out"]')?.textContent).toBe('Guest checked out'), ROWS);
    expect(cell('b', 'custName')?.querySelector('[data-testid="guest-checked-out"]')).toBeNull();
    cleanup();
    mount(<ServiceListScreen />, clientRoutes.serviceList, 'ar');
    await waitFor(() => expect(cell('7', 'serviceName')?.querySelector('[data-testid="guest-checked-out"]')?.textContent).toBe('غادر النزيل'), ROWS);
    expect(cell('8', 'serviceName')?.querySelector('[data-testid="guest-checked-out"]')).toBeNull();
  });

  it('shows the stay’s name and dates on the details, with the checked-out badge', () => {
    renderInApp(<StayFacts stay={layla} lang="en" />);
    const facts = screen.getByTestId('stay-facts');
    expect(facts.textContent).toContain('Layla Hassan');
    expect(facts.textContent).toContain('2026-11-20 → 2026-11-23');
    expect(within(facts).getByTestId('guest-checked-out').textContent).toBe('Guest checked out');
  });
});
