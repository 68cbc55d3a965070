import type { BrowserWindow } from 'electron';
import { z } from 'zod';
import { handle, type SenderCheck } from './ipc';
import { IpcChannel, IpcEvent } from '../shared/desktop/ipc';

export interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
}

export interface NotificationsDeps {
  isSupported: () => boolean;
  create: (options: { title: string; body: string }) => NotificationLike;
  getWindow: () => BrowserWindow | undefined;
  /** The dock (macOS) or launcher (Linux Unity) count; false where the OS has none (Windows). */
  setBadgeCount: (count: number) => boolean;
}

/** More than this shows as the cap: the badge is a cue, not a tally. */
export const MAX_BADGE_COUNT = 9999;

/** Brings the window to the front, even from the tray or another desktop. */
export function focusWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/**
 * Shown notifications, held until closed: a Notification that gets garbage-collected
 * loses its click handler, and the click is the whole point (it opens the request).
 */
const live = new Set<NotificationLike>();

/** `id` lets the renderer run the click action it registered for this notification. */
export function showNotification(id: number, title: string, body: string, deps: NotificationsDeps): boolean {
  if (!deps.isSupported()) return false;
  const notification = deps.create({ title, body });
  live.add(notification);
  notification.on('click', () => {
    live.delete(notification);
    const window = deps.getWindow();
    if (!window || window.isDestroyed()) return;
    focusWindow(window);
    window.webContents.send(IpcEvent.notificationClicked, id);
  });
  notification.on('close', () => live.delete(notification));
  notification.show();
  return true;
}

export const liveNotificationCount = () => live.size;

/**
 * The count of new requests on the dock or taskbar. Windows has no numeric badge
 * (`app.setBadgeCount` answers false there): the taskbar button flashes instead until
 * the window gets the focus, and stops when the count goes back to 0.
 */
export function setBadgeCount(count: number, deps: NotificationsDeps): void {
  const shown = deps.setBadgeCount(count);
  const window = deps.getWindow();
  if (shown || !window || window.isDestroyed()) return;
  window.flashFrame(count > 0 && !window.isFocused());
}

export function setupNotifications(isTrusted: SenderCheck, deps: NotificationsDeps): void {
  handle(
    IpcChannel.notify,
    z.tuple([z.number().int().nonnegative(), z.string().min(1).max(256), z.string().max(1024)]),
    isTrusted,
    (id, title, body) => showNotification(id, title, body, deps),
  );
  handle(IpcChannel.setBadgeCount, z.tuple([z.number().int().nonnegative().max(MAX_BADGE_COUNT)]), isTrusted, (count) => setBadgeCount(count, deps));
}
