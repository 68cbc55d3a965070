import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../renderer/src/auth/LoginPage';
import { platform } from '../../../renderer/src/platform';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { renderInApp } from '../render-app';
import { fakeServer } from '../support/fake-http';
import { dialogTestSetup } from '../support/dialog-test';

/*
 * The desktop app's bridge, in place before the renderer's modules load (as in Electron):
 * the system browser through openExternal, the deep link's code through onSsoCode.
 */
const bridge = vi.hoisted(() => {
  const listeners = new Set<(code: string) => void>();
  const fake = {
    kind: 'desktop' as const,
    serverUrl: async () => '',
    getServerUrl: async () => 'https://hotel.test',
    saveSession: vi.fn(async () => undefined),
    clearSession: vi.fn(async () => undefined),
    setLanguage: vi.fn(),
    openExternal: vi.fn<(url: string) => void>(),
    onSsoCode: (listener: (code: string) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** What the main process does when the OS hands it hotel-desk://sso?code=… */
    deliver: (code: string) => listeners.forEach((l) => l(code)),
  };
  (globalThis as { hotelDesktop?: unknown }).hotelDesktop = fake;
  return fake;
});

const session = {
  accessToken: 'x',
  refreshToken: 'r-1',
  expiresIn: 900,
  permissions: [],
  claims: [],
  userRoles: ['Front desk'],
  userName: 'Desk',
  userEmail: 'desk@hotel.test',
};
const started = { url: 'https://hotel.test/Admin/Login#passkey-desktop=handle-1', flowKey: 'flow-key-1', expiresIn: 600 };

const toasts = dialogTestSetup();
afterEach(() => {
  store.set(sessionAtom, undefined);
  bridge.openExternal.mockClear();
});

/** The desktop button is a lazy chunk: its first import (and transform) can take a while on a busy machine. */
const LAZY = { timeout: 15_000 };

const renderLogin = () =>
  renderInApp(
    <MemoryRouter initialEntries={['/Admin/Login']}>
      <Routes>
        <Route path="/Admin/Login" element={<LoginPage />} />
        <Route path="/Admin/Home" element={<p>HOME</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('the desktop app’s "Sign in with a passkey" (the ceremony in the system browser)', { timeout: 30_000 }, () => {
  it('starts a flow, opens the server’s page in the system browser, waits, and signs in with the deep link’s code and its own flow key', async () => {
    expect(platform.kind).toBe('desktop');
    const server = fakeServer({
      'GET /api/Account/Sso': { data: { enabled: false, displayName: '' } },
      'POST /api/Account/Passkeys/DesktopStart': { data: started },
      'POST /api/Account/Sso/Complete': { data: session },
    });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }, LAZY));
    await waitFor(() => expect(bridge.openExternal).toHaveBeenCalledWith(started.url));
    expect(await screen.findByText(/Finish the sign-in with your passkey in the browser/)).toBeTruthy();
    // The key never leaves the app: the browser gets the handle only.
    expect(bridge.openExternal.mock.calls[0][0]).not.toContain(started.flowKey);
    bridge.deliver('code-1');
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(server.sent('POST', '/api/Account/Sso/Complete').map((c) => c.body)).toEqual([{ flowKey: 'flow-key-1', exchangeCode: 'code-1' }]);
    expect(store.get(sessionAtom)?.userEmail).toBe('desk@hotel.test');
  });

  it('cancel stops the wait: a code arriving afterwards redeems nothing, and the button works again', async () => {
    const server = fakeServer({
      'GET /api/Account/Sso': { data: { enabled: false, displayName: '' } },
      'POST /api/Account/Passkeys/DesktopStart': { data: started },
      'POST /api/Account/Sso/Complete': { data: session },
    });
    renderLogin();
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' }, LAZY);
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/Finish the sign-in with your passkey/)).toBeNull();
    // The listener turns the code away at once (no call is even started).
    bridge.deliver('code-late');
    expect(server.sent('POST', '/api/Account/Sso/Complete')).toEqual([]);
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('a code that arrives while single sign-on waits goes to single sign-on’s flow only, never redeemed twice', async () => {
    const server = fakeServer({
      'GET /api/Account/Sso': { data: { enabled: true, displayName: 'Contoso ID' } },
      'POST /api/Account/Passkeys/DesktopStart': { data: started },
      'POST /api/Account/Sso/Start': { data: { authorizationUrl: 'https://id.contoso.test/authorize', flowKey: 'sso-key', expiresIn: 600 } },
      'POST /api/Account/Sso/Complete': { data: session },
    });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }, LAZY));
    await waitFor(() => expect(bridge.openExternal).toHaveBeenCalledTimes(1));
    // The person changes their mind and uses single sign-on: the flow started last is the one that waits.
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Contoso ID' }, LAZY));
    await waitFor(() => expect(bridge.openExternal).toHaveBeenCalledTimes(2));
    bridge.deliver('code-2');
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(server.sent('POST', '/api/Account/Sso/Complete').map((c) => c.body)).toEqual([{ flowKey: 'sso-key', exchangeCode: 'code-2' }]);
  });

  it('shows the server’s refusal (an expired or used code) and stays on the login page', async () => {
    fakeServer({
      'GET /api/Account/Sso': { data: { enabled: false, displayName: '' } },
      'POST /api/Account/Passkeys/DesktopStart': { data: started },
      'POST /api/Account/Sso/Complete': { status: 401, data: { message: 'This sign-in has expired or was already completed: start again with the sign-in button' } },
    });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }, LAZY));
    await waitFor(() => expect(bridge.openExternal).toHaveBeenCalled());
    bridge.deliver('code-3');
    await waitFor(() => expect(toasts).toContainEqual(['This sign-in has expired or was already completed: start again with the sign-in button', 'error']));
    expect(store.get(sessionAtom)).toBeUndefined();
  });
});
