import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_PERMISSIONS, endpoints, pathOf } from '@shared';
import { clientRoutes } from '@shared/routes';
import { AppToaster } from '../../renderer/src/feedback/AppToaster';
import { dismissErrorToasts, showToast } from '../../renderer/src/feedback/toast';
import { ALERT_REPEAT_MS, reminderSecondsAtom } from '../../renderer/src/features/live/reminders';
import { useLiveList } from '../../renderer/src/api/use-live-list';
import { liveSoundAtom } from '../../renderer/src/features/live/sound';
import { platform } from '../../renderer/src/platform';
import { createWebPlatform } from '../../renderer/src/platform/web-platform';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { AdminLayout } from '../../renderer/src/shell/AdminLayout';
import { FakeEventSource } from './fake-event-source';
import { fakeServer } from './support/fake-http';
import { renderInApp } from './render-app';

/*
 * The desktop app's bridge, in place before the renderer's modules load: the app picks
 * its Platform from it, as in Electron. Only the calls the shell makes are answered.
 */
const bridge = vi.hoisted(() => {
  const fake = {
    kind: 'desktop' as const,
    notify: vi.fn<(title: string, body: string, onClick?: () => void) => void>(),
    notifyPermission: () => 'granted' as const,
    setBadgeCount: vi.fn<(count: number) => void>(),
    openExternal: vi.fn(),
    setLanguage: vi.fn(),
  };
  (globalThis as { hotelDesktop?: unknown }).hotelDesktop = fake;
  return fake;
});

/** Records every tone played: each tune has its own notes (renderer/src/features/live/sound.ts). */
class FakeAudioContext {
  static tones: number[] = [];
  currentTime = 0;
  destination = {};
  createOscillator() {
    const osc = { frequency: { value: 0 }, connect: (n: unknown) => n, start: () => void FakeAudioContext.tones.push(osc.frequency.value), stop() {} };
    return osc;
  }
  createGain() {
    const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain, connect: (n: unknown) => n };
  }
}
const count = (tone: number) => FakeAudioContext.tones.filter((t) => t === tone).length;
/** New-request chimes and reminders both rise to 1320 Hz once. */
const chimes = () => count(1320);
/** Only a reminder plays 880 Hz twice. */
const reminders = () => count(880) - count(1320);
/** Only an escalation falls to 330 Hz. */
const escalations = () => count(330);

const created = (requestId: string, requestCode: string) => ({
  type: 'request-created',
  requestId,
  requestCode,
  hotelId: 1,
  departmentIds: [2],
  at: '2026-11-23T20:00:00.000Z',
});

function Where() {
  const { pathname, search } = useLocation();
  return (
    <>
      <p data-testid="where">{pathname}</p>
      <p data-testid="where-search">{search}</p>
    </>
  );
}
function Details() {
  return <h1>Details {useParams().id}</h1>;
}
/** A list screen that keeps its rows live the way the real lists do: it must not alert a second time. */
function LiveListScreen() {
  useLiveList(() => undefined, () => undefined);
  return <h1>Guests Requests screen</h1>;
}

function renderShell(at: string, language: 'en' | 'ar' = 'en') {
  return renderInApp(
    <MemoryRouter initialEntries={[at]}>
      <AppToaster />
      <Where />
      <Routes>
        <Route path={clientRoutes.admin} element={<AdminLayout />}>
          <Route path={clientRoutes.basicData('Room')} element={<h1>Rooms screen</h1>} />
          <Route path={clientRoutes.requestList} element={<LiveListScreen />} />
          <Route path={clientRoutes.requestDetails(':id')} element={<Details />} />
          <Route path={clientRoutes.serviceDetails(':id')} element={<Details />} />
        </Route>
      </Routes>
    </MemoryRouter>,
    language,
  );
}

async function streamOpen() {
  await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  const stream = FakeEventSource.opened[0];
  act(() => stream.open());
  return stream;
}

// happy-dom rejects cancelled Web Animations, which Fluent's toasts cancel on unmount; without animate() Fluent skips motion.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});

