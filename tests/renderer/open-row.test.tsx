import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, UNTIMED_LINE, clientRoutes, type RequestListRow, type ServiceListRow } from '@shared';
import { setNavigate } from '../../renderer/src/app/navigation';
import { RequestListScreen } from '../../renderer/src/features/service-management/RequestListScreen';
import { ServiceListScreen } from '../../renderer/src/features/service-management/ServiceListScreen';
import { GuestFeedbackScreen } from '../../renderer/src/features/reports/GuestFeedbackScreen';
import { RoomHistoryPage } from '../../renderer/src/features/reports/RoomHistoryPage';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { DataTable, type TableColumn } from '../../renderer/src/table/DataTable';
import { fakeServer } from './support/fake-http';
import { renderInApp } from './render-app';

/** A row of a request list opens its details on a click or on Enter; the pencil and the controls in a row keep their own work. */

const REQUESTS = '/api/Request/GetAllRequests';
const LINES = '/api/Request/GetAllServicesRequest';
const FEEDBACK = '/api/Reports/GuestFeedback';
const ROOM_HISTORY = '/api/Reports/RoomHistory';
const request = (id: string, code: string): RequestListRow => ({
  id,
  code,
  custName: 'Sara',
  custPhone: '+966 55 123 4567',
  hotelName: 'Nakheel Riyadh',
  roomNumber: '101',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  statusName: 'Open',
  oldestOpenAt: null,
  dueAt: null,
  isOverdue: false,
  services: ['Extra towels'],
});
const line = (id: number): ServiceListRow => ({
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
});

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
beforeEach(() => {
  store.set(sessionAtom, { accessToken: 't', permissions: ['Service Management.Service List', 'Service Management.Request List'], claims: [...ALL_CLAIMS], userRoles: ['Staff'], userName: 'Hessa', userEmail: 'h@x.demo' });
  fakeServer({
    [`GET ${REQUESTS}`]: { data: [request('a', 'RQ-000001'), request('b', 'RQ-000002')], headers: { 'x-total-count': '2' } },
    [`GET ${LINES}`]: { data: [line(7), line(8)], headers: { 'x-total-count': '2' } },
    [`GET ${FEEDBACK}`]: {
      data: [{ requestId: 'f-1', requestCode: 'RQ-000031', rating: 3, review: 'Cold room', reviewedAt: '2026-11-23T10:00:00.000Z', hotelName: 'Nakheel Riyadh', roomId: 5, roomNumber: '101', departments: ['Maintenance'] }],
    },
    [`GET ${ROOM_HISTORY}`]: {
      data: {
        roomId: 5,
        roomNumber: '101',
        hotelName: 'Nakheel Riyadh',
        repeatFaults: [],
        requests: [{ id: 'h-1', requestCode: 'RQ-000041', statusName: 'Open', custName: 'Sara', createdAt: '2026-11-23T10:00:00.000Z', rating: null, review: null, lines: [] }],
      },
    },
  });
});
afterEach(() => cleanup());

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
function mount(ui: ReactElement, path: string, language: 'en' | 'ar' = 'en', pattern = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes>
          <Route path={pattern} element={ui} />
          <Route path="*" element={<h1>Details screen</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
    language,
  );
}
const cell = (rowId: string, colId: string) => document.querySelector<HTMLElement>(`.ag-row[row-id="${rowId}"] .ag-cell[col-id="${colId}"]`);
const where = () => screen.getByTestId('where').textContent;
/** ag-grid draws rows over a few frames: on a loaded 2-core machine more than the default second. */
const ROWS = { timeout: 10_000 };

