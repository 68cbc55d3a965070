import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_PERMISSIONS, endpoints, pathOf } from '@shared';
import { clientRoutes } from '@shared/routes';
import { AppToaster } from '../../renderer/src/feedback/AppToaster';
import { showToast } from '../../renderer/src/feedback/toast';
import { liveSoundAtom } from '../../renderer/src/features/live/sound';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { AdminLayout } from '../../renderer/src/shell/AdminLayout';
import { FakeEventSource } from './fake-event-source';
import { fakeServer } from './support/fake-http';
import { renderInApp } from './render-app';

/** Live alerts that need someone stay until dismissed or opened, with a close button, the newest three shown and the rest counted. */

const created = (n: number) => ({
  type: 'request-created',
  requestId: `r-${n}`,
  requestCode: `RQ-0000${n}`,
  hotelId: 1,
  departmentIds: [2],
  at: '2026-11-23T20:00:00.000Z',
});
const escalated = (n: number) => ({
  ...created(n),
  type: 'line-escalated',
  lineId: n,
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
});

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

function renderShell(language: 'en' | 'ar' = 'en') {
  return renderInApp(
    <MemoryRouter initialEntries={[clientRoutes.basicData('Room')]}>
      <AppToaster />
      <Where />
      <Routes>
        <Route path={clientRoutes.admin} element={<AdminLayout />}>
          <Route path={clientRoutes.basicData('Room')} element={<h1>Rooms screen</h1>} />
          <Route path="*" element={<h1>Another screen</h1>} />
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
/** A toast's time runs out as its timer's animation ends (Fluent's Timer): what a toast that fades does after its seconds. */
function runOutTimers() {
  for (const timer of document.querySelectorAll('[data-timer-status]')) fireEvent.animationEnd(timer);
}
const alertCodes = () => screen.queryAllByTestId(/^toast-(info|error|warning)$/).map((t) => /RQ-\d+|room \d+/.exec(t.textContent ?? '')?.[0]);

// happy-dom rejects cancelled Web Animations, which Fluent's toasts cancel on unmount; without animate() Fluent skips motion.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('AudioContext', undefined);
  store.set(liveSoundAtom, false);
  fakeServer({ [`POST ${pathOf(endpoints.eventsTicket)}`]: () => ({ data: { ticket: 'ticket-1', expiresInSeconds: 30 } }) });
  store.set(sessionAtom, { accessToken: 'a', permissions: [...ALL_PERMISSIONS], claims: [], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(() => {
  cleanup();
  store.set(sessionAtom, undefined);
  vi.unstubAllGlobals();
});

describe('alert toasts that need someone', { timeout: 20_000 }, () => {
  it('a new request and an escalation stay after a plain toast’s time has run out, until their close button', async () => {
    renderShell();
    const stream = await streamOpen();
    act(() => stream.emit('request-created', created(1)));
    act(() => stream.emit('line-escalated', escalated(2)));
    await screen.findByText('New request RQ-00001');
    await vi.waitFor(() => expect(screen.getByTestId('toast-error')).toBeTruthy());
    act(() => showToast('Saved', 'success'));
    await screen.findByText('Saved');

    act(() => runOutTimers());
    await vi.waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
    expect(screen.getByText('New request RQ-00001')).toBeTruthy();
    expect(screen.getByTestId('toast-error').textContent).toContain('Overdue: Extra towels, room 101');

    const request = screen.getByTestId('toast-info');
    await userEvent.click(within(request).getByRole('button', { name: 'Dismiss this alert' }));
    await vi.waitFor(() => expect(screen.queryByText('New request RQ-00001')).toBeNull());
    expect(screen.getByTestId('toast-error')).toBeTruthy();
  });

  it('Open opens the request and takes its alert down', async () => {
    renderShell();
    const stream = await streamOpen();
    act(() => stream.emit('request-created', created(3)));
    const toast = await screen.findByTestId('toast-info');
    await userEvent.click(within(toast).getByRole('button', { name: 'Open' }));
    expect(screen.getByTestId('where').textContent).toBe(clientRoutes.requestDetails('r-3'));
    await vi.waitFor(() => expect(screen.queryByTestId('toast-info')).toBeNull());
  });

  it('shows the newest three; one line counts the others and opens the bell’s list', async () => {
    renderShell();
    const stream = await streamOpen();
    for (const n of [11, 12, 13, 14, 15]) act(() => stream.emit('request-created', created(n)));
    await screen.findByText('New request RQ-000015');
    await vi.waitFor(() => expect(alertCodes()).toHaveLength(3));
    expect(alertCodes().sort()).toEqual(['RQ-000013', 'RQ-000014', 'RQ-000015']);
    const more = screen.getByTestId('toast-more');
    expect(more.textContent).toContain('and 2 more alerts');

    // One more: still three, the count grows on the same line.
    act(() => stream.emit('line-escalated', escalated(16)));
    await vi.waitFor(() => expect(screen.getByTestId('toast-more').textContent).toContain('and 3 more alerts'));
    expect(screen.getAllByTestId('toast-more')).toHaveLength(1);
    expect(alertCodes()).toHaveLength(3);

    await userEvent.click(within(screen.getByTestId('toast-more')).getByRole('button', { name: 'Show them' }));
    expect(screen.getByTestId('where').textContent).toBe(clientRoutes.requestList);
    await vi.waitFor(() => expect(screen.queryByTestId('toast-more')).toBeNull());
    expect(screen.queryByTestId('alerts-count')).toBeNull();
  });

  it('in Arabic: the close button and the count line speak Arabic', async () => {
    const view = renderShell('ar');
    const stream = await streamOpen();
    for (const n of [21, 22, 23, 24, 25]) act(() => stream.emit('request-created', created(n)));
    const more = await screen.findByTestId('toast-more');
    expect(more.textContent).toContain('وتنبيهان آخران');
    expect(within(more).getByRole('button', { name: 'اعرضها' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'إغلاق هذا التنبيه' }).length).toBe(4);
    expect(view.container.querySelector('[dir="rtl"]')).toBeTruthy();
  });
});