describe('new-request alerts on every screen', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    FakeAudioContext.tones = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('AudioContext', FakeAudioContext);
    bridge.notify.mockClear();
    bridge.setBadgeCount.mockClear();
    store.set(liveSoundAtom, true);
    fakeServer({ [`POST ${pathOf(endpoints.eventsTicket)}`]: () => ({ data: { ticket: 'ticket-1', expiresInSeconds: 30 } }) });
    store.set(sessionAtom, { accessToken: 'a', permissions: [...ALL_PERMISSIONS], claims: [], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
  });
  afterEach(() => {
    cleanup();
    store.set(sessionAtom, undefined);
    vi.unstubAllGlobals();
  });

  it('the desktop app is what the renderer runs in here', () => {
    expect(platform.kind).toBe('desktop');
  });

  it('on the Rooms screen: a toast, the chime, the header and menu badge, a native notification that opens the request, and the dock count', async () => {
    renderShell(clientRoutes.basicData('Room'));
    expect(screen.getByText('Rooms screen')).toBeTruthy();
    const stream = await streamOpen();

    act(() => stream.emit('request-created', created('r-1', 'RQ-000101')));

    expect(await screen.findByText('New request RQ-000101')).toBeTruthy();
    expect(chimes()).toBe(1);
    expect(screen.getByTestId('alerts-count').textContent).toBe('1');
    expect(screen.getByTestId('menu-new-count').textContent).toBe('1');
    expect(bridge.notify).toHaveBeenCalledTimes(1);
    const [title, body, onClick] = bridge.notify.mock.calls[0];
    expect(title).toBe('New request RQ-000101');
    expect(body).toBe('A guest is waiting. Click to open the request.');
    expect(bridge.setBadgeCount).toHaveBeenLastCalledWith(1);

    // Clicking the native notification opens the request.
    act(() => onClick!());
    expect(screen.getByTestId('where').textContent).toBe(clientRoutes.requestDetails('r-1'));
    expect(screen.getByRole('heading', { name: 'Details r-1' })).toBeTruthy();

    // On a details page too; the count adds up.
    act(() => stream.emit('request-created', created('r-2', 'RQ-000102')));
    await vi.waitFor(() => expect(bridge.setBadgeCount).toHaveBeenLastCalledWith(2));
    expect(screen.getByTestId('alerts-count').textContent).toBe('2');
    expect(bridge.notify).toHaveBeenCalledTimes(2);
    expect(chimes()).toBe(2);
  });

  it('opening Guests Requests from the bell resets the count; on the list a new request alerts once and is not counted', async () => {
    renderShell(clientRoutes.basicData('Room'));
    const stream = await streamOpen();
    act(() => stream.emit('request-created', created('r-3', 'RQ-000103')));
    await vi.waitFor(() => expect(screen.getByTestId('alerts-count').textContent).toBe('1'));

    await userEvent.click(screen.getByRole('button', { name: '1 new request: open Guests Requests' }));
    expect(screen.getByTestId('where').textContent).toBe(clientRoutes.requestList);
    expect(screen.queryByTestId('alerts-count')).toBeNull();
    expect(screen.queryByTestId('menu-new-count')).toBeNull();
    expect(bridge.setBadgeCount).toHaveBeenLastCalledWith(0);

    // The list listens too (its rows), but only the shell alerts: one toast, one chime, one notification.
    bridge.notify.mockClear();
    const before = chimes();
    act(() => stream.emit('request-created', created('r-4', 'RQ-000104')));
    expect(await screen.findByText('New request RQ-000104')).toBeTruthy();
    expect(screen.getAllByTestId('toast-info').filter((t) => t.textContent?.includes('RQ-000104'))).toHaveLength(1);
    expect(bridge.notify).toHaveBeenCalledTimes(1);
    expect(chimes()).toBe(before + 1);
    expect(screen.queryByTestId('alerts-count')).toBeNull();
    expect(bridge.setBadgeCount).toHaveBeenLastCalledWith(0);
  });

  it('names room, hotel, services and the first words of the note in the toast and the notification', async () => {
    renderShell(clientRoutes.basicData('Room'));
    const stream = await streamOpen();
    const summary = {
      roomNumber: '214',
      hotelNameEn: 'Riyadh Palace',
      hotelNameAr: 'قصر الرياض',
      services: [
        { nameEn: 'Extra towels', nameAr: 'مناشف إضافية' },
        { nameEn: 'AC repair', nameAr: 'إصلاح التكييف' },
      ],
      serviceCount: 4,
      notePreview: 'Please hurry, my daughter…',
    };
    act(() => stream.emit('request-created', { ...created('r-9', 'RQ-000109'), summary, mine: true }));
    const text = 'New request RQ-000109: room 214, Riyadh Palace: Extra towels, AC repair and 2 more “Please hurry, my daughter…”';
    expect(await screen.findByText(text)).toBeTruthy();
    const [title, body] = bridge.notify.mock.calls[0];
    expect(title).toBe('New request RQ-000109');
    expect(body).toBe('room 214, Riyadh Palace: Extra towels, AC repair and 2 more “Please hurry, my daughter…”');
  });

  it('does not alert a user to a new request none of whose lines is in their departments (the lists still take it)', async () => {
    renderShell(clientRoutes.basicData('Room'));
    const stream = await streamOpen();
    act(() => stream.emit('request-created', { ...created('r-10', 'RQ-000110'), mine: false }));
    // Events are handled in turn: once one of the user's own has alerted, the other one was heard and left alone.
    act(() => stream.emit('request-created', { ...created('r-11', 'RQ-000111'), mine: true }));
    expect(await screen.findByText('New request RQ-000111')).toBeTruthy();
    expect(screen.queryByText(/RQ-000110/)).toBeNull();
    expect(chimes()).toBe(1);
    expect(bridge.notify).toHaveBeenCalledTimes(1);
    expect(bridge.notify.mock.calls[0][0]).toBe('New request RQ-000111');
    expect(screen.getByTestId('alerts-count').textContent).toBe('1');
  });

  it('the sound switch in the header turns the chime off (the same switch as on the lists)', async () => {
    renderShell(clientRoutes.basicData('Room'));
    const stream = await streamOpen();
    const soundSwitch = screen.getByRole('button', { name: 'Sound for new requests' });
    expect(soundSwitch.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(soundSwitch);
    expect(store.get(liveSoundAtom)).toBe(false);
    act(() => stream.emit('request-created', created('r-5', 'RQ-000105')));
    expect(await screen.findByText('New request RQ-000105')).toBeTruthy();
    expect(chimes()).toBe(0);
    expect(bridge.notify).toHaveBeenCalledTimes(1);
  });

  it('speaks Arabic, right to left', async () => {
    const view = renderShell(clientRoutes.basicData('Room'), 'ar');
    const stream = await streamOpen();
    act(() => stream.emit('request-created', created('r-6', 'RQ-000106')));
    // The code is isolated left to right inside the Arabic sentence.
    expect(await screen.findByText('طلب جديد \u2066RQ-000106\u2069')).toBeTruthy();
    expect(bridge.notify).toHaveBeenCalledWith('طلب جديد \u2066RQ-000106\u2069', 'نزيل بانتظارك. انقر لفتح الطلب.', expect.any(Function));
    expect(screen.getByRole('button', { name: 'طلب جديد واحد: افتح طلبات النزلاء' })).toBeTruthy();
    expect(view.container.querySelector('[dir="rtl"]')).toBeTruthy();
  });

  it('signing out clears the dock count', async () => {
    const view = renderShell(clientRoutes.basicData('Room'));
    const stream = await streamOpen();
    act(() => stream.emit('request-created', created('r-7', 'RQ-000107')));
    await vi.waitFor(() => expect(bridge.setBadgeCount).toHaveBeenLastCalledWith(1));
    act(() => store.set(sessionAtom, undefined));
    expect(bridge.setBadgeCount).toHaveBeenLastCalledWith(0);
    view.unmount();
  });
});