describe('opening a request from its row', { timeout: 30_000 }, () => {
  it('Guests Requests: a click anywhere on the row opens the request', async () => {
    mount(<RequestListScreen />, clientRoutes.requestList);
    await waitFor(() => expect(cell('b', 'services')).not.toBeNull(), ROWS);
    await userEvent.click(cell('b', 'services')!);
    await waitFor(() => expect(where()).toBe(clientRoutes.requestDetails('b')));
  });

  it('Guests Requests: Enter on a focused cell opens that row, after arrowing down from the first (Arabic, right to left)', async () => {
    mount(<RequestListScreen />, clientRoutes.requestList, 'ar');
    await waitFor(() => expect(cell('b', 'code')).not.toBeNull(), ROWS);
    const user = userEvent.setup();
    act(() => cell('a', 'code')!.focus());
    await waitFor(() => expect(document.activeElement).toBe(cell('a', 'code')));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(cell('b', 'code')));
    expect(where()).toBe(clientRoutes.requestList);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe(clientRoutes.requestDetails('b')));
  });

  it('Services List (the queues): a click and Enter open the line', async () => {
    mount(<ServiceListScreen />, clientRoutes.serviceList);
    await waitFor(() => expect(cell('8', 'statusName')).not.toBeNull(), ROWS);
    await userEvent.click(cell('8', 'statusName')!);
    await waitFor(() => expect(where()).toBe(clientRoutes.serviceDetails(8)));
    cleanup();

    mount(<ServiceListScreen />, `${clientRoutes.serviceList}`);
    await waitFor(() => expect(cell('7', 'statusName')).not.toBeNull(), ROWS);
    act(() => cell('7', 'statusName')!.focus());
    await waitFor(() => expect(document.activeElement).toBe(cell('7', 'statusName')));
    fireEvent.keyDown(cell('7', 'statusName')!, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(where()).toBe(clientRoutes.serviceDetails(7)));
  });

  it('Guest Feedback: a click on the row opens its request; the room link keeps going to the room', async () => {
    mount(<GuestFeedbackScreen />, '/Admin/Reports/GuestFeedback');
    await waitFor(() => expect(cell('f-1', 'review')).not.toBeNull(), ROWS);
    await userEvent.click(within(cell('f-1', 'room')!).getByRole('link', { name: '101' }));
    await waitFor(() => expect(where()).toBe(clientRoutes.roomHistory(5)));
    cleanup();
    mount(<GuestFeedbackScreen />, '/Admin/Reports/GuestFeedback');
    await waitFor(() => expect(cell('f-1', 'review')).not.toBeNull(), ROWS);
    await userEvent.click(cell('f-1', 'review')!);
    await waitFor(() => expect(where()).toBe(clientRoutes.requestDetails('f-1')));
  });

  it('room history: a click on a request opens it', async () => {
    mount(<RoomHistoryPage />, clientRoutes.roomHistory(5), 'en', clientRoutes.roomHistory(':roomId'));
    const card = await screen.findByTestId('history-request');
    await userEvent.click(within(card).getByText('Sara'));
    await waitFor(() => expect(where()).toBe(clientRoutes.requestDetails('h-1')));
  });

  it('the pencil still opens the request', async () => {
    mount(<RequestListScreen />, clientRoutes.requestList);
    await waitFor(() => expect(cell('a', 'actions')?.querySelector('button')).toBeTruthy(), ROWS);
    await userEvent.click(screen.getByRole('button', { name: 'Edit RQ-000001' }));
    await waitFor(() => expect(where()).toBe(clientRoutes.requestDetails('a')));
  });
});

interface Row {
  id: string;
  name: string;
}
describe('controls inside a row that opens', { timeout: 30_000 }, () => {
  const opened = vi.fn<(row: Row) => void>();
  const pressed = vi.fn<(row: Row) => void>();
  const toggled = vi.fn<(row: Row) => void>();
  const columns: TableColumn<Row>[] = [
    { id: 'name', header: 'Name', value: (r) => r.name },
    {
      id: 'tools',
      header: 'Tools',
      value: () => '',
      render: (r) => (
        <span>
          <button type="button" onClick={() => pressed(r)}>
            Call {r.name}
          </button>
          <input type="checkbox" aria-label={`Pick ${r.name}`} onChange={() => toggled(r)} />
          <a href="#x">Link {r.name}</a>
        </span>
      ),
    },
  ];
  beforeEach(() => {
    opened.mockClear();
    pressed.mockClear();
    toggled.mockClear();
  });
  const rows: Row[] = [
    { id: '1', name: 'Sara' },
    { id: '2', name: 'Omar' },
  ];

  it('keep doing their own thing: a button, a checkbox and a link do not open the row; the rest of the row does', async () => {
    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} rowId={(r) => r.id} onOpen={opened} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Call Omar' })).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Call Omar' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pick Omar' }));
    fireEvent.click(screen.getByText('Link Omar'));
    expect(pressed).toHaveBeenCalledWith(rows[1]);
    expect(toggled).toHaveBeenCalledWith(rows[1]);
    expect(opened).not.toHaveBeenCalled();
    // The cell around them, and Enter on the cell (which steps into its controls): not an open either.
    await userEvent.click(cell('2', 'name')!);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenLastCalledWith(rows[1]);
    act(() => cell('1', 'tools')!.focus());
    fireEvent.keyDown(cell('1', 'tools')!, { key: 'Enter', code: 'Enter' });
    expect(opened).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Call Sara' }));
    // Enter on the button inside is the button's own.
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', code: 'Enter' });
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('a list without an open action opens nothing on a click', async () => {
    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} rowId={(r) => r.id} />);
    await waitFor(() => expect(cell('2', 'name')).not.toBeNull(), ROWS);
    expect(document.querySelector('.ag-row.row-opens')).toBeNull();
    await userEvent.click(cell('2', 'name')!);
    expect(opened).not.toHaveBeenCalled();
  });
});
