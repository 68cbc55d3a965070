import { act, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { ConnectionBanner } from '../../renderer/src/features/connection/ConnectionBanner';
import { reconnectingAtom } from '../../renderer/src/features/connection/connection';
import { renderInApp } from './render-app';

describe('the offline banner', () => {
  it('shows "offline, reconnecting" while the server cannot be reached and goes away when it answers', () => {
    const store = createStore();
    renderInApp(
      <Provider store={store}>
        <ConnectionBanner />
      </Provider>,
    );
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => store.set(reconnectingAtom, true));
    expect(screen.getByTestId('offline-banner').textContent).toContain('Offline, reconnecting');
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => store.set(reconnectingAtom, false));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('speaks Arabic right to left', () => {
    const store = createStore();
    store.set(reconnectingAtom, true);
    renderInApp(
      <Provider store={store}>
        <ConnectionBanner />
      </Provider>,
      'ar',
    );
    const banner = screen.getByTestId('offline-banner');
    expect(banner.textContent).toContain('غير متصل، جارٍ إعادة الاتصال');
    expect(banner.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
  });
});
