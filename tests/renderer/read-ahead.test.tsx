import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, REQUEST_STATUSES, endpoints, pathOf } from '@shared';
import { keys } from '../../renderer/src/api/query';
import { subscribeLive } from '../../renderer/src/api/live-events';
import { READ_AHEAD_FRESH_MS, READ_AHEAD_STREAM_WAIT_MS, prefetchPage, usePagedLiveList, type PagedLiveSource } from '../../renderer/src/api/use-paged-live-list';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { parseListView } from '../../renderer/src/table/url-view';
import { FakeEventSource } from './fake-event-source';
import { fakeServer } from './support/fake-http';
import { fakeTime, letTimePass } from './support/fake-time';
import { renderInApp, withQueryCache } from './render-app';

// The Guests Requests' first page read right after sign-in (while Home shows) is used as
// it is when the list opens, so opening it asks the server nothing, as long as that read is
// current: made with the live stream open, less than 30 s ago, and nothing heard since. Otherwise
// (an event, a resync, the stream down, too old, or the list opened a second time) the list
// reads its page again, as it always did.

interface Row {
  id: string;
  code: string;
}

let rows: Row[] = [];
let reads = 0;
const SOURCE: PagedLiveSource<Row> = {
  root: keys.requests,
  fetchPage: async () => {
    reads++;
    return { rows: [...rows], total: rows.length };
  },
  rowId: (r) => r.id,
  requestIdOf: (r) => r.id,
};
const VIEW = parseListView(new URLSearchParams(), REQUEST_STATUSES);

function List() {
  const { rows: shown } = usePagedLiveList(SOURCE, VIEW);
  return (
    <ul data-testid="rows">
      {shown.map((r) => (
        <li key={r.id}>{r.code}</li>
      ))}
    </ul>
  );
}

const event = (code: string) => ({ type: 'request-created', requestId: code, requestCode: code, hotelId: 1, departmentIds: [2], at: '2026-11-24T20:00:00.000Z' });

