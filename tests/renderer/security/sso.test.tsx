import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../../../renderer/src/auth/LoginPage';
import { SignInSettingsScreen } from '../../../renderer/src/features/single-sign-on/SignInSettingsScreen';
import { SSO_FLOW_KEY } from '../../../renderer/src/features/single-sign-on/SsoSignIn';
import { SSO_LINK_KEY, SsoLinkDialog } from '../../../renderer/src/features/single-sign-on/SsoLinkDialog';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { renderInApp, withQueryCache } from '../render-app';
import { fakeServer } from '../support/fake-http';
import { dialogTestSetup } from '../support/dialog-test';

const stored = {
  enabled: true,
  displayName: 'Contoso ID',
  issuer: 'https://login.microsoftonline.com/tenant/v2.0',
  clientId: 'client-1',
  hasClientSecret: true,
  createUsers: false,
  defaultRoleId: null,
  ssoOnlyRoleIds: [2],
  autoLinkDomains: ['hotel.example'],
  redirectUri: 'https://hotel.example/api/Account/Sso/Callback',
};
const roles = [
  { id: 1, name: 'Admin', description: '', isSystem: true, createdAt: '2026-01-01T00:00:00Z' },
  { id: 2, name: 'Front desk', description: '', createdAt: '2026-01-01T00:00:00Z' },
];
const admin = {
  accessToken: 'x',
  permissions: ['Administration.Sign In', 'Administration.Roles'],
  claims: ['Administration.Sign In.View', 'Administration.Sign In.Edit', 'Administration.Roles.View'],
  userRoles: ['Admin'],
  userName: 'Admin',
  userEmail: 'admin@hotel.test',
};

const toasts = dialogTestSetup();
afterEach(() => {
  store.set(sessionAtom, undefined);
  sessionStorage.clear();
});

const settingsRoutes = (extra: Record<string, unknown> = {}) => ({
  'GET /api/Administration/GetSsoSettings': { data: stored },
  'GET /api/Administration/GetAllRoles': { data: roles },
  ...extra,
});

describe('Administration → Sign-in (single sign-on settings)', { timeout: 30_000 }, () => {
  it('shows the provider with the secret only as "set", sends no secret unless one is typed, and a default role once creation is on', async () => {
    store.set(sessionAtom, admin);
    const server = fakeServer(settingsRoutes({ 'POST /api/Administration/UpdateSsoSettings': { data: { message: 'Single sign-on settings saved' } } }));
    renderInApp(withQueryCache(<SignInSettingsScreen />));
    await waitFor(() => expect(screen.getByLabelText(/^Issuer URL/)).toHaveProperty('value', stored.issuer));
    expect(screen.getByLabelText(/^Client secret/)).toHaveProperty('value', '');
    expect(screen.getByText(/A secret is set \(it is never shown\)/)).toBeTruthy();
    expect(screen.getByDisplayValue(stored.redirectUri)).toBeTruthy();
    expect(screen.getByText(/counts as the provider’s own sign-in/)).toBeTruthy();
    const createUsers = screen.getByRole('checkbox', { name: 'Create users on their first sign-in' }) as HTMLInputElement;
    expect(createUsers.checked).toBe(false);
    await waitFor(() => expect(server.calls.map((c) => c.url)).toContain('/api/Administration/GetAllRoles'));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Front desk' }) as HTMLInputElement).checked).toBe(true));

    await userEvent.click(createUsers);
    const roleSelect = screen.getByLabelText(/^Role of a user created on first sign-in/);
    fireEvent.change(roleSelect, { target: { value: '2' } });
    const domains = screen.getByLabelText(/^E-mail domains linked automatically/);
    expect(domains).toHaveProperty('value', 'hotel.example');
    expect(screen.getByText(/An account holding the Admin role is never linked automatically/)).toBeTruthy();
    fireEvent.change(domains, { target: { value: 'hotel.example, spa.example' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent('POST', '/api/Administration/UpdateSsoSettings')).toHaveLength(1));
    const body = server.sent('POST', '/api/Administration/UpdateSsoSettings')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ enabled: true, issuer: stored.issuer, clientId: 'client-1', createUsers: true, defaultRoleId: 2, ssoOnlyRoleIds: [2] });
    expect(body.autoLinkDomains).toEqual(['hotel.example', 'spa.example']);
    expect(body).not.toHaveProperty('clientSecret');
  });

  it('shows the server’s messages under the fields, in Arabic', async () => {
    store.set(sessionAtom, admin);
    fakeServer(
      settingsRoutes({
        'POST /api/Administration/UpdateSsoSettings': {
          status: 400,
          data: {
            message: 'تحقق من الحقول',
            errors: [{ field: 'issuer', message: 'أدخل عنوان المُصدِر (Issuer URL) للمزوّد بحيث يبدأ بـ https:// (دون ? أو #)' }],
          },
        },
      }),
    );
    renderInApp(withQueryCache(<SignInSettingsScreen />), 'ar');
    await waitFor(() => expect(screen.getByLabelText(/^عنوان المُصدِر/)).toHaveProperty('value', stored.issuer));
    expect(screen.getByText('إنشاء المستخدمين عند أول تسجيل دخول')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^عنوان المُصدِر/), { target: { value: 'http://x' } });
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText(/يبدأ بـ https:\/\//)).toBeTruthy();
  });
});

