import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_CLAIMS, type SignedInDevice } from '@shared';
import { LoginPage } from '../../../renderer/src/auth/LoginPage';
import { SignedInDevicesDialog } from '../../../renderer/src/features/sessions/SignedInDevicesDialog';
import { UserSessionsDialog } from '../../../renderer/src/features/sessions/UserSessionsDialog';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';
import { dialogTestSetup } from '../support/dialog-test';

const DESK: SignedInDevice = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'desktop',
  userAgent: 'Mozilla/5.0 HotelServicesDesk/1.0 Electron/38',
  ip: '192.168.1.20',
  createdAt: '2026-05-04T08:00:00Z',
  lastUsedAt: '2026-05-04T09:00:00Z',
  current: true,
};
const BROWSER: SignedInDevice = {
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'browser',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  ip: '192.168.1.33',
  createdAt: '2026-05-03T08:00:00Z',
  lastUsedAt: '2026-05-03T10:00:00Z',
  current: false,
};
const SESSION = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresIn: 900,
  permissions: [],
  claims: [],
  userRoles: ['Front desk'],
  userName: 'Mona Ali',
  userEmail: 'mona@test.hotel',
};

const toasts = dialogTestSetup();
beforeEach(() => {
  store.set(sessionAtom, { accessToken: 'access-9', permissions: [], claims: [...ALL_CLAIMS], userRoles: [], userName: 'Mona', userEmail: 'm@x.demo' });
  localStorage.clear();
});
afterEach(() => {
  store.set(sessionAtom, undefined);
});

describe('signed-in devices from the header', { timeout: 30_000 }, () => {
  for (const [lang, text] of [
    ['en', { thisDevice: 'This device', end: 'End session', desktop: 'Desktop app', browser: 'Browser', ended: 'The session was ended' }],
    ['ar', { thisDevice: 'هذا الجهاز', end: 'إنهاء الجلسة', desktop: 'تطبيق سطح المكتب', browser: 'متصفح', ended: 'أُنهيت الجلسة' }],
  ] as const) {
    it(`lists the devices with this one marked and ends another (${lang})`, async () => {
      let sessions = [DESK, BROWSER];
      const server = fakeServer({
        'GET /api/Account/Sessions': () => ({ data: sessions }),
        'POST /api/Account/EndSession': (call) => {
          sessions = sessions.filter((s) => s.id !== (call.body as { sessionId: string }).sessionId);
          return { data: { message: text.ended } };
        },
      });
      const user = userEvent.setup();
      renderInApp(<SignedInDevicesDialog open onClose={() => undefined} />, lang);
      const desk = await screen.findByTestId(`session-${DESK.id}`);
      expect(within(desk).getByText(text.thisDevice)).toBeTruthy();
      expect(within(desk).getByText(text.desktop, { exact: false })).toBeTruthy();
      expect(within(desk).getByText(DESK.ip)).toBeTruthy();
      const other = screen.getByTestId(`session-${BROWSER.id}`);
      expect(within(other).queryByText(text.thisDevice)).toBeNull();
      expect(within(other).getByText(text.browser, { exact: false })).toBeTruthy();
      // Right to left in Arabic; the address reads left to right inside it.
      if (lang === 'ar') expect(document.querySelector('[dir="rtl"]')).toBeTruthy();
      expect(within(desk).getByText(DESK.ip).closest('[dir]')?.getAttribute('dir')).toBe('ltr');
      await user.click(within(other).getByRole('button', { name: new RegExp(text.end) }));
      await waitFor(() => expect(toasts).toContainEqual([text.ended, 'success']));
      expect(server.sent('POST', '/api/Account/EndSession').map((c) => c.body)).toEqual([{ sessionId: BROWSER.id }]);
      await waitFor(() => expect(screen.queryByTestId(`session-${BROWSER.id}`)).toBeNull());
      expect(screen.getByTestId(`session-${DESK.id}`)).toBeTruthy();
    });
  }
});

