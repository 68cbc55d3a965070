import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, claimCategory } from '@shared';
import { RoleDetailPage } from '../../../renderer/src/features/administration/RoleDetailPage';
import { UserForm } from '../../../renderer/src/features/administration/UserForm';
import { UserRolesPage } from '../../../renderer/src/features/administration/UserRolesPage';
import { UsersScreen } from '../../../renderer/src/features/administration/UsersScreen';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { ResetPasswordPage } from '../../../renderer/src/auth/ResetPasswordPage';
import { setNavigate } from '../../../renderer/src/app/navigation';
import { setToastDispatcher, type ToastIntent } from '../../../renderer/src/feedback/toast';
import { renderInApp, withQueryCache } from '../render-app';
import { fakeServer } from '../support/fake-http';

let toasts: [string, ToastIntent][] = [];
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
beforeEach(() => {
  toasts = [];
  setToastDispatcher((message, intent) => toasts.push([message, intent]));
});
afterEach(cleanup);

const lookups = { departments: [{ id: 1, name: 'Housekeeping' }], hotels: [{ id: 2, name: 'Nile Hotel' }] };
const fieldOf = (label: RegExp) => screen.getByText(label, { selector: 'label' }).closest('.fui-Field') as HTMLElement;

describe('the user form', { timeout: 30_000 }, () => {
  it('submitted empty: every field is marked with its message (no toast), and a mark goes as the field is corrected', async () => {
    const onSubmit = vi.fn(async () => true);
    renderInApp(<UserForm {...lookups} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    expect(screen.getByTestId('user-form-summary').textContent).toBe('Please fill all required fields');
    for (const label of [/^First name/, /^Last name/, /^Phone number/, /^User code/, /^E-mail\*?$/]) {
      expect(within(fieldOf(label)).getByText('This field is required')).toBeTruthy();
    }
    expect(within(fieldOf(/^Departments/)).getByText('Choose at least one')).toBeTruthy();
    expect(within(fieldOf(/^Hotels/)).getByText('Choose at least one')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^First name/ }) as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^First name/ }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: /^First name/ }), 'Sara');
    expect(within(fieldOf(/^First name/)).queryByText('This field is required')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /^Phone number/ }), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(fieldOf(/^Phone number/)).getByText('Enter a valid phone number')).toBeTruthy();
  });

  it('offers the e-mail language, starting as the language the admin works in', async () => {
    renderInApp(<UserForm {...lookups} onSubmit={async () => true} />, 'ar');
    const language = screen.getByRole('combobox', { name: 'لغة البريد' });
    expect(language.textContent).toBe('العربية');
    expect(screen.getByText('رسائل الدعوة وكلمة المرور، والصفحات التي تفتحها روابطها')).toBeTruthy();
    await userEvent.click(language);
    await userEvent.click(await screen.findByRole('option', { name: 'English' }));
    await waitFor(() => expect(language.textContent).toBe('English'));
    // Sending it is covered end to end (tests/e2e/admin/invitation.spec.ts): happy-dom draws no multiselect list to fill the rest.
  });
});

