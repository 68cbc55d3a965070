import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, endpoints, pathOf, permissionsFromClaims, type Claim, type HeldOffShiftLine, type RoutingRuleRow, type RoutingWorker } from '@shared';
import { room } from '../../../renderer/src/features/basic-data/entities/linked';
import { toBody, toValues } from '../../../renderer/src/features/basic-data/screen/types';
import { HeldOffShiftTile } from '../../../renderer/src/features/home/HeldOffShiftTile';
import { RoutingScreen } from '../../../renderer/src/features/routing/RoutingScreen';
import { zonesOf } from '../../../renderer/src/features/routing/WorkersPanel';
import { i18next, initI18n } from '../../../renderer/src/i18n';
import { platform } from '../../../renderer/src/platform';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { buildMenu } from '../../../renderer/src/shell/menu-model';
import { fakeServer, type SentCall } from '../support/fake-http';
import { renderInApp } from '../render-app';

const RULES = pathOf(endpoints.routingRules);
const PREVIEW = pathOf(endpoints.routingPreview);
const WORKERS = pathOf(endpoints.routingWorkers);
const ROSTER = pathOf(endpoints.routingRoster);
const slow = { timeout: 10_000 };

const lookups = {
  [`GET ${pathOf(endpoints.generateHotels)}`]: { data: [{ id: 1, name: 'Sea View' }] },
  [`GET ${pathOf(endpoints.generateDepartments)}`]: { data: [{ id: 4, name: 'Housekeeping' }, { id: 5, name: 'Maintenance' }] },
  [`GET ${pathOf(endpoints.generateServiceGroups)}`]: { data: [{ id: 7, name: 'Room care' }] },
  [`GET ${pathOf(endpoints.generateServices)}`]: { data: [{ name: 'Room care', services: [{ id: 11, name: 'Towels' }, { id: 12, name: 'Repair' }] }] },
  [`GET ${pathOf(endpoints.generateRooms)}`]: { data: [{ id: 9, number: '204' }] },
};
const rule: RoutingRuleRow = {
  id: 3,
  hotelId: 1,
  scope: 'service',
  scopeId: 11,
  scopeName: 'Towels',
  autoRoute: true,
  departmentId: null,
  departmentName: null,
  maxOpenTasks: 5,
  acceptMinutes: 3,
  maxReoffers: 2,
};
const huda: RoutingWorker = { workerId: 21, workerName: 'Huda', onShift: true, shift: 'on', openTasks: 2, zones: ['North'] };
const omar: RoutingWorker = { workerId: 22, workerName: 'Omar', onShift: false, shift: 'roster', openTasks: 0, zones: [] };

function signIn(claims: readonly Claim[] = ALL_CLAIMS) {
  store.set(sessionAtom, { accessToken: 't', permissions: permissionsFromClaims(claims), claims: [...claims], userRoles: [], userName: 'Mona', userEmail: 'm@x.demo' });
}
const mount = (language: 'en' | 'ar' = 'en') =>
  renderInApp(
    <MemoryRouter>
      <RoutingScreen />
    </MemoryRouter>,
    language,
  );

beforeEach(() => signIn());
// happy-dom rejects cancelled Web Animations, which Fluent's dialog cancels on close; without animate() Fluent skips motion.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(async () => {
  cleanup();
  store.set(sessionAtom, undefined);
  vi.restoreAllMocks();
  if (i18next.isInitialized) await i18next.changeLanguage('en');
});

describe('the Routing screen: who may open it', () => {
  it('Read alone puts Routing in the Basic Data menu; Escalations (Receive) stays a right, not a screen', () => {
    expect(permissionsFromClaims(['Basic Data.Routing.Read'])).toEqual(['Basic Data.Routing']);
    expect(buildMenu(permissionsFromClaims(['Basic Data.Routing.Read', 'Service Management.Escalations.Receive']))).toEqual([
      { group: 'BasicData', items: [{ item: 'Routing', path: '/Admin/BasicData/Routing' }] },
    ]);
    expect(permissionsFromClaims(['Basic Data.Routing.Edit'])).toEqual([]);
  });
});

