import { createDesktopPlatform, desktopBridge } from './desktop-platform';
import type { Platform } from '@shared/desktop/platform';
import { createWebPlatform } from './web-platform';

export type { Platform, RefreshOutcome, StoredSession } from '@shared/desktop/platform';

/**
 * The one place that decides where the renderer runs: inside Electron the preload
 * exposes `window.hotelDesktop`; anywhere else the browser implementation is used.
 */
function choosePlatform(): Platform {
  const bridge = desktopBridge();
  return bridge ? createDesktopPlatform(bridge) : createWebPlatform();
}

export const platform: Platform = choosePlatform();
