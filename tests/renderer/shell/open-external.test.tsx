import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RoomQrSheet } from '../../../renderer/src/features/basic-data/screen/RoomQrSheet';
import { platform } from '../../../renderer/src/platform';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';

/*
 * The desktop app's bridge, in place before the renderer's modules load (as in Electron):
 * the renderer must reach the system browser through platform.openExternal.
 */
const bridge = vi.hoisted(() => {
  const fake = {
    kind: 'desktop' as const,
    notify: vi.fn(),
    notifyPermission: () => 'granted' as const,
    setBadgeCount: vi.fn(),
    openExternal: vi.fn<(url: string) => void>(),
    setLanguage: vi.fn(),
  };
  (globalThis as { hotelDesktop?: unknown }).hotelDesktop = fake;
  return fake;
});

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  bridge.openExternal.mockClear();
});

const lookups = { hotels: [{ id: 3, name: 'Nakheel Jeddah' }] };
const linkInfo = { publicUrl: 'http://127.0.0.1:8080', loopback: true, suggestions: ['http://192.168.1.20:8080/'] };

describe('Print QR codes: the address is checked in the system browser (openExternal)', { timeout: 30_000 }, () => {
  it('opens the guest page at the chosen address through the desktop bridge', async () => {
    expect(platform.kind).toBe('desktop');
    fakeServer({ 'GET /api/BasicData/RoomQrLinkInfo': { data: linkInfo } });
    const user = userEvent.setup();
    renderInApp(<RoomQrSheet lookups={lookups} />);
    await user.click(screen.getByRole('button', { name: 'Print QR codes' }));
    const open = await screen.findByRole('button', { name: 'Open the guest page at this address', hidden: true });
    await user.click(open);
    expect(bridge.openExternal).toHaveBeenCalledWith('http://127.0.0.1:8080/Request/Service');

    // The LAN address picked instead: that one opens (its trailing slash not doubled).
    await user.click(screen.getByRole('radio', { name: 'http://192.168.1.20:8080/', hidden: true }));
    await user.click(open);
    expect(bridge.openExternal).toHaveBeenLastCalledWith('http://192.168.1.20:8080/Request/Service');
  });

  it('speaks Arabic', async () => {
    fakeServer({ 'GET /api/BasicData/RoomQrLinkInfo': { data: linkInfo } });
    const user = userEvent.setup();
    renderInApp(<RoomQrSheet lookups={lookups} />, 'ar');
    await user.click(screen.getByRole('button', { name: 'طباعة رموز QR' }));
    await user.click(await screen.findByRole('button', { name: 'افتح صفحة النزيل على هذا العنوان', hidden: true }));
    expect(bridge.openExternal).toHaveBeenCalledWith('http://127.0.0.1:8080/Request/Service');
  });
});