describe('the Routing screen: rules and preview', { timeout: 30_000 }, () => {
  it('lists the hotel\'s rules and saves a new one with the numbers typed', async () => {
    const server = fakeServer({
      ...lookups,
      [`GET ${RULES}`]: { data: [rule] },
      [`PUT ${RULES}`]: { data: { message: 'Saved Successfully' } },
    });
    mount();
    const table = await screen.findByTestId('routing-rules', {}, slow);
    expect(within(table).getByText('Towels')).toBeTruthy();
    expect(server.sent('GET', RULES)[0].query).toMatchObject({ hotelId: 1 });
    const user = userEvent.setup();
    const form = screen.getByTestId('routing-rule-form');
    await user.selectOptions(within(form).getByLabelText('Applies to'), 'department');
    const target = within(form).getByLabelText('Name');
    await waitFor(() => expect(within(target).getByRole('option', { name: 'Maintenance' })).toBeTruthy());
    await user.selectOptions(target, '5');
    const cap = within(form).getByLabelText('Open tasks per worker (cap)');
    expect((cap as HTMLInputElement).value).toBe('5');
    await user.clear(cap);
    await user.type(cap, '4');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(server.sent('PUT', RULES)).toHaveLength(1));
    expect(server.sent('PUT', RULES)[0].body).toEqual({ hotelId: 1, scope: 'department', scopeId: 5, autoRoute: true, departmentId: null, maxOpenTasks: 4, acceptMinutes: 3, maxReoffers: 2 });
    await waitFor(() => expect(server.sent('GET', RULES).length).toBe(2));
  });

  it("shows the server's refusal beside the form, in Arabic, right to left", async () => {
    const refusal = 'يجب أن يكون عدد المهام المفتوحة لكل عامل بين 1 و100';
    const server = fakeServer({
      ...lookups,
      [`GET ${RULES}`]: { data: [rule] },
      // The server words its message in the language the client asks for.
      [`PUT ${RULES}`]: (call: SentCall) => ({ status: 400, data: { message: call.query.lang === 'ar' ? refusal : 'The open tasks per worker must be between 1 and 100' } }),
    });
    mount('ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تعديل قاعدة Towels' }, slow));
    const form = screen.getByTestId('routing-rule-form');
    const cap = within(form).getByLabelText('المهام المفتوحة لكل عامل (الحد)');
    await user.clear(cap);
    await user.type(cap, '0');
    await user.click(within(form).getByRole('button', { name: 'حفظ القاعدة' }));
    const alert = await screen.findByTestId('routing-rule-error');
    expect(alert.textContent).toBe(refusal);
    expect(alert.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    expect(server.sent('PUT', RULES)[0].body).toMatchObject({ scope: 'service', scopeId: 11, maxOpenTasks: 0 });
  });

  it('asks who would get a new line of a service and shows the worker and why, or why nobody', async () => {
    let answer = { ruleId: 3, routed: true, departmentId: 4, departmentName: 'Housekeeping', workerId: 21, workerName: 'Huda', reason: 'Given to Huda by rule 3: covers zone North, 2 open tasks' };
    const server = fakeServer({ ...lookups, [`GET ${RULES}`]: { data: [] }, [`GET ${PREVIEW}`]: () => ({ data: answer }) });
    mount();
    expect(await screen.findByText('No rule yet: lines are routed by hand.', {}, slow)).toBeTruthy();
    const user = userEvent.setup();
    const service = screen.getByLabelText('Service');
    await waitFor(() => expect(within(service).getByRole('option', { name: 'Towels' })).toBeTruthy());
    await user.selectOptions(service, '11');
    // A room gives the line its zone.
    const roomSelect = screen.getByLabelText('Room (its zone)');
    await waitFor(() => expect(within(roomSelect).getByRole('option', { name: '204' })).toBeTruthy());
    await user.selectOptions(roomSelect, '9');
    await user.click(screen.getByRole('button', { name: 'Show who' }));
    const preview = await screen.findByTestId('routing-preview');
    expect(within(preview).getByText('Goes to Huda')).toBeTruthy();
    expect(within(preview).getByTestId('routing-preview-reason').textContent).toBe('Given to Huda by rule 3: covers zone North, 2 open tasks');
    expect(server.sent('GET', PREVIEW)[0].query).toMatchObject({ hotelId: 1, serviceId: 11, roomId: 9 });

    answer = { ...answer, workerId: null as never, workerName: null as never, reason: 'Waiting: nobody of Housekeeping is on shift' };
    await user.click(screen.getByRole('button', { name: 'Show who' }));
    await waitFor(() => expect(screen.getByTestId('routing-preview-reason').textContent).toBe('Waiting: nobody of Housekeeping is on shift'));
    expect(within(screen.getByTestId('routing-preview')).getByText('Goes to the department Housekeeping')).toBeTruthy();
  });

  it('without Edit shows the rules but no form and no edit buttons', async () => {
    signIn(['Basic Data.Routing.Read']);
    fakeServer({ ...lookups, [`GET ${RULES}`]: { data: [rule] } });
    mount();
    expect(await screen.findByTestId('routing-rules', {}, slow)).toBeTruthy();
    expect(screen.queryByTestId('routing-rule-form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit rule for Towels' })).toBeNull();
  });
});

