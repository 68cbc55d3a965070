import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { platform } from '../../renderer/src/platform';
import { ALL_CLAIMS, type HomeFigures, type RequestListRow, type ServiceListRow, UNTIMED_LINE, clientRoutes } from '@shared';
import { setNavigate } from '../../renderer/src/app/navigation';
import { HomeDashboard } from '../../renderer/src/features/home/HomeDashboard';
import { RequestListScreen } from '../../renderer/src/features/service-management/RequestListScreen';
import { ServiceListScreen } from '../../renderer/src/features/service-management/ServiceListScreen';
import { STATUS_COLOURS, StatusBadge } from '../../renderer/src/features/service-management/StatusBadge';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { fakeServer, type SentCall } from './support/fake-http';
import { renderInApp } from './render-app';

/** The work queue in the admin app: filters, My queue, age and due columns, status colours, Home's overdue figures. */

const LINES = '/api/Request/GetAllServicesRequest';
const REQUESTS = '/api/Request/GetAllRequests';
const HOME = '/api/Dashboard/GetTodayFigures';
const MIN = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MIN).toISOString();
const ahead = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();

const line = (id: number, over: Partial<ServiceListRow>): ServiceListRow => ({
  id,
  requestId: `r-${id}`,
  requestHeaderCode: `RQ-0000${id}`,
  serviceName: 'Extra towels',
  departmentName: 'Housekeeping',
  hotelName: 'Nakheel Riyadh',
  roomNumber: '101',
  createdAt: ago(10),
  updatedAt: ago(10),
  statusName: 'Open',
  ...UNTIMED_LINE,
  ...over,
});