/** A row of the Services list as the server sends it (service-level clock fields included). */
const waitingLine = (id: number, acknowledgedAt: string | null = null) => ({
  id,
  requestId: `r-${id}`,
  requestHeaderCode: `RQ-0002${id}`,
  serviceName: 'Extra towels',
  departmentName: 'Housekeeping',
  hotelName: 'Nakheel Riyadh Hotel',
  roomNumber: '101',
  createdAt: '2026-11-23T20:00:00.000Z',
  updatedAt: '2026-11-23T20:00:00.000Z',
  statusName: 'Open',
  acknowledgedAt,
  clockStartedAt: '2026-11-23T20:00:00.000Z',
  acknowledgeDueAt: null,
  completeDueAt: null,
  dueAt: null,
  dueKind: null,
  isOverdue: false,
});

describe('lines waiting to be acknowledged ring again every 30 s, on every screen', () => {
  let lines: ReturnType<typeof waitingLine>[];
  let server: ReturnType<typeof fakeServer>;
  const LINES = '/api/Request/GetAllServicesRequest';
  beforeEach(() => {
    FakeEventSource.opened = [];
    FakeAudioContext.tones = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    bridge.notify.mockClear();
    store.set(liveSoundAtom, true);
    lines = [waitingLine(31)];
    server = fakeServer({
      [`POST ${pathOf(endpoints.eventsTicket)}`]: () => ({ data: { ticket: 'ticket-1', expiresInSeconds: 30 } }),
      // As the server answers: `waiting=true` keeps the lines nobody has acknowledged, counts them all, and sends one page.
      [`GET ${LINES}`]: (call) => {
        const matching = call.query.waiting === 'true' ? lines.filter((l) => l.acknowledgedAt === null) : lines;
        return { data: matching.slice(0, Number(call.query.pageSize ?? matching.length)), headers: { 'x-total-count': String(matching.length) } };
      },
    });
    store.set(sessionAtom, {
      accessToken: 'a',
      permissions: [...ALL_PERMISSIONS],
      claims: ['Service Management.Service List.View', 'Service Management.Service List.Acknowledge'],
      userRoles: ['Staff'],
      userName: 'Hessa',
      userEmail: 'h@x.demo',
    });
  });
  afterEach(() => {
    cleanup();
    store.set(sessionAtom, undefined);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const round = async () => {
    const before = server.sent('GET', LINES).length;
    act(() => vi.advanceTimersByTime(ALERT_REPEAT_MS));
    await vi.waitFor(() => expect(server.sent('GET', LINES).length).toBe(before + 1));
  };

  it('reminds on the Rooms screen until the line is acknowledged, then rests until something changes', async () => {
    renderShell(clientRoutes.basicData('Room'));
    const stream = await streamOpen();

    await round();
    expect(await screen.findByText('Extra towels (room 101, RQ-000231) waits to be acknowledged')).toBeTruthy();
    expect(reminders()).toBe(1);
    // The server picks what waits (in the user's scope), counts it, and sends the longest waiting.
    expect(server.calls.find((c) => c.url === LINES)?.query).toMatchObject({ waiting: 'true', sort: 'createdAt', order: 'asc', pageSize: 1 });

    await round();
    await vi.waitFor(() => expect(reminders()).toBe(2));

    // Someone acknowledges it: the next round finds nothing and does not ring.
    lines = [waitingLine(31, '2026-11-23T20:01:00.000Z')];
    await round();
    expect(reminders()).toBe(2);
    // Nothing can be waiting until a line changes: no more reads, no ring.
    act(() => vi.advanceTimersByTime(3 * ALERT_REPEAT_MS));
    expect(server.sent('GET', LINES)).toHaveLength(3);

    // A new request: it alerts at once, and rings again until someone takes it.
    lines = [waitingLine(32), waitingLine(31, '2026-11-23T20:01:00.000Z'), waitingLine(33)];
    act(() => stream.emit('request-created', created('r-32', 'RQ-000232')));
    await round();
    expect(await screen.findByText('2 service lines wait to be acknowledged')).toBeTruthy();
    expect(reminders()).toBe(3);

  });

  it('counts every line waiting, not one page of them, and opens the Services list of exactly those, the longest waiting first', async () => {
    // More than any page: a busy evening's backlog, of which the oldest matter most.
    lines = [...Array.from({ length: 150 }, (_, i) => waitingLine(100 + i)), waitingLine(31, '2026-11-23T20:01:00.000Z')];
    renderShell(clientRoutes.basicData('Room'));
    await streamOpen();
    await round();
    expect(await screen.findByText('150 service lines wait to be acknowledged')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe(clientRoutes.serviceList));
    expect(screen.getByTestId('where-search').textContent).toBe('?waiting=true&sort=createdAt&order=asc');
  });

  it('the bell counts the lines waiting for this user and opens exactly those', async () => {
    lines = [waitingLine(41), waitingLine(42), waitingLine(43)];
    renderShell(clientRoutes.basicData('Room'));
    await streamOpen();
    await round();
    await vi.waitFor(() => expect(screen.getByTestId('alerts-count').textContent).toBe('3'));
    await userEvent.click(screen.getByRole('button', { name: '3 lines wait for you to take them: open them' }));
    expect(screen.getByTestId('where').textContent).toBe(clientRoutes.serviceList);
    expect(screen.getByTestId('where-search').textContent).toBe('?waiting=true&sort=createdAt&order=asc');
  });

  it('rings at the interval chosen in the header (per machine), not only every 30 s; Arabic names the choices', async () => {
    store.set(reminderSecondsAtom, 30);
    renderShell(clientRoutes.basicData('Room'));
    await streamOpen();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByTestId('alerts-repeat'));
    expect((await screen.findAllByText('Remind of unacknowledged lines every…')).length).toBeGreaterThan(0);
    await user.click(await screen.findByRole('menuitemradio', { name: '2 min' }));
    expect(store.get(reminderSecondsAtom)).toBe(120);
    expect(localStorage.getItem('hotel.reminderSeconds')).toBe('120');

    // Half of the new interval (and well past the old 30 s): no read, no ring.
    act(() => vi.advanceTimersByTime(60_000));
    expect(server.sent('GET', LINES)).toHaveLength(0);
    act(() => vi.advanceTimersByTime(60_000));
    await vi.waitFor(() => expect(server.sent('GET', LINES)).toHaveLength(1));
    await vi.waitFor(() => expect(reminders()).toBe(1));
    act(() => vi.advanceTimersByTime(119_000));
    expect(server.sent('GET', LINES)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_000));
    await vi.waitFor(() => expect(server.sent('GET', LINES)).toHaveLength(2));
    cleanup();

    // A stored value that is not a choice reads as the default; Arabic lists the choices.
    localStorage.setItem('hotel.reminderSeconds', '7');
    store.set(reminderSecondsAtom, 7);
    expect(store.get(reminderSecondsAtom)).toBe(ALERT_REPEAT_MS / 1000);
    renderShell(clientRoutes.basicData('Room'), 'ar');
    await user.click(screen.getByTestId('alerts-repeat'));
    expect(await screen.findByRole('menuitemradio', { name: '30 ث' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: '5 دقائق' })).toBeTruthy();
    store.set(reminderSecondsAtom, 30);
  });

  it('does not remind a user who cannot take lines', async () => {
    store.set(sessionAtom, { ...store.get(sessionAtom)!, claims: ['Service Management.Service List.View'] });
    renderShell(clientRoutes.basicData('Room'));
    await streamOpen();
    act(() => vi.advanceTimersByTime(2 * ALERT_REPEAT_MS));
    expect(server.sent('GET', LINES)).toHaveLength(0);
    expect(reminders()).toBe(0);
  });

  it('an escalation: a red toast, its own falling chime, and a native notification that opens the line', async () => {
    renderShell(clientRoutes.basicData('Room'));
    const stream = await streamOpen();
    act(() =>
      stream.emit('line-escalated', {
        ...created('r-40', 'RQ-000240'),
        type: 'line-escalated',
        lineId: 40,
        escalation: {
          kind: 'acknowledge',
          dueAt: '2026-11-23T20:10:00.000Z',
          serviceNameEn: 'Extra towels',
          serviceNameAr: 'مناشف إضافية',
          hotelNameEn: 'Nakheel Riyadh Hotel',
          hotelNameAr: 'فندق نخيل الرياض',
          roomNumber: '101',
          departmentName: 'Housekeeping',
        },
      }),
    );
    const toast = await vi.waitFor(() => screen.getByTestId('toast-error'));
    expect(toast.textContent).toContain('Overdue: Extra towels, room 101. Not acknowledged by');
    expect(toast.textContent).toContain('(Nakheel Riyadh Hotel, Housekeeping)');
    expect(escalations()).toBe(1);
    expect(chimes()).toBe(0);
    expect(bridge.notify).toHaveBeenCalledTimes(1);
    const [title, body, onClick] = bridge.notify.mock.calls[0];
    expect(title).toBe('Overdue: Extra towels, room 101');
    expect(body).toMatch(/^Not acknowledged by .+ \(Nakheel Riyadh Hotel, Housekeeping\)$/);
    act(() => onClick!());
    expect(screen.getByTestId('where').textContent).toBe(clientRoutes.serviceDetails(40));
    // Not a new request: no count.
    expect(screen.queryByTestId('alerts-count')).toBeNull();
  });

  it('an escalation in Arabic names the department in Arabic and keeps the room number left to right', async () => {
    renderShell(clientRoutes.basicData('Room'), 'ar');
    const stream = await streamOpen();
    act(() =>
      stream.emit('line-escalated', {
        ...created('r-41', 'RQ-000241'),
        type: 'line-escalated',
        lineId: 41,
        escalation: {
          kind: 'acknowledge',
          dueAt: '2026-11-23T20:10:00.000Z',
          serviceNameEn: 'Extra towels',
          serviceNameAr: 'مناشف إضافية',
          hotelNameEn: 'Nakheel Riyadh Hotel',
          hotelNameAr: 'فندق نخيل الرياض',
          roomNumber: 'A-101',
          departmentName: 'Housekeeping',
          departmentNameAr: 'التدبير المنزلي',
        },
      }),
    );
    const toast = await vi.waitFor(() => screen.getByTestId('toast-error'));
    expect(toast.textContent).toContain('\u2066A-101\u2069');
    expect(toast.textContent).toContain('التدبير المنزلي');
    expect(toast.textContent).not.toContain('Housekeeping');
  });
});

