import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../guest-web/src/api';
import { POLL_MS, RETRY_FIRST_MS, useLiveRequest } from '../../guest-web/src/review/use-live-request';

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

  it('reads the request again when staff acknowledge a line (its promise may start or change)', async () => {
    const read = vi.spyOn(api, 'requestDetails').mockResolvedValue({} as never);
    renderHook(() => useLiveRequest('6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11', 'en'));
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    FakeEventSource.opened[0].emit('line-acknowledged');
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it('asks neither for a stream nor for the request again once the server refused the stream of a finished request', async () => {
    vi.useFakeTimers();
    try {
      const read = vi.spyOn(api, 'requestDetails').mockResolvedValue({ statusName: 'Completed' } as never);
      renderHook(() => useLiveRequest('6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11', 'en'));
      await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
      // The browser closes an EventSource whose answer is not 200 (here 410).
      FakeEventSource.opened[0].close();
      await vi.advanceTimersByTimeAsync(POLL_MS * 4);
      expect(FakeEventSource.opened).toHaveLength(1);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still polls and reconnects for an open request whose stream was refused', async () => {
    vi.useFakeTimers();
    try {
      const read = vi.spyOn(api, 'requestDetails').mockResolvedValue({ statusName: 'In Progress' } as never);
      renderHook(() => useLiveRequest('6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11', 'en'));
      await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
      FakeEventSource.opened[0].close();
      await vi.advanceTimersByTimeAsync(POLL_MS);
      expect(FakeEventSource.opened).toHaveLength(2);
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a read that failed after an event (the Wi-Fi dropped) is tried again by itself: the change shows and the error goes', async () => {
    vi.useFakeTimers();
    try {
      const read = vi
        .spyOn(api, 'requestDetails')
        .mockResolvedValueOnce({ statusName: 'Open' } as never)
        .mockRejectedValueOnce(new ApiError('network', 0))
        .mockResolvedValue({ statusName: 'In Progress' } as never);
      const { result } = renderHook(() => useLiveRequest('6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11', 'en'));
      await vi.waitFor(() => expect(result.current.request?.statusName).toBe('Open'));
      // The stream is open (no polling); staff start the line and the read it triggers fails.
      FakeEventSource.opened[0].readyState = FakeEventSource.OPEN;
      FakeEventSource.opened[0].emit('message');
      await vi.waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
      expect(result.current.request?.statusName).toBe('Open');
      // No tap, no reload: the back-off's first retry brings the page up to date.
      await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
      await vi.waitFor(() => expect(result.current.request?.statusName).toBe('In Progress'));
      expect(result.current.error).toBeNull();
      expect(read).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
