import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_CLAIMS } from '@shared';
import { LoginPage } from '../../../renderer/src/auth/LoginPage';
import { TwoFactorDialog } from '../../../renderer/src/features/two-factor/TwoFactorDialog';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';
import { dialogTestSetup } from '../support/dialog-test';

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
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Hotel%20Services:mona%40test.hotel?issuer=Hotel%20Services&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

const toasts = dialogTestSetup();
afterEach(() => {
  store.set(sessionAtom, undefined);
});

function renderLogin(language: 'en' | 'ar' = 'en') {
  return renderInApp(
    <MemoryRouter initialEntries={['/Admin/Login']}>
      <Routes>
        <Route path="/Admin/Login" element={<LoginPage />} />
        <Route path="/Admin/Home" element={<p>HOME</p>} />
      </Routes>
    </MemoryRouter>,
    language,
  );
}

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /email/i }), 'mona@test.hotel');
  await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'Right-pass-1');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the login page with two-factor sign-in', { timeout: 30_000 }, () => {
  it('asks for the code after the password, shows a wrong code\'s message, and signs in with the right one', async () => {
    const server = fakeServer({
      'POST /api/Account/Login': { data: { twoFactor: 'code', twoFactorToken: 'second-step-1', expiresIn: 300 } },
      'POST /api/Account/LoginTwoFactor': (call) =>
        (call.body as { code: string }).code === '123456'
          ? { data: SESSION }
          : { status: 401, data: { message: 'The code is not correct or has expired: enter the code your authenticator app shows now' } },
    });
    const user = userEvent.setup();
    renderLogin();
    await typePassword(user);
    expect(await screen.findByText(/Enter the 6-digit code/)).toBeTruthy();
    // No session yet: the password alone stored nothing.
    expect(store.get(sessionAtom)).toBeUndefined();
    const code = screen.getByRole('textbox', { name: /code/i });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toasts).toContainEqual(['The code is not correct or has expired: enter the code your authenticator app shows now', 'error']));
    expect(screen.getByTestId('two-factor-step')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /code/i }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(store.get(sessionAtom)?.accessToken).toBe('access-1');
    // The second-step token went in the body, never in a URL or as a bearer.
    const sent = server.sent('POST', '/api/Account/LoginTwoFactor');
    expect(sent.map((c) => c.body)).toEqual([
      { twoFactorToken: 'second-step-1', code: '000000' },
      { twoFactorToken: 'second-step-1', code: '123456' },
    ]);
    for (const c of server.calls) expect(JSON.stringify(c.query)).not.toContain('second-step-1');
  });

  it('a user without two-factor signs in with the password alone, as before', async () => {
    const server = fakeServer({ 'POST /api/Account/Login': { data: SESSION } });
    renderLogin();
    await typePassword(userEvent.setup());
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(server.sent('POST', '/api/Account/LoginTwoFactor')).toHaveLength(0);
  });

  it('a role that requires two-factor: set-up with the enrolment token as bearer, recovery codes, then signed in', async () => {
    const server = fakeServer({
      'POST /api/Account/Login': { data: { twoFactor: 'enrol', twoFactorToken: 'enrol_abc', expiresIn: 900 } },
      'POST /api/Account/TwoFactor/Setup': { data: { secret: SECRET, otpauthUri: URI } },
      'POST /api/Account/TwoFactor/Confirm': { data: { recoveryCodes: CODES, session: SESSION } },
    });
    const user = userEvent.setup();
    renderLogin();
    await typePassword(user);
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    const svg = await QRCode.toString(URI, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    expect(screen.getByTestId('totp-secret').textContent).toBe(SECRET);
    await user.type(screen.getByRole('textbox', { name: /code from the app/i }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(codes.querySelectorAll('li')).toHaveLength(10);
    expect(store.get(sessionAtom)).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('HOME')).toBeTruthy();
    for (const path of ['/api/Account/TwoFactor/Setup', '/api/Account/TwoFactor/Confirm']) {
      expect(server.sent('POST', path)[0].authorization).toBe('Bearer enrol_abc');
    }
    expect(server.sent('POST', '/api/Account/TwoFactor/Confirm')[0].body).toEqual({ code: '654321' });
  });
});

describe('two-factor set-up from the header', { timeout: 30_000 }, () => {
  beforeEach(() => store.set(sessionAtom, { accessToken: 'access-9', permissions: [], claims: [...ALL_CLAIMS], userRoles: [], userName: 'Mona', userEmail: 'm@x.demo' }));

  it('reads in Arabic: off, set up with the session, recovery codes, then on', async () => {
    let enabled = false;
    const server = fakeServer({
      'GET /api/Account/TwoFactor': () => ({ data: { enabled, recoveryCodesLeft: enabled ? 10 : 0 } }),
      'POST /api/Account/TwoFactor/Setup': { data: { secret: SECRET, otpauthUri: URI } },
      'POST /api/Account/TwoFactor/Confirm': () => {
        enabled = true;
        return { data: { recoveryCodes: CODES } };
      },
    });
    const user = userEvent.setup();
    renderInApp(<TwoFactorDialog open onClose={() => undefined} />, 'ar');
    expect(await screen.findByText('التحقق بخطوتين غير مفعّل. فعّله لحماية حسابك برمز من هاتفك.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إعداد' }));
    await screen.findByRole('img', { name: 'رمز QR لتطبيق المصادقة' });
    await user.type(screen.getByRole('textbox', { name: /الرمز من التطبيق/ }), '111111');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    expect((await screen.findByTestId('recovery-codes')).querySelectorAll('li')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'تم' }));
    expect(await screen.findByText('رموز الاسترداد المتبقية: 10')).toBeTruthy();
    expect(server.sent('POST', '/api/Account/TwoFactor/Setup')[0].authorization).toBe('Bearer access-9');
  });
});