describe('the Routing screen: workers on shift', { timeout: 30_000 }, () => {
  it('reads commas of either script as zone separators', () => {
    expect(zonesOf(' North, Pool ,, ')).toEqual(['North', 'Pool']);
    expect(zonesOf('الشمال، المسبح')).toEqual(['الشمال', 'المسبح']);
  });

  it("lists the department's workers, switches one off shift, saves another's zones", async () => {
    let crew = [huda, omar];
    const server = fakeServer({
      ...lookups,
      [`GET ${RULES}`]: { data: [] },
      [`GET ${WORKERS}`]: () => ({ data: crew }),
      'PUT /api/Routing/Workers/21/Shift': () => {
        crew = [{ ...huda, onShift: false, shift: 'off' }, omar];
        return { data: { message: 'Off shift' } };
      },
      'PUT /api/Routing/Workers/22/Zones': { data: { message: 'Saved Successfully' } },
    });
    mount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Workers on shift' }, slow));
    const table = await screen.findByTestId('routing-workers', {}, slow);
    expect(server.sent('GET', WORKERS)[0].query).toMatchObject({ hotelId: 1, departmentId: 4 });
    const hudaRow = within(table).getByTestId('routing-worker-21');
    expect(within(hudaRow).getByTestId('shift-state').textContent).toBe('On shift');
    expect(within(within(table).getByTestId('routing-worker-22')).getByTestId('shift-state').textContent).toBe('Off shift (by roster)');
    await user.click(within(hudaRow).getByRole('button', { name: 'Put Huda off shift' }));
    await waitFor(() => expect(server.sent('PUT', '/api/Routing/Workers/21/Shift')[0]?.body).toEqual({ shift: 'off' }));
    await waitFor(() => expect(within(screen.getByTestId('routing-worker-21')).getByTestId('shift-state').textContent).toBe('Off shift'));
    expect(within(screen.getByTestId('routing-worker-21')).getByRole('button', { name: 'Put Huda on shift' })).toBeTruthy();

    const zones = screen.getByLabelText('Zones of Omar');
    await user.type(zones, 'North، Pool');
    await user.click(within(screen.getByTestId('routing-worker-22')).getByRole('button', { name: 'Save zones' }));
    await waitFor(() => expect(server.sent('PUT', '/api/Routing/Workers/22/Zones')[0]?.body).toEqual({ zones: ['North', 'Pool'] }));
  });

  it('the desk (Assign, no Edit) switches shifts but sees the zones read-only; a refusal shows in Arabic', async () => {
    signIn(['Basic Data.Routing.Read', 'Service Management.Service List.Assign']);
    fakeServer({
      ...lookups,
      [`GET ${RULES}`]: { data: [] },
      [`GET ${WORKERS}`]: { data: [huda] },
      'PUT /api/Routing/Workers/21/Shift': { status: 404, data: { message: 'هذا العامل غير موجود' } },
    });
    mount('ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'العمال في المناوبة' }, slow));
    const row = await screen.findByTestId('routing-worker-21', {}, slow);
    expect(within(row).getByText('North')).toBeTruthy();
    expect(within(row).queryByRole('textbox')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'إخراج Huda من المناوبة' }));
    expect((await screen.findByRole('alert')).textContent).toBe('هذا العامل غير موجود');
  });
});