/** Open 15 min ago, acknowledge target 10 min: late. */
const late = line(1, {
  createdAt: ago(15),
  clockStartedAt: ago(15),
  acknowledgeDueAt: ago(5),
  completeDueAt: ahead(45),
  dueAt: ago(5),
  dueKind: 'acknowledge',
  isOverdue: true,
});
/** 80% of a 10-minute completion target used: amber. */
const nearly = line(2, {
  createdAt: ago(8),
  clockStartedAt: ago(8),
  acknowledgedAt: ago(7),
  completeDueAt: ahead(2),
  dueAt: ahead(2),
  dueKind: 'complete',
});
/** 2 h 5 min old, completion 1 h 55 min away on a 4 h target: plain. */
const early = line(3, { createdAt: ago(125), clockStartedAt: ago(125), completeDueAt: ahead(115), dueAt: ahead(115), dueKind: 'complete' });
const done = line(4, { statusName: 'Completed', createdAt: ago(300) });

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
beforeEach(() => {
  store.set(sessionAtom, { accessToken: 't', permissions: ['Service Management.Service List', 'Service Management.Request List'], claims: [...ALL_CLAIMS], userRoles: ['Staff'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(() => cleanup());

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}
function mount(ui: ReactElement, path: string, language: 'en' | 'ar' = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
    language,
  );
}
const cell = (rowId: string, colId: string) => document.querySelector(`.ag-row[row-id="${rowId}"] .ag-cell[col-id="${colId}"]`);
const lastQuery = (server: ReturnType<typeof fakeServer>, url: string) => server.sent('GET', url).at(-1)?.query ?? {};

// ag-grid renders whole lists here: on a loaded 2-core machine a test takes longer than Vitest's 5 s default.
describe('Services list: the work queue', { timeout: 30_000 }, () => {
  it('filters overdue only and My queue through the URL and the server query; clearing drops both', async () => {
    const server = fakeServer({ [`GET ${LINES}`]: ({ query }: SentCall) => ({ data: query.overdue ? [late] : [late, nearly, early, done], headers: { 'x-total-count': query.overdue ? '1' : '4' } }) });
    const user = userEvent.setup();
    mount(<ServiceListScreen />, clientRoutes.serviceList);
    await waitFor(() => expect(cell('2', 'dueAt')).not.toBeNull());
    expect(lastQuery(server, LINES).overdue).toBeUndefined();

    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(lastQuery(server, LINES)).toMatchObject({ overdue: 'true', page: 0 }));
    expect(screen.getByTestId('where').textContent).toContain('overdue=true');
    await waitFor(() => expect(cell('2', 'dueAt')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'My queue' }));
    await waitFor(() => expect(lastQuery(server, LINES)).toMatchObject({ overdue: 'true', mine: 'true' }));
    expect(screen.getByRole('heading', { name: 'My queue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'My queue' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(server, LINES).overdue).toBeUndefined());
    expect(lastQuery(server, LINES).mine).toBeUndefined();
    expect(screen.getByTestId('where').textContent).toBe(clientRoutes.serviceList);
  });

  it('opens on a link with overdue, department and mine in the URL (Home links there)', async () => {
    const server = fakeServer({ [`GET ${LINES}`]: { data: [late], headers: { 'x-total-count': '1' } } });
    mount(<ServiceListScreen />, `${clientRoutes.serviceList}?overdue=true&departmentId=4&mine=true`);
    await waitFor(() => expect(lastQuery(server, LINES)).toMatchObject({ overdue: 'true', departmentId: 4, mine: 'true' }));
    expect(screen.getByRole('switch', { name: 'Overdue only' })).toHaveProperty('checked', true);
  });

  it('opens on the reminder link with only the lines waiting to be acknowledged, says so in the status filter, and clears it', async () => {
    const server = fakeServer({ [`GET ${LINES}`]: { data: [late], headers: { 'x-total-count': '1' } } });
    const user = userEvent.setup();
    mount(<ServiceListScreen />, `${clientRoutes.serviceList}?waiting=true&sort=createdAt&order=asc`);
    await waitFor(() => expect(lastQuery(server, LINES)).toMatchObject({ waiting: 'true', sort: 'createdAt', order: 'asc' }));
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Waiting to be acknowledged');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Services List — Waiting to be acknowledged');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(server, LINES).waiting).toBeUndefined());
    // Picked from the status list, it is its own filter again, and no status is sent with it.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting to be acknowledged' }));
    await waitFor(() => expect(lastQuery(server, LINES)).toMatchObject({ waiting: 'true' }));
    expect(lastQuery(server, LINES).status).toBeUndefined();
  });

  it("shows each open line's age and its due time coloured by the clock; a closed line has neither", async () => {
    fakeServer({ [`GET ${LINES}`]: { data: [late, nearly, early, done], headers: { 'x-total-count': '4' } } });
    mount(<ServiceListScreen />, clientRoutes.serviceList);
    await waitFor(() => expect(cell('1', 'age')?.textContent).toBe('15 min'));
    expect(cell('3', 'age')?.textContent).toBe('2 h 5 min');
    expect(cell('4', 'age')?.textContent).toBe('');
    const level = (id: string) => cell(id, 'dueAt')?.querySelector('[data-testid="due-badge"]')?.getAttribute('data-level');
    expect(level('1')).toBe('red');
    const badge = (id: string) => cell(id, 'dueAt')?.querySelector('[data-testid="due-badge"]');
    // The cell shows how late (relative time); the sentence with the clock time is its tooltip, and the accessible name says both.
    expect(badge('1')?.getAttribute('title')).toMatch(/^Late: acknowledge was due .*\d\d:\d\d$/);
    expect(badge('1')?.textContent).toMatch(/^late \d+ min$/);
    expect(badge('1')?.getAttribute('aria-label')).toBe(`${badge('1')?.textContent}, ${badge('1')?.getAttribute('title')}`);
    expect(badge('2')?.getAttribute('title')).toMatch(/^Complete by /);
    expect(level('2')).toBe('amber');
    expect(level('3')).toBe('ok');
    expect(cell('4', 'dueAt')?.querySelector('[data-testid="due-badge"]')).toBeNull();
    // Status badges in their own colours.
    expect(cell('1', 'statusName')?.querySelector('[data-status]')?.getAttribute('data-colour')).toBe('brand');
    expect(cell('4', 'statusName')?.querySelector('[data-status]')?.getAttribute('data-colour')).toBe('success');
  });

  it("exports the Due column as the clock time where the user is, like the other dates (not UTC's)", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Riyadh';
    try {
      fakeServer({ [`GET ${LINES}`]: { data: [late], headers: { 'x-total-count': '1' } } });
      const saved = vi.spyOn(platform, 'saveFile').mockResolvedValue({ saved: true });
      mount(<ServiceListScreen />, clientRoutes.serviceList);
      await waitFor(() => expect(cell('1', 'age')?.textContent).toBe('15 min'));
      fireEvent.click(screen.getByTestId('export-xlsx'));
      await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), { timeout: 10_000 }); // the workbook library is loaded on the first export
      const { default: ExcelJS } = await import('exceljs');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(saved.mock.calls[0][1] as never);
      const sheet = book.worksheets[0];
      const headers = (sheet.getRow(1).values as unknown[]).map(String);
      const due = sheet.getRow(2).getCell(headers.indexOf('Due')).value as Date;
      // Excel has no zones: the cell holds Riyadh's wall-clock time, three hours ahead of UTC.
      expect(Math.round((due.getTime() - Date.parse(late.dueAt!)) / 60_000)).toBe(180);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('speaks Arabic: the filters, the age and the late badge', async () => {
    fakeServer({ [`GET ${LINES}`]: { data: [late], headers: { 'x-total-count': '1' } } });
    mount(<ServiceListScreen />, clientRoutes.serviceList, 'ar');
    await waitFor(() => expect(cell('1', 'age')?.textContent).toBe('15 دقيقة'));
    expect(screen.getByRole('switch', { name: 'المتأخرة فقط' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'مهامي' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'المدة' })).toBeTruthy();
  });
});

describe('Guests Requests list', { timeout: 30_000 }, () => {
  const request = (id: string, over: Partial<RequestListRow>): RequestListRow => ({
    id,
    code: `RQ-${id}`,
    custName: 'Sara',
    custPhone: '+966 55 123 4567',
    hotelName: 'Nakheel Riyadh',
    roomNumber: '101',
    createdAt: ago(40),
    updatedAt: ago(40),
    statusName: 'Open',
    oldestOpenAt: null,
    dueAt: null,
    isOverdue: false,
    services: ['Extra towels'],
    ...over,
  });

  it("shows the oldest open line's age coloured by the due time (red once passed, the time as its tooltip); filters overdue only", async () => {
    const rows = [
      request('a', { oldestOpenAt: ago(40), dueAt: ago(10), isOverdue: true, statusName: 'In Progress' }),
      request('b', { oldestOpenAt: ago(3), dueAt: ahead(20) }),
      request('c', { statusName: 'Rejected' }),
    ];
    const server = fakeServer({ [`GET ${REQUESTS}`]: ({ query }: SentCall) => ({ data: query.overdue ? rows.slice(0, 1) : rows, headers: { 'x-total-count': '3' } }) });
    mount(<RequestListScreen />, clientRoutes.requestList);
    await waitFor(() => expect(cell('a', 'age')?.textContent).toBe('40 min'));
    expect(cell('b', 'age')?.textContent).toBe('3 min');
    expect(cell('c', 'age')?.textContent).toBe('');
    // The age is coloured by the earliest due time, which its tooltip names.
    const badge = (id: string) => cell(id, 'age')?.querySelector('[data-testid="due-badge"]');
    expect(badge('a')?.getAttribute('data-level')).toBe('red');
    expect(badge('a')?.getAttribute('title')).toMatch(/^Late since .*\d\d:\d\d$/);
    expect(badge('a')?.getAttribute('aria-label')).toMatch(/^40 min, Late since /);
    expect(badge('b')?.getAttribute('data-level')).toBe('ok');
    expect(badge('b')?.getAttribute('title')).toMatch(/^Due .*\d\d:\d\d$/);
    expect(badge('c')).toBeNull();
    expect(cell('a', 'statusName')?.querySelector('[data-status]')?.getAttribute('data-colour')).toBe('informative');
    expect(cell('c', 'statusName')?.querySelector('[data-status]')?.getAttribute('data-colour')).toBe('danger');
    // No My queue here: the switch only.
    expect(screen.queryByRole('button', { name: 'My queue' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(lastQuery(server, REQUESTS).overdue).toBe('true'));
  });
});

describe('status badges', () => {
  it('give Open, Assigned, In Progress, Completed and Rejected five different colours, in English and Arabic', () => {
    const statuses = ['Open', 'Assigned', 'In Progress', 'Completed', 'Rejected'] as const;
    expect(new Set(statuses.map((s) => STATUS_COLOURS[s])).size).toBe(5);
    expect(STATUS_COLOURS.Rejected).toBe('danger');
    for (const [lang, names] of [
      ['en', ['Open', 'Assigned', 'In Progress', 'Completed', 'Rejected']],
      ['ar', ['مفتوح', 'مُسند', 'قيد التنفيذ', 'مكتمل', 'مرفوض']],
    ] as const) {
      renderInApp(
        <div>
          {statuses.map((s) => (
            <StatusBadge key={s} status={s} />
          ))}
        </div>,
        lang,
      );
      const shown = [...document.querySelectorAll('[data-status]')];
      expect(shown.map((b) => b.textContent)).toEqual(names);
      expect(new Set(shown.map((b) => b.getAttribute('data-colour'))).size).toBe(5);
      // Fluent paints each colour with its own class.
      expect(new Set(shown.map((b) => b.className)).size).toBe(5);
      cleanup();
    }
  });
});

describe('Home: overdue by department', () => {
  const figures = (overdue: HomeFigures['overdueByDepartment']): HomeFigures => ({
    openLines: 5,
    waitingLongest: [],
    completedToday: 0,
    avgCompleteMinutes: null,
    avgRating: null,
    reviewsToday: 0,
    overdueByDepartment: overdue,
  });

  it('counts the overdue lines per department, each linking into the queue filtered to them', async () => {
    fakeServer({
      [`GET ${HOME}`]: {
        data: figures([
          { departmentId: 4, departmentName: 'Housekeeping', overdue: 3 },
          { departmentId: null, departmentName: null, overdue: 1 },
        ]),
      },
    });
    mount(<HomeDashboard />, clientRoutes.home);
    const tile = await screen.findByTestId('fig-overdue');
    expect(within(tile).getByRole('heading', { name: 'Overdue now' })).toBeTruthy();
    expect(within(tile).getByTestId('fig-overdue-total').textContent).toBe('4');
    expect(within(tile).getByTestId('fig-overdue-total').getAttribute('href')).toBe(`${clientRoutes.serviceList}?overdue=true`);
    const links = within(tile).getAllByTestId('fig-overdue-department');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Housekeeping: 3', `${clientRoutes.serviceList}?overdue=true&departmentId=4`],
      ['No department yet: 1', `${clientRoutes.serviceList}?overdue=true`],
    ]);
    expect(links[0].getAttribute('aria-label')).toBe('Housekeeping: 3 overdue, open the queue');
    await userEvent.setup().click(links[0]);
    expect(screen.getByTestId('where').textContent).toBe(`${clientRoutes.serviceList}?overdue=true&departmentId=4`);
  });

  it('says so when nothing is overdue, in Arabic too', async () => {
    fakeServer({ [`GET ${HOME}`]: { data: figures([]) } });
    mount(<HomeDashboard />, clientRoutes.home, 'ar');
    const tile = await screen.findByTestId('fig-overdue');
    expect(within(tile).getByText('لا شيء متأخر')).toBeTruthy();
    expect(within(tile).getByRole('heading', { name: 'المتأخرة الآن' })).toBeTruthy();
  });
});

/** Home's "Open lines" and the list it opens (front-desk.spec before); the server's side, the count equal to the list: tests/server/dashboard/dashboard.test.ts. */
describe('Home "Open lines" opens the list of exactly the lines it counts', { timeout: 30_000 }, () => {
  const assigned = line(5, { statusName: 'Assigned' });
  const open = line(6, { statusName: 'Open' });
  const serve = () =>
    fakeServer({
      [`GET ${HOME}`]: { data: { openLines: 2, waitingLongest: [], completedToday: 1, avgCompleteMinutes: null, avgRating: null, reviewsToday: 0, overdueByDepartment: [] } },
      [`GET ${LINES}`]: ({ query }: SentCall) => {
        const rows = query.open === 'true' ? [assigned, open] : [assigned, open, done];
        return { data: rows, headers: { 'x-total-count': String(rows.length) } };
      },
    });
  const rowsShown = () => [...document.querySelectorAll('.ag-row .ag-cell[col-id="statusName"]')].map((c) => c.textContent).sort();

  it('the tile links to the list with open=true, which asks the server for Open and Assigned and says so; Clear filters shows every line', async () => {
    const server = serve();
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    renderInApp(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[clientRoutes.home]}>
          <Where />
          <Routes>
            <Route path={clientRoutes.home} element={<HomeDashboard />} />
            <Route path={clientRoutes.serviceList} element={<ServiceListScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const tile = await screen.findByTestId('fig-open');
    await waitFor(() => expect(tile.textContent).toContain('2'));
    // The whole tile is the link.
    const link = tile.closest('a')!;
    expect(link.getAttribute('href')).toBe(`${clientRoutes.serviceList}?open=true`);
    await user.click(link);
    expect(screen.getByTestId('where').textContent).toBe(`${clientRoutes.serviceList}?open=true`);
    await waitFor(() => expect(lastQuery(server, LINES)).toMatchObject({ open: 'true' }));
    expect(lastQuery(server, LINES).status).toBeUndefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Services List — Still to do (Open or Assigned)');
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('2 rows'));
    // Both lines it counts, the Assigned one too (status=Open alone showed only one).
    await waitFor(() => expect(rowsShown()).toEqual(['Assigned', 'Open']));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('where').textContent).toBe(clientRoutes.serviceList);
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('3 rows'));
    expect(lastQuery(server, LINES).open).toBeUndefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Services List');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('in Arabic the filter is one of the status list’s choices, and the count reads in the dual form', async () => {
    const server = serve();
    const user = userEvent.setup();
    mount(<ServiceListScreen />, clientRoutes.serviceList, 'ar');
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('3 صفوف'));
    await user.click(screen.getByRole('combobox', { name: 'الحالة' }));
    await user.click(await screen.findByRole('option', { name: 'لم تُنجز بعد (مفتوح أو مُسند)' }));
    await waitFor(() => expect(lastQuery(server, LINES)).toMatchObject({ open: 'true' }));
    expect(screen.getByTestId('where').textContent).toContain('open=true');
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('صفّان'));
    await user.click(screen.getByRole('button', { name: 'مسح عوامل التصفية' }));
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('3 صفوف'));
    expect(screen.getByTestId('where').textContent).not.toContain('open=true');
  });
});