describe("an Admin's view of a user's devices (Users screen)", { timeout: 30_000 }, () => {
  it('ends all of them after a confirmation, naming only the user', async () => {
    let sessions: SignedInDevice[] = [{ ...DESK, current: false }, BROWSER];
    const server = fakeServer({
      'GET /api/Administration/GetUserSessions': () => ({ data: sessions }),
      'POST /api/Administration/EndUserSessions': () => {
        sessions = [];
        return { data: { message: 'Every session of this user was ended' } };
      },
    });
    const user = userEvent.setup();
    renderInApp(<UserSessionsDialog userId={42} name="Sami Noor" onClose={() => undefined} />);
    expect(await screen.findByText('Signed-in devices of Sami Noor')).toBeTruthy();
    await screen.findByTestId(`session-${BROWSER.id}`);
    expect(server.sent('GET', '/api/Administration/GetUserSessions')[0].query).toMatchObject({ userId: 42 });
    expect(screen.getByText(/Worker phones are listed under Work Phones/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    expect(screen.getByText(/End every session of Sami Noor\?/)).toBeTruthy();
    expect(server.sent('POST', '/api/Administration/EndUserSessions')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(toasts).toContainEqual(['Every session of this user was ended', 'success']));
    expect(server.sent('POST', '/api/Administration/EndUserSessions').map((c) => c.body)).toEqual([{ userId: 42 }]);
    expect(await screen.findByTestId('sessions-empty')).toBeTruthy();
  });
});

describe('"Remember this device" at the code step', { timeout: 30_000 }, () => {
  function renderLogin() {
    return renderInApp(
      <MemoryRouter initialEntries={['/Admin/Login']}>
        <Routes>
          <Route path="/Admin/Login" element={<LoginPage />} />
          <Route path="/Admin/Home" element={<p>HOME</p>} />
        </Routes>
      </MemoryRouter>,
    );
  }
  async function typePassword(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'mona@test.hotel');
    await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'Right-pass-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
  }

  it('offered when the hotel allows it: the token kept is sent in the next Login body, and forgotten when the code is asked again', async () => {
    store.set(sessionAtom, undefined);
    let trusted = true;
    const server = fakeServer({
      'POST /api/Account/Login': (call) =>
        trusted && (call.body as { deviceTrustToken?: string }).deviceTrustToken === 'trust-1'
          ? { data: SESSION }
          : { data: { twoFactor: 'code', twoFactorToken: 'second-step-1', expiresIn: 300, rememberDevice: true } },
      'POST /api/Account/LoginTwoFactor': { data: { ...SESSION, deviceTrustToken: 'trust-1' } },
    });
    const user = userEvent.setup();
    renderLogin();
    await typePassword(user);
    await user.type(await screen.findByRole('textbox', { name: /code/i }), '123456');
    await user.click(screen.getByRole('checkbox', { name: 'Remember this device for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(server.sent('POST', '/api/Account/LoginTwoFactor')[0].body).toEqual({ twoFactorToken: 'second-step-1', code: '123456', rememberDevice: true });
    cleanup();

    // The next sign-in on this device: the password alone, the token in the body (never in the URL).
    renderLogin();
    await typePassword(user);
    expect(await screen.findByText('HOME')).toBeTruthy();
    const logins = server.sent('POST', '/api/Account/Login');
    expect(logins[1].body).toEqual({ email: 'mona@test.hotel', password: 'Right-pass-1', deviceTrustToken: 'trust-1' });
    for (const c of server.calls) expect(JSON.stringify(c.query)).not.toContain('trust-1');
    cleanup();

    // Revoked on the server: the code is asked, and the stale token is not sent again.
    trusted = false;
    renderLogin();
    await typePassword(user);
    expect(await screen.findByRole('textbox', { name: /code/i })).toBeTruthy();
    cleanup();
    renderLogin();
    await typePassword(user);
    await screen.findByRole('textbox', { name: /code/i });
    expect(server.sent('POST', '/api/Account/Login')[3].body).toEqual({ email: 'mona@test.hotel', password: 'Right-pass-1' });
  });

  it('not offered when the hotel has not turned it on', async () => {
    store.set(sessionAtom, undefined);
    fakeServer({ 'POST /api/Account/Login': { data: { twoFactor: 'code', twoFactorToken: 'second-step-1', expiresIn: 300 } } });
    renderLogin();
    await typePassword(userEvent.setup());
    await screen.findByRole('textbox', { name: /code/i });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
