import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_CLAIMS, clientRoutes, type Role, type User } from '@shared';
import { EmailSettingsScreen } from '../../renderer/src/features/administration/EmailSettingsScreen';
import { RoleDetailPage } from '../../renderer/src/features/administration/RoleDetailPage';
import { RolesScreen } from '../../renderer/src/features/administration/RolesScreen';
import { UserRolesPage } from '../../renderer/src/features/administration/UserRolesPage';
import { UsersScreen } from '../../renderer/src/features/administration/UsersScreen';
import { setNavigate } from '../../renderer/src/app/navigation';
import { setToastDispatcher, type ToastIntent } from '../../renderer/src/feedback/toast';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { fakeServer } from './support/fake-http';
import { renderInApp, withQueryCache } from './render-app';

// The e-mail settings, a role's claims and a user's roles read through the app's one query
// cache (as Users, Roles and the other screens do): a second visit within the cache's stale time asks
// the server nothing, and a save re-reads the lists it changes.

const slow = { timeout: 10_000 };

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
beforeEach(() => {
  store.set(sessionAtom, { accessToken: 't', permissions: [], claims: [...ALL_CLAIMS], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(cleanup);

const newCache = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

/** Buttons that move between the app's pages, as the side menu and a list's Edit do. */
function Go({ to }: { to: Record<string, string> }) {
  const navigate = useNavigate();
  return (
    <nav>
      {Object.entries(to).map(([name, path]) => (
        <button key={name} type="button" onClick={() => navigate(path)}>
          {`go ${name}`}
        </button>
      ))}
    </nav>
  );
}

/** The pages as the shell routes them, sharing one cache, with a page that shows nothing to leave to. */
function app(cache: QueryClient, start: string, routes: Record<string, ReactElement>, to: Record<string, string>) {
  return withQueryCache(
    <MemoryRouter initialEntries={[start]}>
      <Go to={{ ...to, away: '/Admin/Home' }} />
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="/Admin/Home" element={<h1>Home</h1>} />
      </Routes>
    </MemoryRouter>,
    cache,
  );
}

const go = (name: string) => userEvent.click(screen.getByRole('button', { name: `go ${name}` }));
const home = () => screen.findByRole('heading', { name: 'Home' });

describe('e-mail settings through the query cache', { timeout: 30_000 }, () => {
  it('a second visit shows the cached settings without asking again; a save reads them again and the form shows them', async () => {
    let smtpServer = 'smtp.hotel.test';
    const server = fakeServer({
      'GET /api/Administration/GetEmailSettings': () => ({
        data: { smtpServer, smtpPort: 587, senderName: 'Hotel', senderEmail: 'noreply@hotel.test', username: 'mailer', password: '', hasPassword: true, tlsMode: 'starttls', requireTls: true },
      }),
      'POST /api/Administration/UpdateEmailSettings': ({ body }) => {
        smtpServer = (body as { smtpServer: string }).smtpServer.toUpperCase(); // what the server stores may differ from what was typed
        return { data: { message: 'Updated Successfully' } };
      },
    });
    const GET = () => server.sent('GET', '/api/Administration/GetEmailSettings');
    renderInApp(app(newCache(), clientRoutes.emailSettings, { [clientRoutes.emailSettings]: <EmailSettingsScreen /> }, { settings: clientRoutes.emailSettings }));
    const host = () => screen.getByLabelText(/^SMTP server/) as HTMLInputElement;
    await waitFor(() => expect(host().value).toBe('smtp.hotel.test'), slow);
    await go('away');
    await home();
    await go('settings');
    expect(host().value).toBe('smtp.hotel.test'); // at once, from the cache
    expect(GET()).toHaveLength(1);

    fireEvent.change(host(), { target: { value: 'mail.example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'new-pass' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(host().value).toBe('MAIL.EXAMPLE.COM'), slow);
    expect(GET()).toHaveLength(2);
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  });

  it('a failed read says so in Arabic and still shows the form (right to left)', async () => {
    const toasts: [string, ToastIntent][] = [];
    setToastDispatcher((message, intent) => toasts.push([message, intent]));
    fakeServer({ 'GET /api/Administration/GetEmailSettings': { status: 500, data: {} } });
    renderInApp(app(newCache(), clientRoutes.emailSettings, { [clientRoutes.emailSettings]: <EmailSettingsScreen /> }, {}), 'ar');
    // (a toast shown before this test's dispatcher was set may arrive first: only errors count here)
    await waitFor(() => expect(toasts.filter(([, intent]) => intent === 'error')).toEqual([['حدث خطأ ما، الرجاء المحاولة لاحقاً', 'error']]), slow);
    expect((screen.getByLabelText(/^المنفذ/) as HTMLInputElement).value).toBe('587'); // the defaults, as before
    expect(screen.getByTestId('email-form').closest('[dir]')!.getAttribute('dir')).toBe('rtl');
  });
});

const claim = (claimType: string, isSelected: boolean) => {
  const [section, item] = claimType.split('.');
  return { claimType, category: `${section} [${item}]`, isSelected };
};

describe("a role's claims through the query cache", { timeout: 30_000 }, () => {
  it('a second visit asks nothing; saving the claims makes the Roles list read again', async () => {
    const stored = [claim('Basic Data.Hotel.View', true), claim('Basic Data.Hotel.Edit', false)];
    const roles: Role[] = [{ id: 5, name: 'Desk', description: 'Front desk', createdAt: '2026-01-01T10:00:00Z' }];
    const server = fakeServer({
      'GET /api/Administration/GetAllRoles': { data: roles },
      'GET /api/Administration/GetRoleClaims/5': () => ({ data: { roleId: 5, roleName: 'Desk', claims: stored.map((c) => ({ ...c })) } }),
      'POST /api/Administration/UpdateRoleClaims': ({ body }) => {
        for (const c of (body as { claims: typeof stored }).claims) stored.find((s) => s.claimType === c.claimType)!.isSelected = c.isSelected;
        return { data: { message: 'Role permissions updated successfully!' } };
      },
    });
    const listReads = () => server.sent('GET', '/api/Administration/GetAllRoles').length;
    const claimReads = () => server.sent('GET', '/api/Administration/GetRoleClaims/5').length;
    renderInApp(
      app(newCache(), clientRoutes.roles, { [clientRoutes.roles]: <RolesScreen />, '/Admin/RoleDetail/:id': <RoleDetailPage /> }, { roles: clientRoutes.roles, role: clientRoutes.roleDetail(5) }),
    );
    await screen.findByTestId('screen-Roles');
    await waitFor(() => expect(listReads()).toBe(1), slow);

    await go('role');
    const edit = () => (screen.getByTestId('claim-Basic Data.Hotel.Edit').closest('span')!.querySelector('input') ?? screen.getByTestId('claim-Basic Data.Hotel.Edit')) as HTMLInputElement;
    await waitFor(() => expect(edit().checked).toBe(false), slow);
    await go('away');
    await home();
    await go('role');
    expect(edit().checked).toBe(false); // at once, from the cache
    expect(claimReads()).toBe(1);

    // Back on the list without a change: still within the stale time, nothing is asked.
    await go('roles');
    await screen.findByTestId('screen-Roles');
    expect(listReads()).toBe(1);

    await go('role');
    await userEvent.click(edit());
    expect(screen.getByTestId('unsaved')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(server.sent('POST', '/api/Administration/UpdateRoleClaims')).toHaveLength(1), slow);
    await waitFor(() => expect(screen.queryByTestId('unsaved')).toBeNull(), slow);
    expect(edit().checked).toBe(true);

    await go('roles');
    await screen.findByTestId('screen-Roles');
    await waitFor(() => expect(listReads()).toBe(2), slow);
  });
});

describe("a user's roles through the query cache", { timeout: 30_000 }, () => {
  it('a second visit asks nothing; saving makes the Users list and the selection read again', async () => {
    const selection = [
      { roleId: 1, roleName: 'Admin', isSelected: false },
      { roleId: 2, roleName: 'Desk', isSelected: true },
    ];
    const user = {
      id: 7, userCode: 'U-7', firstName: 'Sara', lastName: 'Nabil', phoneNumber: '+966500000000', email: 'sara@x.demo', departmentIds: [], hotelIds: [],
      roles: ['Desk'], hasPassword: true, isActive: true, language: 'en', invitation: { state: 'accepted' }, createdAt: '2026-01-01T10:00:00Z',
    } as unknown as User;
    const server = fakeServer({
      'GET /api/Administration/GetAllUsers': () => ({ data: [{ ...user, roles: selection.filter((r) => r.isSelected).map((r) => r.roleName) }] }),
      'GET /api/BasicData/GenerateHotels': { data: [] },
      'GET /api/BasicData/GenerateDepartments': { data: [] },
      'GET /api/Administration/GetUserRoles/7': () => ({ data: selection.map((r) => ({ ...r })) }),
      'POST /api/Administration/UpdateUserRoles': ({ body }) => {
        for (const r of (body as { roles: typeof selection }).roles) selection.find((s) => s.roleId === r.roleId)!.isSelected = r.isSelected;
        return { data: { message: 'Roles updated' } };
      },
    });
    const listReads = () => server.sent('GET', '/api/Administration/GetAllUsers').length;
    const roleReads = () => server.sent('GET', '/api/Administration/GetUserRoles/7').length;
    renderInApp(
      app(newCache(), clientRoutes.users, { [clientRoutes.users]: <UsersScreen />, '/Admin/UserRole/:id': <UserRolesPage /> }, { users: clientRoutes.users, roles: clientRoutes.userRole(7) }),
    );
    await screen.findByTestId('screen-Users');
    await waitFor(() => expect(listReads()).toBe(1), slow);

    // Opened without the name: the title comes from the Users list already in the cache.
    await go('roles');
    const admin = () => screen.getByRole('checkbox', { name: 'Admin' }) as HTMLInputElement;
    await waitFor(() => expect(admin().checked).toBe(false), slow);
    expect(screen.getByTestId('user-roles-title').textContent).toBe('Roles of Sara Nabil');
    expect(listReads()).toBe(1);
    await go('away');
    await home();
    await go('roles');
    expect(admin().checked).toBe(false); // at once, from the cache
    expect(roleReads()).toBe(1);

    await userEvent.click(admin());
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByTestId('screen-Users'); // back on the list, which reads again
    await waitFor(() => expect(listReads()).toBe(2), slow);

    await go('roles');
    await waitFor(() => expect(roleReads()).toBe(2), slow);
    await waitFor(() => expect(admin().checked).toBe(true), slow);
  });
});