describe('the Routing screen: weekly roster', { timeout: 30_000 }, () => {
  const rows = [{ workerId: 21, workerName: 'Huda', weekday: 0, start: '07:00', end: '15:00' }];

  it('adds and removes rows and saves the whole roster', async () => {
    const server = fakeServer({
      ...lookups,
      [`GET ${RULES}`]: { data: [] },
      [`GET ${WORKERS}`]: { data: [huda, omar] },
      [`GET ${ROSTER}`]: { data: rows },
      [`PUT ${ROSTER}`]: { data: { message: 'Saved Successfully' } },
    });
    mount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Weekly roster' }, slow));
    const table = await screen.findByTestId('routing-roster', {}, slow);
    expect(screen.getByRole('heading', { name: 'Weekly roster of Housekeeping' })).toBeTruthy();
    await waitFor(() => expect((within(table).getByLabelText('Worker 1') as HTMLSelectElement).value).toBe('21'));
    await user.click(screen.getByRole('button', { name: 'Add a row' }));
    await user.click(screen.getByRole('button', { name: 'Add a row' }));
    await user.selectOptions(screen.getByLabelText('Worker 2'), '22');
    await user.selectOptions(screen.getByLabelText('Day 2'), '5');
    await user.click(screen.getByRole('button', { name: 'Remove row 3' }));
    await user.click(screen.getByRole('button', { name: 'Save roster' }));
    await waitFor(() => expect(server.sent('PUT', ROSTER)).toHaveLength(1));
    expect(server.sent('PUT', ROSTER)[0].body).toEqual({
      hotelId: 1,
      departmentId: 4,
      rows: [
        { workerId: 21, weekday: 0, start: '07:00', end: '15:00' },
        { workerId: 22, weekday: 5, start: '07:00', end: '15:00' },
      ],
    });
  });

  it("keeps the rows and shows the server's reason when a row is refused, in Arabic", async () => {
    fakeServer({
      ...lookups,
      [`GET ${RULES}`]: { data: [] },
      [`GET ${WORKERS}`]: { data: [huda] },
      [`GET ${ROSTER}`]: { data: rows },
      [`PUT ${ROSTER}`]: { status: 400, data: { message: 'الصف 1: تبدأ المناوبة وتنتهي في الوقت نفسه' } },
    });
    mount('ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'الجدول الأسبوعي' }, slow));
    await screen.findByTestId('routing-roster', {}, slow);
    await user.click(screen.getByRole('button', { name: 'حفظ الجدول' }));
    expect((await screen.findByRole('alert')).textContent).toBe('الصف 1: تبدأ المناوبة وتنتهي في الوقت نفسه');
    expect(screen.getByLabelText('العامل 1')).toBeTruthy();
  });

  it('downloads the Excel template and shows an imported sheet\'s row errors like the other imports', async () => {
    const server = fakeServer({
      ...lookups,
      [`GET ${RULES}`]: { data: [] },
      [`GET ${WORKERS}`]: { data: [huda] },
      [`GET ${ROSTER}`]: { data: [] },
      [`GET ${pathOf(endpoints.routingRosterTemplate)}`]: { data: new ArrayBuffer(4) },
      [`POST ${pathOf(endpoints.uploadRoutingRoster)}`]: {
        status: 400,
        data: { message: 'The sheet has problems', rowErrors: [{ row: 3, column: 'Worker', message: 'Row 3: worker W-9 is not a worker of this department' }] },
      },
    });
    const saved = vi.spyOn(platform, 'saveFile').mockResolvedValue({ saved: true });
    vi.spyOn(platform, 'openFile').mockResolvedValue({ name: 'roster.xlsx', bytes: new Uint8Array([1, 2]) });
    mount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Weekly roster' }, slow));
    expect(await screen.findByText('No shift in the roster yet.', {}, slow)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('RosterTemplate.xlsx', expect.any(Uint8Array), expect.anything()));
    await user.click(screen.getByRole('button', { name: 'Upload Excel' }));
    const errors = await screen.findByTestId('row-errors', {}, slow);
    expect(within(errors).getByText('Row 3: worker W-9 is not a worker of this department')).toBeTruthy();
    expect(server.sent('POST', pathOf(endpoints.uploadRoutingRoster))).toHaveLength(1);
  });
});

describe('rooms: floor and zone', () => {
  it('the room form and list carry an optional floor and zone, named in both languages', () => {
    initI18n('en');
    const fields = room.fields.filter((f) => f.name === 'floor' || f.name === 'zone');
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['floor', 'text', false],
      ['zone', 'text', false],
    ]);
    const row = { floor: '3', zone: 'North' } as never;
    const en = room.columns(i18next.getFixedT('en'), 'en', {}).filter((c) => c.id === 'floor' || c.id === 'zone');
    expect(en.map((c) => [c.header, c.value(row)])).toEqual([
      ['Floor', '3'],
      ['Zone', 'North'],
    ]);
    const ar = room.columns(i18next.getFixedT('ar'), 'ar', {}).filter((c) => c.id === 'floor' || c.id === 'zone');
    expect(ar.map((c) => c.header)).toEqual(['الطابق', 'المنطقة']);
    // Editing a room with no floor: the box is empty and sends '' (the server stores none).
    const values = toValues(room.fields, { number: '204', hotelId: 1, useTypeId: 2, roomTypeId: 3, floor: null, zone: 'North' });
    expect([values.floor, values.zone]).toEqual(['', 'North']);
    expect(toBody(room.fields, values)).toMatchObject({ floor: '', zone: 'North' });
  });
});

