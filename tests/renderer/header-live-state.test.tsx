import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, endpoints, pathOf } from '@shared';
import { HeaderAlerts } from '../../renderer/src/features/live/HeaderAlerts';
import { subscribeLive } from '../../renderer/src/api/live-events';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { FakeEventSource } from './fake-event-source';
import { fakeServer } from './support/fake-http';
import { renderInApp } from './render-app';

let unsubscribe: (() => void) | undefined;
beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  store.set(sessionAtom, { accessToken: 'a', permissions: [], claims: [...ALL_CLAIMS], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
  fakeServer({ [`POST ${pathOf(endpoints.eventsTicket)}`]: { data: { ticket: 't', expiresInSeconds: 30 } } });
});
afterEach(() => {
  unsubscribe?.();
  cleanup();
  store.set(sessionAtom, undefined);
  vi.unstubAllGlobals();
});

const bell = () => screen.getByTestId('alerts-bell');

describe("the header bell says when live alerts cannot arrive", () => {
  it('says paused until the stream opens, and again while it is down', async () => {
    renderInApp(
      <MemoryRouter>
        <HeaderAlerts canOpenList />
      </MemoryRouter>,
    );
    expect(bell().getAttribute('aria-label')).toBe('New requests (live alerts paused, reconnecting)');
    expect(bell().dataset.live).toBe('off');

    unsubscribe = subscribeLive(() => undefined, () => undefined);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => FakeEventSource.opened[0].open());
    expect(bell().getAttribute('aria-label')).toBe('New requests');
    expect(bell().dataset.live).toBe('on');

    // The network drops: until a new stream opens, the bell says so.
    act(() => FakeEventSource.opened[0].onerror?.());
    expect(bell().getAttribute('aria-label')).toBe('New requests (live alerts paused, reconnecting)');
  });

  it('says it in Arabic', () => {
    renderInApp(
      <MemoryRouter>
        <HeaderAlerts canOpenList />
      </MemoryRouter>,
      'ar',
    );
    expect(bell().getAttribute('aria-label')).toBe('طلبات جديدة (التنبيهات الحية متوقفة، جارٍ إعادة الاتصال)');
  });
});
