import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { subscribeLive } from '../../renderer/src/api/live-events';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { FakeEventSource } from './fake-event-source';
import { fakeServer } from './support/fake-http';

const last = () => FakeEventSource.opened.at(-1)!;
const event = { type: 'line-changed', requestId: 'r1', requestCode: 'RQ-000001', hotelId: 1, departmentIds: [2], lineId: 7, at: '2026-01-01T00:00:00.000Z' };

describe('the admin app\'s staff event stream', () => {
  let server: ReturnType<typeof fakeServer>;
  let tickets = 0;
  beforeEach(() => {
    FakeEventSource.opened = [];
    tickets = 0;
    vi.stubGlobal('EventSource', FakeEventSource);
    store.set(sessionAtom, { accessToken: 'secret-access-token', permissions: [], claims: [], userRoles: [], userName: 'Hessa', userEmail: 'h@x.demo' });
    server = fakeServer({ [`POST ${pathOf(endpoints.eventsTicket)}`]: () => ({ data: { ticket: `ticket-${++tickets}`, expiresInSeconds: 30 } }) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('opens the stream with a single-use ticket, never the access token', async () => {
    const stop = subscribeLive(vi.fn(), vi.fn());
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(server.sent('POST', pathOf(endpoints.eventsTicket))).toHaveLength(1);
    expect(last().url).toBe(`${pathOf(endpoints.staffEvents)}?ticket=ticket-1`);
    expect(last().url).not.toContain('secret-access-token');
    stop();
  });

  it('delivers events, re-reads on resync, and comes back with a new ticket on the server\'s reconnect hint', async () => {
    const onEvent = vi.fn();
    const onResync = vi.fn();
    const stop = subscribeLive(onEvent, onResync);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = last();
    first.open();
    // Whatever the screen read before the stream opened may already be out of date.
    expect(onResync).toHaveBeenCalledTimes(1);
    first.emit('line-changed', event);
    expect(onEvent).toHaveBeenCalledWith(event);
    expect(onResync).toHaveBeenCalledTimes(1);

    first.emit('resync', { at: event.at });
    expect(onResync).toHaveBeenCalledTimes(2);

    first.emit('reconnect', {});
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(last().url).toContain('ticket=ticket-2');
    // Reopened: whatever happened in between was not heard, so screens re-read.
    last().open();
    expect(onResync).toHaveBeenCalledTimes(3);
    stop();
    expect(last().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('a screen that subscribes while the stream is open reads after it opened: no re-read for it', async () => {
    const first = vi.fn();
    const stopFirst = subscribeLive(vi.fn(), first);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    last().open();
    const later = vi.fn();
    const stopLater = subscribeLive(vi.fn(), later);
    last().emit('line-changed', event);
    expect(first).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
    stopLater();
    stopFirst();
  });

  it('after a dropped stream asks for a new ticket rather than retrying the used one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = subscribeLive(vi.fn(), vi.fn());
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    last().open();
    last().onerror?.();
    expect(last().readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(last().url).toContain('ticket=ticket-2');
    stop();
  });
});
