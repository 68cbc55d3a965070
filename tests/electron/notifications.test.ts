import { describe, expect, it } from 'vitest';
import * as electron from 'electron';
import { IpcEvent } from '../../shared/desktop/ipc';
import { liveNotificationCount, setBadgeCount, showNotification } from '../../electron/notifications';
import { appWindow } from './support';

const fake = electron as unknown as typeof import('./fakes/electron');
const deps = (getWindow = appWindow().getWindow) => ({
  isSupported: () => fake.Notification.isSupported(),
  create: (o: { title: string; body: string }) => new fake.Notification(o),
  getWindow,
  setBadgeCount: (n: number) => fake.app.setBadgeCount(n),
});

describe('native notifications', () => {
  it('shows the title and body, and on click brings the window back and tells the page which notification it was', () => {
    const w = appWindow();
    w.window.minimized = true;
    expect(showNotification(7, 'New request', 'Room 101', deps(w.getWindow))).toBe(true);
    const [shown] = fake.Notification.shown;
    expect(shown.options).toEqual({ title: 'New request', body: 'Room 101' });
    shown.emit('click');
    expect(w.window.minimized).toBe(false);
    expect(w.window.visible).toBe(true);
    expect(w.window.focused).toBe(true);
    expect(w.window.webContents.sent).toEqual([{ channel: IpcEvent.notificationClicked, args: [7] }]);
  });

  it('holds a notification until it is clicked or closed (a collected one would lose its click)', () => {
    const before = liveNotificationCount();
    showNotification(1, 'a', 'b', deps());
    showNotification(2, 'c', 'd', deps());
    expect(liveNotificationCount()).toBe(before + 2);
    fake.Notification.shown[0].emit('close');
    fake.Notification.shown[1].emit('click');
    expect(liveNotificationCount()).toBe(before);
  });

  it('does nothing where the OS has no notifications, or once the window is gone', () => {
    fake.Notification.supported = false;
    expect(showNotification(1, 'a', 'b', deps())).toBe(false);
    expect(fake.Notification.shown).toHaveLength(0);
    fake.Notification.supported = true;
    const w = appWindow();
    showNotification(2, 'a', 'b', deps(w.getWindow));
    w.window.destroyed = true;
    fake.Notification.shown[0].emit('click');
    expect(w.window.webContents.sent).toEqual([]);
  });
});

describe('the dock / taskbar count of new requests', () => {
  it('shows the count on the dock or launcher and clears it at 0', () => {
    const w = appWindow();
    setBadgeCount(3, deps(w.getWindow));
    expect(fake.app.badgeCount).toBe(3);
    setBadgeCount(0, deps(w.getWindow));
    expect(fake.app.badgeCount).toBe(0);
    expect(w.window.flashing).toBe(false);
  });

  it('flashes the taskbar button where the OS has no badge (Windows), until the count is cleared', () => {
    fake.app.badgeSupported = false;
    const w = appWindow();
    setBadgeCount(2, deps(w.getWindow));
    expect(w.window.flashing).toBe(true);
    setBadgeCount(0, deps(w.getWindow));
    expect(w.window.flashing).toBe(false);
    // A window the user is looking at does not flash.
    w.window.focused = true;
    setBadgeCount(5, deps(w.getWindow));
    expect(w.window.flashing).toBe(false);
  });
});
