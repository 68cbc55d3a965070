import type { Platform } from './platform';
import { createWebPlatform } from './web-platform';

export type { Platform, StoredSession } from './platform';

/**
 * The one place that decides where the renderer runs: inside Electron the preload
 * exposes `window.hotelDesktop`; anywhere else the browser implementation is used.
 */
function choosePlatform(): Platform {
  const bridge = (globalThis as { hotelDesktop?: Platform }).hotelDesktop;
  return bridge ?? createWebPlatform();
}

export const platform: Platform = choosePlatform();