describe('the Users screen', { timeout: 30_000 }, () => {
  it('invites a user through the form: every field sent, the success toast, and the new row says the invitation was sent', async () => {
    store.set(sessionAtom, {
      accessToken: 'x',
      permissions: ['Administration.Users'],
      claims: ['Administration.Users.View', 'Administration.Users.Create', 'Administration.Users.Edit'],
      userRoles: ['Admin'],
      userName: 'Admin',
      userEmail: 'admin@hotel.test',
    });
    const users: unknown[] = [];
    const server = fakeServer({
      'GET /api/Administration/GetAllUsers': () => ({ data: [...users] }),
      'GET /api/BasicData/GenerateDepartments': { data: [{ id: 1, name: 'Housekeeping' }, { id: 3, name: 'Front Office' }] },
      'GET /api/BasicData/GenerateHotels': { data: [{ id: 2, name: 'Nile Hotel' }] },
      'POST /api/Administration/AddUser': ({ body }) => {
        const input = body as Record<string, unknown>;
        users.push({ ...input, id: 9, roles: [], hasPassword: false, isActive: true, invitation: { state: 'sent', via: 'email', expiresAt: '2026-12-09T10:00:00.000Z' }, createdAt: '2026-12-02T10:00:00.000Z' });
        return { data: { message: 'User added successfully', invitation: 'sent' } };
      },
    });
    const user = userEvent.setup();
    renderInApp(
      withQueryCache(
        <MemoryRouter>
          <UsersScreen />
        </MemoryRouter>,
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Add new' }));
    for (const [label, text] of [[/^First name/, 'Dana'], [/^Last name/, 'Viewer'], [/^Phone number/, '+966 55 222 3344'], [/^User code/, 'VIEW-1'], [/^E-mail\*?$/, 'dana@nakheel.demo']] as const) {
      await user.type(screen.getByRole('textbox', { name: label }), text);
    }
    for (const [label, option] of [['Departments', 'Front Office'], ['Hotels', 'Nile Hotel']]) {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('menuitemcheckbox', { name: option }));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.getByRole('combobox', { name: label }).textContent).toContain(option));
    }
    await user.click(within(screen.getByTestId('user-form')).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(toasts).toEqual([['User added successfully', 'success']]));
    expect(server.sent('POST', '/api/Administration/AddUser').map((c) => c.body)).toEqual([
      { firstName: 'Dana', lastName: 'Viewer', phoneNumber: '+966 55 222 3344', userCode: 'VIEW-1', email: 'dana@nakheel.demo', departmentIds: [3], hotelIds: [2], language: 'en' },
    ]);
    await waitFor(() => expect(document.querySelector('.ag-row .ag-cell[col-id="email"]')?.textContent).toBe('dana@nakheel.demo'));
    await waitFor(() => expect(document.querySelector('.ag-row .ag-cell[col-id="invitation"]')?.textContent).toContain('Invitation sent'));
  });
});

