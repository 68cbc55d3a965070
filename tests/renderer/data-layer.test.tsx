import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, type Role, type Room, type StaffRequestDetails, type StaffServiceDetails, type User, type RequestLine, UNTIMED_LINE } from '@shared';
import { RolesScreen } from '../../renderer/src/features/administration/RolesScreen';
import { UsersScreen } from '../../renderer/src/features/administration/UsersScreen';
import { BookingRoomScreen } from '../../renderer/src/features/basic-data/booking-room/BookingRoomScreen';
import { room } from '../../renderer/src/features/basic-data/entities/linked';
import { EntityScreen } from '../../renderer/src/features/basic-data/screen/EntityScreen';
import { RequestDetailsPage, ServiceDetailsPage } from '../../renderer/src/features/service-management/DetailsPage';
import { setNavigate } from '../../renderer/src/app/navigation';
import { platform } from '../../renderer/src/platform';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { fakeServer, type SentCall } from './support/fake-http';
import { renderInApp } from './render-app';

const ROOMS = '/api/BasicData/GetAllRooms';
// Building a workbook and re-rendering the grid take seconds on a loaded 2-core machine.
const slow = { timeout: 10_000 };

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
beforeEach(() => {
  store.set(sessionAtom, { accessToken: 't', permissions: [], claims: [...ALL_CLAIMS], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A screen as the shell mounts it: its own query cache (nothing carried between tests), a router at `path`. */
function mount(ui: ReactElement, path = '/', route = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cells = (colId: string) =>
  [...document.querySelectorAll(`.ag-row .ag-cell[col-id="${colId}"]`)]
    .sort((a, b) => Number(a.closest('[row-index]')!.getAttribute('row-index')) - Number(b.closest('[row-index]')!.getAttribute('row-index')))
    .map((c) => c.textContent ?? '');

const makeRoom = (i: number): Room => ({
  id: i,
  number: `R-${String(i).padStart(4, '0')}`,
  useTypeId: 1,
  useTypeNameAr: 'نوم',
  useTypeNameEn: 'Sleeping',
  roomTypeId: 1,
  roomTypeNameAr: 'مفرد',
  roomTypeNameEn: 'Single',
  hotelId: 1 + (i % 3),
  hotelName: `Hotel ${1 + (i % 3)}`,
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
});

/** GetAllRooms as the server answers it: the page asked for, sorted and searched, with X-Total-Count. */
function roomsServer(count: number) {
  const all = Array.from({ length: count }, (_, i) => makeRoom(count - i));
  const lookups = { data: [{ id: 1, name: 'Hotel 1' }] };
  return fakeServer({
    [`GET ${ROOMS}`]: ({ query }: SentCall) => {
      let rows = all;
      if (query.search) rows = rows.filter((r) => r.number.includes(String(query.search)));
      if (query.sort) rows = [...rows].sort((a, b) => String(a[query.sort as keyof Room]).localeCompare(String(b[query.sort as keyof Room])) * (query.order === 'desc' ? -1 : 1));
      const size = Number(query.pageSize ?? rows.length);
      const start = Number(query.page ?? 0) * size;
      return { data: rows.slice(start, start + size), headers: { 'x-total-count': String(rows.length) } };
    },
    'GET /api/BasicData/GenerateHotels': lookups,
    'GET /api/BasicData/GenerateUseTypes': lookups,
    'GET /api/BasicData/GenerateRoomTypes': lookups,
  });
}

// Generous: the grid and exceljs are slow under happy-dom on a loaded 2-core machine.
describe('master-data lists on the query layer', { timeout: 90_000 }, () => {
  it('a small list comes whole in one call and is searched and paged locally', async () => {
    const server = roomsServer(12);
    mount(<EntityScreen descriptor={room} />);
    await waitFor(() => expect(cells('number')).toEqual(['R-0012', 'R-0011', 'R-0010', 'R-0009', 'R-0008']), slow);
    expect(server.sent('GET', ROOMS)).toHaveLength(1);
    expect(server.sent('GET', ROOMS)[0].query).toMatchObject({ page: 0, pageSize: 500 });
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('page 1 of 3'), slow);
    expect(screen.queryByTestId('total-count')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search...' }), { target: { value: 'R-0003' } });
    await waitFor(() => expect(cells('number')).toEqual(['R-0003']), slow);
    expect(server.sent('GET', ROOMS)).toHaveLength(1); // searched here, not asked again
  });

  it('a list above the threshold is paged, sorted and searched by the server, and the export saves every matching row', async () => {
    const server = roomsServer(1203);
    const saved = vi.spyOn(platform, 'saveFile').mockResolvedValue({ saved: true });
    mount(<EntityScreen descriptor={room} />);
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('1203 rows'), slow);
    await waitFor(() => expect(cells('number')).toEqual(['R-1203', 'R-1202', 'R-1201', 'R-1200', 'R-1199']), slow);
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('page 1 of 241'), slow);

    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(cells('number')).toEqual(['R-1198', 'R-1197', 'R-1196', 'R-1195', 'R-1194']), slow);
    expect(server.sent('GET', ROOMS).at(-1)!.query).toMatchObject({ page: 1, pageSize: 5 });

    // The Hotel column sorts by the server's field for it.
    await userEvent.click(document.querySelector('.ag-header-cell[col-id="hotel"] .ag-header-cell-text')!);
    await waitFor(() => expect(server.sent('GET', ROOMS).at(-1)!.query).toMatchObject({ page: 0, sort: 'hotelName', order: 'asc' }), slow);

    fireEvent.change(screen.getByRole('textbox', { name: 'Search...' }), { target: { value: 'R-10' } });
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('100 rows'), slow);

    await userEvent.click(screen.getByTestId('export-xlsx'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), slow);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(saved.mock.calls[0][1] as never);
    expect(book.worksheets[0].rowCount).toBe(1 + 100); // the header and every matching row, not the 5 shown

    // All rooms: three pages of the server's largest size.
    fireEvent.change(screen.getByRole('textbox', { name: 'Search...' }), { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('1203 rows'), slow);
    const before = server.sent('GET', ROOMS).length;
    await userEvent.click(screen.getByTestId('export-xlsx'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2), slow);
    const reads = server.sent('GET', ROOMS).slice(before);
    expect(reads.map((c) => [c.query.page, c.query.pageSize])).toEqual([[0, 500], [1, 500], [2, 500]]);
    await book.xlsx.load(saved.mock.calls[1][1] as never);
    expect(book.worksheets[0].rowCount).toBe(1 + 1203);
  });

  it('booking rooms load through the same path (one call for a small list)', async () => {
    const server = fakeServer({
      'GET /api/BasicData/GetAllBookingRooms': {
        data: [{ id: 4, nameAr: 'جناح', nameEn: 'Suite', roomTypeCode: 'ST', createdAt: '2026-01-01T10:00:00Z', hotelId: 1, hotelName: 'Hotel 1', roomTypeId: 1, noOfGuests: 2, facilities: [], images: [] }],
        headers: { 'x-total-count': '1' },
      },
      'GET /api/BasicData/GenerateHotels': { data: [] },
      'GET /api/BasicData/GenerateRoomTypes': { data: [] },
    });
    mount(<BookingRoomScreen />);
    await waitFor(() => expect(cells('name')).toEqual(['Suite']), slow);
    expect(server.sent('GET', '/api/BasicData/GetAllBookingRooms')).toHaveLength(1);
  });
});

describe('users and roles on the query layer', { timeout: 60_000 }, () => {
  it('users show their hotels and departments by name from the shared select data', async () => {
    const user: User = {
      id: 3, userCode: 'U-3', firstName: 'Layla', lastName: 'Haddad', phoneNumber: '+966500000000', email: 'layla@x.demo',
      departmentIds: [2], hotelIds: [1], roles: ['Staff'], hasPassword: true, isActive: true, language: 'en', invitation: { state: 'accepted' }, createdAt: '2026-01-01T10:00:00Z',
    };
    fakeServer({
      'GET /api/Administration/GetAllUsers': { data: [user] },
      'GET /api/BasicData/GenerateHotels': { data: [{ id: 1, name: 'Corniche Hotel' }] },
      'GET /api/BasicData/GenerateDepartments': { data: [{ id: 2, name: 'Housekeeping' }] },
    });
    mount(<UsersScreen />);
    await waitFor(() => expect(cells('hotels')).toEqual(['Corniche Hotel']), slow);
    expect(cells('departments')).toEqual(['Housekeeping']);
    expect(cells('email')).toEqual(['layla@x.demo']);
  });

  it('a new role is sent, and the list is read again and shows it', async () => {
    const roles: Role[] = [{ id: 1, name: 'Admin', description: 'Everything', createdAt: '2026-01-01T10:00:00Z' }];
    const server = fakeServer({
      'GET /api/Administration/GetAllRoles': () => ({ data: [...roles] }),
      'POST /api/Administration/AddRole': ({ body }) => {
        roles.push({ id: 2, ...(body as { name: string; description: string }), createdAt: '2026-01-02T10:00:00Z' });
        return { data: { message: 'Added Successfully' } };
      },
    });
    mount(<RolesScreen />);
    await waitFor(() => expect(cells('name')).toEqual(['Admin']), slow);
    await userEvent.click(screen.getByRole('button', { name: /add/i }));
    const form = screen.getByTestId('role-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /name/i }), { target: { value: 'Night manager' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(cells('name')).toEqual(['Admin', 'Night manager']), slow);
    expect(server.sent('GET', '/api/Administration/GetAllRoles')).toHaveLength(2);
  });
});

const line = (over: Partial<RequestLine>): RequestLine => ({
  id: 7, serviceId: 1, serviceName: 'Pillows', statusName: 'Open', note: '', reply: null, createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:00:00Z',
  isSpecial: false, specialRequest_DepartmentId: null, departmentId: null, departmentName: null, workerId: null, workerName: null, ...UNTIMED_LINE, ...over,
});
const guest = { custName: 'Omar Saleh', custEmail: 'omar@x.demo', custPhone: '+966511111111', hotelId: 1, hotelName: 'Corniche Hotel', roomId: 9, roomNumber: '204' };
const history = { createdAt: '2026-01-01T10:00:00Z', user_AssignedToDepartment: null, assignedToDepartment_Date: null, departmentName: null, user_Assigned: null, assigned_Date: null, workerName: null, worker_Accepted: null, accepted_Date: null, worker_Started: null, started_Date: null, user_Completed: null, completed_Date: null, user_Rejected: null, rejected_Date: null, rejectReason: null };
const REQUEST_ID = '0b7c6a52-3f43-4f59-9d1f-2b0a3f7f8e11';

describe('one details page for a request and a service line', { timeout: 30_000 }, () => {
  it('shows a request: guest with the note, hotel and room, a card per line, the review', async () => {
    const details: StaffRequestDetails = {
      requestDetails: {
        id: REQUEST_ID, requestCode: 'RQ-1001', statusName: 'Open', ...guest, note: 'Late arrival', createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:00:00Z',
        requestDetails: [line({ id: 7, serviceName: 'Pillows' }), line({ id: 8, serviceName: 'Towels' })], review: 'Quick, thanks', rating: 9,
      },
      availableDepartments: [{ id: 2, name: 'Housekeeping' }],
      roomVerified: false,
    };
    fakeServer({
      [`GET /api/Request/GetRequestDetails/${REQUEST_ID}`]: { data: details },
      'GET /api/Request/GetServiceAssignmentDetails/7': { data: history },
      'GET /api/Request/GetServiceAssignmentDetails/8': { data: history },
    });
    mount(<RequestDetailsPage />, `/Admin/Request/Details/${REQUEST_ID}`, '/Admin/Request/Details/:id');
    const page = await screen.findByTestId('request-details', {}, slow);
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toContain('RQ-1001');
    for (const text of ['Omar Saleh', 'Late arrival', 'Corniche Hotel', 'Pillows', 'Towels', 'Quick, thanks']) expect(within(page).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByTestId('review-rating')).toBeTruthy();
  });

  it('shows a service line with the same layout: guest, hotel and room, its one card', async () => {
    const details: StaffServiceDetails = {
      serviceDetails: { ...line({ id: 7, serviceName: 'Pillows' }), requestId: REQUEST_ID, requestCode: 'RQ-1001', requestStatusName: 'Open', ...guest },
      availableWorkers: [{ id: 12, name: 'Yousef' }],
      availableDepartments: [{ id: 2, name: 'Housekeeping' }],
    };
    fakeServer({
      'GET /api/Request/GetServiceDetails/7': { data: details },
      'GET /api/Request/GetServiceAssignmentDetails/7': { data: history },
    });
    mount(<ServiceDetailsPage />, '/Admin/Service/Details/7', '/Admin/Service/Details/:id');
    const page = await screen.findByTestId('service-details', {}, slow);
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toContain('RQ-1001');
    for (const text of ['Omar Saleh', 'Corniche Hotel', '204', 'Pillows']) expect(within(page).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('review-rating')).toBeNull();
  });
});