describe("Home: lines held by an off-shift worker", { timeout: 30_000 }, () => {
  const held: HeldOffShiftLine = {
    lineId: 41,
    requestCode: 'RQ-00041',
    hotelId: 1,
    roomNumber: '204',
    serviceName: 'Towels',
    workerId: 21,
    workerName: 'Huda',
    status: 'Assigned',
    updatedAt: '2026-11-27T09:00:00Z',
  };

  it('counts them and links each to its line, in English and Arabic', async () => {
    fakeServer({ [`GET ${pathOf(endpoints.heldOffShift)}`]: { data: [held] } });
    const view = renderInApp(
      <MemoryRouter>
        <HeldOffShiftTile />
      </MemoryRouter>,
    );
    const tile = await screen.findByTestId('fig-held-off-shift');
    await waitFor(() => expect(within(tile).getByTestId('fig-held-off-shift-count').textContent).toBe('1'));
    expect(within(tile).getByRole('heading', { name: 'Held by an off-shift worker' })).toBeTruthy();
    const link = within(tile).getByRole('link', { name: 'RQ-00041 · Towels · room 204 — Huda' });
    expect(link.getAttribute('href')).toBe('/Admin/Service/Details/41');
    view.unmount();

    renderInApp(
      <MemoryRouter>
        <HeldOffShiftTile />
      </MemoryRouter>,
      'ar',
    );
    const ar = await screen.findByTestId('fig-held-off-shift');
    expect(within(ar).getByRole('heading', { name: 'طلبات لدى عامل خارج المناوبة' })).toBeTruthy();
    expect(await within(ar).findByRole('link', { name: 'RQ-00041 · Towels · الغرفة 204 — Huda' })).toBeTruthy();
  });

  it('says so when none is held', async () => {
    fakeServer({ [`GET ${pathOf(endpoints.heldOffShift)}`]: { data: [] } });
    renderInApp(
      <MemoryRouter>
        <HeldOffShiftTile />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No open line is held by a worker off shift.')).toBeTruthy();
    expect(screen.getByTestId('fig-held-off-shift-count').textContent).toBe('0');
  });
});
