import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderAlerts } from '../../renderer/src/features/live/HeaderAlerts';
import { platform } from '../../renderer/src/platform';
import { renderInApp } from './render-app';

/** The browser's Notification API as a user's browser answers it: 'default' until they choose. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static shown: { title: string; body?: string }[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, body: options?.body });
  }
}

function renderHeader(language: 'en' | 'ar' = 'en') {
  return renderInApp(
    <MemoryRouter>
      <HeaderAlerts canOpenList />
    </MemoryRouter>,
    language,
  );
}

describe('desktop notifications in the browser build', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    FakeNotification.shown = [];
    FakeNotification.requestPermission.mockClear();
  });

  it('asks from a header button, and once allowed a new request shows as a notification', async () => {
    FakeNotification.permission = 'default';
    vi.stubGlobal('Notification', FakeNotification);
    platform.notify('New request R-1', 'A guest is waiting.');
    expect(FakeNotification.shown).toEqual([]);

    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Show new requests as notifications on this computer' }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('alerts-ask-notify')).toBeNull();

    platform.notify('New request R-2', 'A guest is waiting.');
    expect(FakeNotification.shown).toEqual([{ title: 'New request R-2', body: 'A guest is waiting.' }]);
  });

  it('names the button in Arabic', () => {
    FakeNotification.permission = 'default';
    vi.stubGlobal('Notification', FakeNotification);
    renderHeader('ar');
    expect(screen.getByRole('button', { name: 'إظهار الطلبات الجديدة كإشعارات على هذا الجهاز' })).toBeTruthy();
  });

  it('does not ask again once the user has answered, nor where the browser has no notifications', () => {
    FakeNotification.permission = 'denied';
    vi.stubGlobal('Notification', FakeNotification);
    renderHeader();
    expect(screen.queryByTestId('alerts-ask-notify')).toBeNull();
    cleanup();
    vi.stubGlobal('Notification', undefined);
    renderHeader();
    expect(screen.queryByTestId('alerts-ask-notify')).toBeNull();
    expect(screen.getByTestId('alerts-bell')).toBeTruthy();
  });
});