let cache: QueryClient;
let stopShell: (() => void) | undefined;
beforeEach(() => {
  rows = [{ id: 'a', code: 'RQ-1' }];
  reads = 0;
  cache = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  store.set(sessionAtom, { accessToken: 'a', permissions: [], claims: [...ALL_CLAIMS], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(() => {
  cleanup();
  stopShell?.();
  stopShell = undefined;
  store.set(sessionAtom, undefined); // signing out ends a read-ahead's listening
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/**
 * Signs in as the login page does: the page is read ahead, with the live stream opening
 * meanwhile (or refused). `shell`: the shell's listeners (the header's alerts) already have
 * the stream open; otherwise the read-ahead opens it.
 */
async function readAhead({ streamOpens = true, shell = true } = {}) {
  fakeServer({ [`POST ${pathOf(endpoints.eventsTicket)}`]: streamOpens ? { data: { ticket: 't', expiresInSeconds: 30 } } : { status: 403, data: { message: 'no' } } });
  const openStream = async () => {
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => FakeEventSource.opened[0].open());
  };
  if (shell) {
    stopShell = subscribeLive(() => undefined, () => undefined);
    if (streamOpens) await openStream();
  }
  const done = prefetchPage(cache, SOURCE, VIEW, 'en');
  if (streamOpens && !shell) await openStream();
  await done;
  expect(reads).toBe(1);
  return FakeEventSource.opened[0];
}

const openList = () => renderInApp(withQueryCache(<List />, cache));
const shown = () => screen.getByTestId('rows').textContent;

describe('the list opens on the page read after sign-in', { timeout: 20_000 }, () => {
  it('a current read-ahead is shown as it is: opening the list asks nothing', async () => {
    fakeTime();
    await readAhead();
    openList();
    expect(shown()).toBe('RQ-1');
    // Nor a moment later: whatever the list would do next (an effect, a timer) has run.
    await letTimePass(1_000);
    expect(reads).toBe(1);
  });

  it('the read-ahead opens the live stream itself when nothing has yet, and reads once it is open', async () => {
    fakeTime();
    await readAhead({ shell: false });
    openList();
    expect(shown()).toBe('RQ-1');
    // Nor a moment later: whatever the list would do next (an effect, a timer) has run.
    await letTimePass(1_000);
    expect(reads).toBe(1);
  });

  it('an event heard before the list opens: the list reads its page again and shows the new request', async () => {
    const stream = await readAhead();
    rows = [{ id: 'b', code: 'RQ-2' }, ...rows];
    act(() => stream.emit('request-created', event('RQ-2')));
    openList();
    await waitFor(() => expect(shown()).toBe('RQ-2RQ-1'));
    expect(reads).toBe(2);
  });

  it('a resync (events may have been missed) is heard the same way', async () => {
    const stream = await readAhead();
    rows = [{ id: 'b', code: 'RQ-2' }, ...rows];
    act(() => stream.emit('resync', {}));
    openList();
    await waitFor(() => expect(shown()).toBe('RQ-2RQ-1'));
    expect(reads).toBe(2);
  });

  it('it serves one opening: back on another screen and into the list again, the page is read again', async () => {
    await readAhead();
    const first = openList();
    expect(shown()).toBe('RQ-1');
    first.unmount();
    rows = [{ id: 'b', code: 'RQ-2' }, ...rows];
    openList();
    await waitFor(() => expect(shown()).toBe('RQ-2RQ-1'));
    expect(reads).toBe(2);
  });

  it(`older than ${READ_AHEAD_FRESH_MS / 1000} s, it is read again`, async () => {
    await readAhead();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + READ_AHEAD_FRESH_MS + 1);
    openList();
    await waitFor(() => expect(reads).toBe(2));
  });

  it('read without the live stream (refused), or with the stream down since: read again', async () => {
    // The read-ahead gives the refused stream its 1.5 s before reading without it: on the test's clock, at once.
    fakeTime();
    const reading = readAhead({ streamOpens: false, shell: false });
    await letTimePass(READ_AHEAD_STREAM_WAIT_MS);
    await reading;
    openList();
    await waitFor(() => expect(reads).toBe(2));
    cleanup();
    stopShell?.();

    cache = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    reads = 0;
    FakeEventSource.opened = [];
    const stream = await readAhead();
    act(() => stream.onerror?.()); // the stream drops; it comes back later
    openList();
    await waitFor(() => expect(reads).toBe(2));
  });

  it('a request that arrives while the page\'s first read is still under way shows on the page, not as "1 new"', async () => {
    stopShell = subscribeLive(() => undefined, () => undefined);
    fakeServer({ [`POST ${pathOf(endpoints.eventsTicket)}`]: { data: { ticket: 't', expiresInSeconds: 30 } } });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0];
    act(() => stream.open());
    // The server is slow: the first read takes its rows now and answers only when let go.
    const held: (() => void)[] = [];
    const slow: PagedLiveSource<Row> = {
      ...SOURCE,
      fetchPage: async () => {
        reads++;
        const answer = { rows: [...rows], total: rows.length };
        if (reads === 1) await new Promise<void>((resolve) => held.push(resolve));
        return answer;
      },
    };
    function SlowList() {
      const { rows: page, newCount } = usePagedLiveList(slow, VIEW);
      return (
        <>
          <ul data-testid="rows">
            {page.map((r) => (
              <li key={r.id}>{r.code}</li>
            ))}
          </ul>
          <output data-testid="new">{newCount}</output>
        </>
      );
    }
    renderInApp(withQueryCache(<SlowList />, cache));
    await waitFor(() => expect(held).toHaveLength(1));
    rows = [{ id: 'RQ-2', code: 'RQ-2' }, ...rows]; // the event names the request by its id
    act(() => stream.emit('request-created', event('RQ-2')));
    act(() => held[0]());
    await waitFor(() => expect(shown()).toBe('RQ-2RQ-1'));
    expect(screen.getByTestId('new').textContent).toBe('0');
  });
});

describe('a live page', { timeout: 20_000 }, () => {
  /** A server whose page reads wait until let go, each taking the rows as they are when it starts. */
  function heldServer() {
    const held: (() => void)[] = [];
    const source: PagedLiveSource<Row> = {
      ...SOURCE,
      fetchPage: async () => {
        reads++;
        const answer = { rows: [...rows], total: rows.length };
        await new Promise<void>((resolve) => held.push(resolve));
        return answer;
      },
    };
    return { source, held, letGo: () => act(() => held.splice(0).forEach((go) => go())) };
  }

  function LivePage({ source, view = VIEW }: { source: PagedLiveSource<Row>; view?: typeof VIEW }) {
    const { rows: page, fresh, newCount } = usePagedLiveList(source, view);
    return (
      <>
        <ul data-testid="rows">
          {page.map((r) => (
            <li key={r.id} data-fresh={fresh.has(r.id) ? 'yes' : 'no'}>
              {r.code}
            </li>
          ))}
        </ul>
        <output data-testid="new">{newCount}</output>
      </>
    );
  }

  async function openStream() {
    stopShell = subscribeLive(() => undefined, () => undefined);
    fakeServer({ [`POST ${pathOf(endpoints.eventsTicket)}`]: { data: { ticket: 't', expiresInSeconds: 30 } } });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0];
    act(() => stream.open());
    return stream;
  }

  it('a burst of events costs two reads at most: the one under way, then one that started after them all; what they bring is highlighted', async () => {
    const stream = await openStream();
    const { source, held, letGo } = heldServer();
    renderInApp(withQueryCache(<LivePage source={source} />, cache));
    await waitFor(() => expect(held).toHaveLength(1));
    letGo();
    await waitFor(() => expect(shown()).toBe('RQ-1'));

    // The first event starts a read; four more arrive while it is under way, the last after it took its rows.
    rows = [{ id: 'RQ-2', code: 'RQ-2' }, ...rows];
    act(() => stream.emit('request-created', event('RQ-2')));
    await waitFor(() => expect(held).toHaveLength(1));
    for (const code of ['RQ-3', 'RQ-4', 'RQ-5']) {
      rows = [{ id: code, code }, ...rows];
      act(() => stream.emit('request-created', event(code)));
    }
    expect(reads).toBe(2);
    letGo();
    // Once it is in, one more read for all of them (it started after every one of them).
    await waitFor(() => expect(held).toHaveLength(1));
    expect(reads).toBe(3);
    letGo();
    await waitFor(() => expect(shown()).toBe('RQ-5RQ-4RQ-3RQ-2RQ-1'));
    expect(reads).toBe(3);
    const freshness = [...screen.getByTestId('rows').querySelectorAll('li')].map((li) => `${li.textContent}:${li.dataset.fresh}`);
    expect(freshness).toEqual(['RQ-5:yes', 'RQ-4:yes', 'RQ-3:yes', 'RQ-2:yes', 'RQ-1:no']);
    expect(screen.getByTestId('new').textContent).toBe('0');
  });

  it('a new request on no page shown counts towards "N new" and reads nothing (a later page)', async () => {
    const stream = await openStream();
    const later = parseListView(new URLSearchParams('page=2'), REQUEST_STATUSES);
    renderInApp(withQueryCache(<LivePage source={SOURCE} view={later} />, cache));
    await waitFor(() => expect(reads).toBe(1));
    act(() => stream.emit('request-created', event('RQ-9')));
    await waitFor(() => expect(screen.getByTestId('new').textContent).toBe('1'));
    expect(reads).toBe(1);
  });
});