describe('the login page with single sign-on', { timeout: 30_000 }, () => {
  const renderLogin = (entry = '/Admin/Login') =>
    renderInApp(
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/Admin/Login" element={<LoginPage />} />
          <Route path="/Admin/Home" element={<p>HOME</p>} />
        </Routes>
      </MemoryRouter>,
    );

  it('shows no button while the hotel has no single sign-on', async () => {
    const server = fakeServer({ 'GET /api/Account/Sso': { data: { enabled: false, displayName: '' } } });
    renderLogin();
    await waitFor(() => expect(server.sent('GET', '/api/Account/Sso')).toHaveLength(1));
    expect(screen.queryByTestId('sso-sign-in')).toBeNull();
  });

  it('back from the provider: posts the flow key kept in this tab (never read from the URL) and signs in', async () => {
    const session = { ...admin, refreshToken: 'r-1', expiresIn: 900 };
    const server = fakeServer({
      'GET /api/Account/Sso': { data: { enabled: true, displayName: 'Contoso ID' } },
      'POST /api/Account/Sso/Complete': { data: session },
    });
    sessionStorage.setItem(SSO_FLOW_KEY, 'flow-key-1');
    window.history.replaceState(null, '', '/Admin/Login?sso=done');
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Sign in with Contoso ID' })).toBeTruthy();
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(server.sent('POST', '/api/Account/Sso/Complete')[0].body).toEqual({ flowKey: 'flow-key-1' });
    expect(sessionStorage.getItem(SSO_FLOW_KEY)).toBeNull();
    expect(window.location.search).toBe('');
    expect(store.get(sessionAtom)?.userEmail).toBe('admin@hotel.test');
  });

  it('shows the server’s refusal when the code was already used or expired', async () => {
    fakeServer({
      'GET /api/Account/Sso': { data: { enabled: true, displayName: 'Contoso ID' } },
      'POST /api/Account/Sso/Complete': { status: 401, data: { message: 'This sign-in has expired or was already completed: start again with the sign-in button' } },
    });
    sessionStorage.setItem(SSO_FLOW_KEY, 'flow-key-2');
    window.history.replaceState(null, '', '/Admin/Login?sso=done');
    renderLogin();
    await waitFor(() => expect(toasts).toContainEqual(['This sign-in has expired or was already completed: start again with the sign-in button', 'error']));
    expect(store.get(sessionAtom)).toBeUndefined();
  });
});

describe('Link single sign-on (the security menu)', { timeout: 30_000 }, () => {
  it('says whether the account is linked, and back from the provider completes the link with the key kept in this tab', async () => {
    store.set(sessionAtom, admin);
    const server = fakeServer({
      'GET /api/Account/Sso/Link': { data: { enabled: true, displayName: 'Contoso ID', linked: false } },
      'POST /api/Account/Sso/Complete/Link': { data: { message: 'Your account is now linked to Contoso ID: you can sign in with it' } },
    });
    sessionStorage.setItem(SSO_LINK_KEY, 'link-key-1');
    window.history.replaceState(null, '', '/Admin/Home?sso=linked');
    renderInApp(withQueryCache(<SsoLinkDialog open returning onClose={() => undefined} />));
    expect(await screen.findByText(/Link this account to Contoso ID/)).toBeTruthy();
    await waitFor(() => expect(server.sent('POST', '/api/Account/Sso/Complete/Link')).toHaveLength(1));
    expect(server.sent('POST', '/api/Account/Sso/Complete/Link')[0].body).toEqual({ flowKey: 'link-key-1' });
    expect(sessionStorage.getItem(SSO_LINK_KEY)).toBeNull();
    expect(window.location.search).toBe('');
    await waitFor(() => expect(toasts).toContainEqual(['Your account is now linked to Contoso ID: you can sign in with it', 'success']));
    expect(screen.getByRole('button', { name: 'Continue to Contoso ID' })).toBeTruthy();
  });

  it('in Arabic, when single sign-on is off', async () => {
    store.set(sessionAtom, admin);
    fakeServer({ 'GET /api/Account/Sso/Link': { data: { enabled: false, displayName: '', linked: false } } });
    renderInApp(withQueryCache(<SsoLinkDialog open returning={false} onClose={() => undefined} />), 'ar');
    expect(await screen.findByText('تسجيل الدخول الموحد غير مُعدّ.')).toBeTruthy();
    expect(screen.queryByTestId('sso-link-start')).toBeNull();
  });
});
