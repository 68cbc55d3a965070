import { QueryClient, QueryClientProvider, skipToken, useQuery } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints, pathOf, type HomeFigures } from '@shared';
import { HomeDashboard } from '../../renderer/src/features/home/HomeDashboard';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { FakeEventSource } from './fake-event-source';
import { fakeServer } from './support/fake-http';
import { renderInApp } from './render-app';

const figures: HomeFigures = { openLines: 1, waitingLongest: [], completedToday: 0, avgCompleteMinutes: null, avgRating: null, reviewsToday: 0, overdueByDepartment: [] };

/**
 * Shows the status as the cache holds it, beside the warning: both watch the same query, so they
 * draw in the same commit, and once this shows the answer the warning has drawn what it makes of it.
 */
function StatusRead() {
  const { data } = useQuery({ queryKey: ['escalation-mail-status', 'en'], queryFn: skipToken });
  return <p data-testid="status-read">{data ? JSON.stringify(data) : ''}</p>;
}

const showHome = (claims: string[], ready: boolean) => {
  vi.stubGlobal('EventSource', FakeEventSource);
  store.set(sessionAtom, { accessToken: 'a', permissions: [], claims, userRoles: [], userName: 'Hessa', userEmail: 'h@x.demo' });
  fakeServer({
    [`POST ${pathOf(endpoints.eventsTicket)}`]: { data: { ticket: 't', expiresInSeconds: 30 } },
    [`GET ${pathOf(endpoints.homeFigures)}`]: { data: figures },
    [`GET ${pathOf(endpoints.escalationMailStatus)}`]: { data: { ready } },
  });
  renderInApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <HomeDashboard />
        <StatusRead />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

afterEach(() => {
  cleanup();
  store.set(sessionAtom, undefined);
  vi.unstubAllGlobals();
});

describe('Home warns while escalation e-mails cannot be sent', { timeout: 20_000 }, () => {
  it('an escalations receiver without the lists sees the warning on Home', async () => {
    showHome(['Service Management.Escalations.Receive'], false);
    expect((await screen.findByTestId('escalation-mail-off')).textContent).toContain('escalation e-mails cannot be sent');
  });

  it('a desk reader sees it too; nobody does once e-mail is set up', async () => {
    showHome(['Service Management.Request List.View'], false);
    expect(await screen.findByTestId('escalation-mail-off')).toBeTruthy();
    cleanup();
    showHome(['Service Management.Request List.View', 'Service Management.Escalations.Receive'], true);
    await screen.findByTestId('fig-open');
    await waitFor(() => expect(screen.getByTestId('status-read').textContent).toBe('{"ready":true}'));
    expect(screen.queryByTestId('escalation-mail-off')).toBeNull();
  });
});
