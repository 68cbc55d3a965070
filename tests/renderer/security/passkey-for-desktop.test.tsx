import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../renderer/src/auth/LoginPage';
import { PasskeyForDesktop } from '../../../renderer/src/features/passkeys/PasskeyForDesktop';
import { renderInApp } from '../render-app';
import { fakeServer } from '../support/fake-http';
import { dialogTestSetup } from '../support/dialog-test';

/** The browser's passkey prompt and the server's answer, as the page's ceremony module gives them. */
const ceremony = vi.hoisted(() => ({ approveDesktopSignIn: vi.fn<(flow: string) => Promise<string>>() }));
vi.mock('../../../renderer/src/features/passkeys/passkey-sign-in', () => ceremony);

const toasts = dialogTestSetup();
beforeEach(() => {
  ceremony.approveDesktopSignIn.mockReset();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the login page in the system browser, for the desktop app’s passkey sign-in', { timeout: 30_000 }, () => {
  it('reads the flow’s handle from the fragment, drops it from the address at once, and offers only the passkey', async () => {
    fakeServer({ 'GET /api/Account/Sso': { data: { enabled: false, displayName: '' } } });
    window.history.replaceState(null, '', '/Admin/Login#passkey-desktop=handle-1');
    renderInApp(
      <MemoryRouter initialEntries={['/Admin/Login']}>
        <Routes>
          <Route path="/Admin/Login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>,
    );
    // The page's component is a lazy chunk: its first import can take a while on a busy machine.
    expect(await screen.findByText('Sign in to the Hotel Services desktop app with your passkey.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/Admin/Login');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    ceremony.approveDesktopSignIn.mockResolvedValue('code-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(ceremony.approveDesktopSignIn).toHaveBeenCalledWith('handle-1'));
  });

  it('after the ceremony opens the app’s deep link with the one-time code and says to return to the app in English and Arabic', async () => {
    {
      const openApp = vi.fn<(link: string) => void>();
      ceremony.approveDesktopSignIn.mockResolvedValue('code/1+x');
      renderInApp(<PasskeyForDesktop flow="handle-2" openApp={openApp} />);
      expect(screen.getByText('سجّل الدخول إلى تطبيق خدمات الفندق على سطح المكتب بمفتاح المرور.').getAttribute('dir')).toBe('rtl');
      await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
      await waitFor(() => expect(openApp).toHaveBeenCalledWith('hotel-desk://sso?code=code%2F1%2Bx'));
      expect(await screen.findByText(/^You are signed in: return to the Hotel Services app/)).toBeTruthy();
      expect(screen.getByText(/تم تسجيل دخولك: عد إلى تطبيق خدمات الفندق/).getAttribute('lang')).toBe('ar');
      expect(screen.getByRole('link', { name: /Open the app · افتح التطبيق/ }).getAttribute('href')).toBe('hotel-desk://sso?code=code%2F1%2Bx');
    }
  });

  it('shows the server’s refusal (an expired or used handle) and opens nothing', async () => {
    const openApp = vi.fn<(link: string) => void>();
    const refusal = Object.assign(new Error('This sign-in for the desktop app is not known, has expired or was already used'), { status: 400 });
    ceremony.approveDesktopSignIn.mockRejectedValue(refusal);
    renderInApp(<PasskeyForDesktop flow="handle-3" openApp={openApp} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(openApp).not.toHaveBeenCalled();
  });

  it('a fragment without a usable handle says to start again from the app', async () => {
    renderInApp(<PasskeyForDesktop flow="" />);
    expect(await screen.findByText(/This sign-in link is incomplete/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
