import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { api } from '../../electron/preload';
import { createDesktopPlatform, desktopBridge, type HotelDesktop } from '../../renderer/src/platform/desktop-platform';
import type { Platform } from '../../shared/desktop/platform';
import { sampleSession } from './support';

/*
 * The contract between the preload and the renderer. These lines are checked by
 * `tsc -p tsconfig.json` (tests/electron is in it): a preload object that drifts from
 * the Platform interface fails the type check, not just this test.
 */
const preloadIsPlatform = (bridge: typeof api): Platform => bridge;
const desktopIsPlatform = (bridge: HotelDesktop): Platform => createDesktopPlatform(bridge);

describe('the desktop Platform', () => {
  it('is the preload object, typed from the preload code', () => {
    expectTypeOf<HotelDesktop>().toEqualTypeOf<typeof api>();
    expectTypeOf(preloadIsPlatform).returns.toEqualTypeOf<Platform>();
    expectTypeOf(desktopIsPlatform).returns.toEqualTypeOf<Platform>();
  });

  it('passes every call through to the bridge', async () => {
    const bridge = {
      kind: 'desktop',
      serverUrl: vi.fn(async () => 'http://hotel:8080'),
      getServerUrl: vi.fn(async () => 'http://hotel:8080'),
      setServerUrl: vi.fn(async (url: string) => ({ ok: true as const, url })),
      loadSession: vi.fn(async () => sampleSession()),
      saveSession: vi.fn(async () => undefined),
      refreshSession: vi.fn(async () => ({ kind: 'session' as const, session: sampleSession('new') })),
      clearSession: vi.fn(async () => undefined),
      saveFile: vi.fn(async () => ({ saved: true })),
      openFile: vi.fn(async () => undefined),
      notify: vi.fn(),
      setBadgeCount: vi.fn(),
      openExternal: vi.fn(),
      setLanguage: vi.fn(),
    } as unknown as HotelDesktop;
    const platform = createDesktopPlatform(bridge);
    expect(platform.kind).toBe('desktop');
    expect(await platform.serverUrl()).toBe('http://hotel:8080');
    expect(await platform.setServerUrl('http://hotel:8080')).toEqual({ ok: true, url: 'http://hotel:8080' });
    expect(await platform.refreshSession()).toEqual({ kind: 'session', session: sampleSession('new') });
    await platform.saveSession(sampleSession(), 'r');
    expect(bridge.saveSession).toHaveBeenCalledWith(sampleSession(), 'r');
    const onClick = () => undefined;
    platform.notify('t', 'b', onClick);
    expect(bridge.notify).toHaveBeenCalledWith('t', 'b', onClick);
    platform.setBadgeCount(2);
    expect(bridge.setBadgeCount).toHaveBeenCalledWith(2);
    platform.setLanguage('ar');
    expect(bridge.setLanguage).toHaveBeenCalledWith('ar');
    expect(desktopBridge({ hotelDesktop: bridge })).toBe(bridge);
    expect(desktopBridge({})).toBeUndefined();
  });
});
