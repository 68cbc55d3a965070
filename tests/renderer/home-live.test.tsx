import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, endpoints, pathOf, type HomeFigures } from '@shared';
import { HomeDashboard } from '../../renderer/src/features/home/HomeDashboard';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { FakeEventSource } from './fake-event-source';
import { fakeServer } from './support/fake-http';
import { fakeTime, letTimePass } from './support/fake-time';
import { renderInApp } from './render-app';

const figures = (openLines: number): HomeFigures => ({ openLines, waitingLongest: [], completedToday: 2, avgCompleteMinutes: 14, avgRating: null, reviewsToday: 0, overdueByDepartment: [] });
const event = (i: number) => ({ type: 'request-created', requestId: `r-${i}`, requestCode: `RQ-${i}`, hotelId: 1, departmentIds: [2], at: '2026-11-23T20:00:00.000Z' });

beforeEach(() => {
  fakeTime();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  store.set(sessionAtom, { accessToken: 'a', permissions: [], claims: [...ALL_CLAIMS], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(() => {
  cleanup();
  store.set(sessionAtom, undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Home on the query layer', { timeout: 20_000 }, () => {
  it('the stream\'s opening re-reads what was read before it; a burst of live events re-reads the figures once; both show the new values', async () => {
    let open = 3;
    const server = fakeServer({
      [`POST ${pathOf(endpoints.eventsTicket)}`]: { data: { ticket: 't', expiresInSeconds: 30 } },
      [`GET ${pathOf(endpoints.homeFigures)}`]: () => ({ data: figures(open) }),
    });
    const reads = () => server.sent('GET', pathOf(endpoints.homeFigures)).length;
    renderInApp(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })}>
        <MemoryRouter>
          <HomeDashboard />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('fig-open').textContent).toContain('3'));
    expect(reads()).toBe(1);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0];
    // A guest's request stored after the first read and before the stream opened: no event will tell of it.
    open = 4;
    act(() => stream.open());
    await waitFor(() => expect(screen.getByTestId('fig-open').textContent).toContain('4'));
    expect(reads()).toBe(2);

    // A guest's request with three lines: three events at once.
    open = 7;
    act(() => [1, 2, 3].forEach((i) => stream.emit('request-created', event(i))));
    await waitFor(() => expect(screen.getByTestId('fig-open').textContent).toContain('7'));
    // A second of the screen's time (well short of the 30 s re-read): no late re-read for the same burst.
    await letTimePass(1_000);
    expect(reads()).toBe(3);
  });
});
