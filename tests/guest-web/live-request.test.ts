import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../guest-web/src/api';
import { useLiveRequest } from '../../guest-web/src/review/use-live-request';

/** The browser's EventSource, played by the test. */
class FakeEventSource {
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  private readonly handlers = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, handler: () => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string) {
    for (const h of this.handlers.get(type) ?? []) h();
  }
}

describe('the guest review page follows its request', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the request again when the server says it may have missed telling (resync)', async () => {
    const read = vi.spyOn(api, 'requestDetails').mockResolvedValue({} as never);
    renderHook(() => useLiveRequest('6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11', 'en'));
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    expect(FakeEventSource.opened).toHaveLength(1);
    // The guest stream is public by request id: no token, no ticket.
    expect(FakeEventSource.opened[0].url).not.toMatch(/token|ticket/);
    FakeEventSource.opened[0].emit('resync');
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it('reads the request again when staff acknowledge a line (issue 14: its promise may start or change)', async () => {
    const read = vi.spyOn(api, 'requestDetails').mockResolvedValue({} as never);
    renderHook(() => useLiveRequest('6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11', 'en'));
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    FakeEventSource.opened[0].emit('line-acknowledged');
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });
});