describe('the user roles page', { timeout: 30_000 }, () => {
  const roles = [{ roleId: 1, roleName: 'Admin', isSelected: false }];
  const renderPage = (state?: { name: string }) =>
    renderInApp(
      withQueryCache(
        <MemoryRouter initialEntries={[{ pathname: '/Admin/UserRole/7', state }]}>
          <Routes>
            <Route path="/Admin/UserRole/:id" element={<UserRolesPage />} />
            <Route path="/Admin/Administration/Users" element={<h1>Users list</h1>} />
          </Routes>
        </MemoryRouter>,
      ),
    );

  it('shows the roles the user holds ticked; Update sends the new choice, says so and goes back to Users', async () => {
    const server = fakeServer({
      'GET /api/Administration/GetUserRoles/7': { data: [{ roleId: 2, roleName: 'Receptionist', isSelected: true }, { roleId: 5, roleName: 'Company viewer', isSelected: false }] },
      'POST /api/Administration/UpdateUserRoles': { data: { message: 'User roles updated successfully' } },
    });
    const user = userEvent.setup();
    renderPage({ name: 'Dana Viewer' });
    expect(((await screen.findByRole('checkbox', { name: 'Receptionist' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Company viewer' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Company viewer' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('heading', { name: 'Users list' })).toBeTruthy();
    expect(toasts).toEqual([['User roles updated successfully', 'success']]);
    expect(server.sent('POST', '/api/Administration/UpdateUserRoles').map((c) => c.body)).toEqual([
      {
        userId: 7,
        roles: [
          { roleId: 2, roleName: 'Receptionist', isSelected: true },
          { roleId: 5, roleName: 'Company viewer', isSelected: true },
        ],
      },
    ]);
  });

  it('names the user, from the list or looked up when opened directly', async () => {
    fakeServer({
      'GET /api/Administration/GetUserRoles/7': { data: roles },
      'GET /api/Administration/GetAllUsers': { data: [{ id: 7, firstName: 'Sara', lastName: 'Nabil' }] },
    });
    renderPage({ name: 'Sara Nabil' });
    expect(screen.getByTestId('user-roles-title').textContent).toBe('Roles of Sara Nabil');
    cleanup();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('user-roles-title').textContent).toBe('Roles of Sara Nabil'));
  });
});

describe('the role claims tree in Arabic', { timeout: 30_000 }, () => {
  it('translates every section, item and action, and still sends the claim names as spelled', async () => {
    const claim = (claimType: string, isSelected = false) => {
      const [section, item] = claimType.split('.');
      return { claimType, category: `${section} [${item}]`, isSelected };
    };
    const server = fakeServer({
      'GET /api/Administration/GetRoleClaims/5': {
        data: { roleId: 5, roleName: 'Desk', claims: [claim('Basic Data.Use Type.View', true), claim('Service Management.Service List.Assign'), claim('Administration.Email Settings.Edit')] },
      },
      'POST /api/Administration/UpdateRoleClaims': { data: { message: 'تم تحديث صلاحيات الدور بنجاح!' } },
    });
    renderInApp(
      withQueryCache(
        <MemoryRouter initialEntries={['/Admin/RoleDetail/5']}>
          <Routes>
            <Route path="/Admin/RoleDetail/:id" element={<RoleDetailPage />} />
          </Routes>
        </MemoryRouter>,
      ),
      'ar',
    );
    expect(await screen.findByText('البيانات الأساسية [نوع الاستخدام]')).toBeTruthy();
    for (const text of ['البيانات الأساسية', 'إدارة الخدمات', 'إدارة الخدمات [قائمة الخدمات]', 'الإدارة [إعدادات البريد]', 'عرض', 'إسناد', 'تعديل']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(document.body.textContent).not.toMatch(/Basic Data|Use Type|Service List|View|Assign/);
    await userEvent.click(screen.getByText('إسناد'));
    await userEvent.click(screen.getByRole('button', { name: 'تحديث' }));
    await waitFor(() => expect(server.sent('POST', '/api/Administration/UpdateRoleClaims')).toHaveLength(1));
    const sent = server.sent('POST', '/api/Administration/UpdateRoleClaims')[0].body as { claims: { claimType: string; isSelected: boolean }[] };
    expect(sent.claims.map((c) => [c.claimType, c.isSelected])).toEqual([
      ['Basic Data.Use Type.View', true],
      ['Service Management.Service List.Assign', true],
      ['Administration.Email Settings.Edit', false],
    ]);
  });

  it('names every claim of the catalogue in Arabic (the service-level ones too: Escalations, Receive, Acknowledge)', async () => {
    fakeServer({
      'GET /api/Administration/GetRoleClaims/6': {
        data: { roleId: 6, roleName: 'مكتب', claims: ALL_CLAIMS.map((claimType) => ({ claimType, category: claimCategory(claimType), isSelected: false })) },
      },
    });
    renderInApp(
      withQueryCache(
        <MemoryRouter initialEntries={['/Admin/RoleDetail/6']}>
          <Routes>
            <Route path="/Admin/RoleDetail/:id" element={<RoleDetailPage />} />
          </Routes>
        </MemoryRouter>,
      ),
      'ar',
    );
    expect(await screen.findByText('إدارة الخدمات [التصعيدات]')).toBeTruthy();
    expect(screen.getByText('تلقّي')).toBeTruthy();
    // No English left anywhere on the page: every section, item and action has its Arabic name.
    expect(document.body.textContent).not.toMatch(/[A-Za-z]/);
  });
});

describe('the set-password page', { timeout: 30_000 }, () => {
  it('opens in the link’s language and has a language switch', async () => {
    renderInApp(
      <MemoryRouter initialEntries={['/Dashboard/ResetPassword?email=sara%40hotel.test&token=abc&lang=ar']}>
        <Routes>
          <Route path="/Dashboard/ResetPassword" element={<ResetPasswordPage />} />
        </Routes>
      </MemoryRouter>,
      'en',
    );
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(screen.getByRole('heading').textContent).toBe('تعيين كلمة مرور جديدة');
    await userEvent.click(screen.getByRole('button', { name: 'تغيير اللغة' }));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Set a new password'));
    expect(document.documentElement.dir).toBe('ltr');
  });
});