describe("a line a worker's phone gave back (Can't do)", () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    FakeAudioContext.tones = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('AudioContext', FakeAudioContext);
    bridge.notify.mockClear();
    store.set(liveSoundAtom, true);
    fakeServer({ [`POST ${pathOf(endpoints.eventsTicket)}`]: () => ({ data: { ticket: 'ticket-1', expiresInSeconds: 30 } }) });
    store.set(sessionAtom, { accessToken: 'a', permissions: [...ALL_PERMISSIONS], claims: [], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
  });
  afterEach(() => {
    cleanup();
    store.set(sessionAtom, undefined);
    vi.unstubAllGlobals();
  });

  const givenBack = (lineId: number, mine: boolean) => ({
    ...created('r-50', 'RQ-000250'),
    type: 'line-changed',
    lineId,
    statusName: 'Open',
    mine,
    returned: { workerName: 'Huda Saleh', workerNameAr: 'هدى صالح', reason: 'No towels left in the store' },
  });

  it('alerts the desk with who and why, and its Open goes to the line', async () => {
    renderShell(clientRoutes.basicData('Room'));
    const stream = await streamOpen();
    act(() => stream.emit('line-changed', givenBack(50, true)));
    const toast = await vi.waitFor(() => screen.getByTestId('toast-warning'));
    expect(toast.textContent).toContain("Huda Saleh can't do a task of request RQ-000250. Reason: No towels left in the store.");
    expect(reminders()).toBe(1);
    expect(bridge.notify).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByTestId('where').textContent).toBe(clientRoutes.serviceDetails(50));
  });

  it("in Arabic names the worker in Arabic; another department's line and a plain change alert nobody", async () => {
    renderShell(clientRoutes.basicData('Room'), 'ar');
    const stream = await streamOpen();
    act(() => {
      stream.emit('line-changed', givenBack(51, false));
      stream.emit('line-changed', { ...givenBack(52, true), returned: undefined });
    });
    act(() => stream.emit('line-changed', givenBack(53, true)));
    const toast = await vi.waitFor(() => screen.getByTestId('toast-warning'));
    expect(toast.textContent).toContain('تعذّر على هدى صالح تنفيذ مهمة من الطلب \u2066RQ-000250\u2069');
    expect(screen.getAllByTestId('toast-warning')).toHaveLength(1);
    expect(bridge.notify).toHaveBeenCalledTimes(1);
  });
});

describe('toasts', () => {
  afterEach(cleanup);

  it('an error toast shows once however often it happens, has a dismiss button, and goes when the user moves on', async () => {
    renderInApp(<AppToaster />);
    act(() => {
      showToast('The server could not be reached', 'error');
      showToast('The server could not be reached', 'error');
      showToast('Saved', 'success');
    });
    await vi.waitFor(() => expect(screen.getAllByTestId('toast-error')).toHaveLength(1));
    expect(screen.getByTestId('toast-error').textContent).toContain('The server could not be reached');
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    act(() => dismissErrorToasts());
    await vi.waitFor(() => expect(screen.queryByTestId('toast-error')).toBeNull());
    expect(screen.getByTestId('toast-success').textContent).toContain('Saved');
  });
});

describe('the web build\'s badge', () => {
  it('puts the count in the tab title and takes it away at 0', () => {
    document.title = 'Hotel Services Admin';
    const web = createWebPlatform();
    web.setBadgeCount(3);
    expect(document.title).toBe('(3) Hotel Services Admin');
    web.setBadgeCount(120);
    expect(document.title).toBe('(99+) Hotel Services Admin');
    web.setBadgeCount(0);
    expect(document.title).toBe('Hotel Services Admin');
  });
});
