import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RolesScreen } from '../../../renderer/src/features/administration/RolesScreen';
import { setToastDispatcher, type ToastIntent } from '../../../renderer/src/feedback/toast';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { renderInApp, withQueryCache } from '../render-app';
import { fakeServer } from '../support/fake-http';

let toasts: [string, ToastIntent][] = [];
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  store.set(sessionAtom, {
    accessToken: 'x',
    permissions: ['Administration.Roles'],
    claims: ['Administration.Roles.View', 'Administration.Roles.Create', 'Administration.Roles.Edit'],
    userRoles: ['Admin'],
    userName: 'Admin',
    userEmail: 'admin@hotel.test',
  });
});
beforeEach(() => {
  toasts = [];
  setToastDispatcher((message, intent) => toasts.push([message, intent]));
});
afterEach(cleanup);

const role = (id: number, name: string, description: string) => ({ id, name, description, createdAt: '2026-11-01T08:00:00.000Z' });

/** The server as the Roles screen meets it: the list, and AddRole adding to it (tests/server/administration/administration-roles.test.ts proves the real one). */
function rolesServer() {
  const roles = [role(1, 'Admin', 'Everything'), role(2, 'Receptionist', 'The front desk')];
  return fakeServer({
    'GET /api/Administration/GetAllRoles': () => ({ data: [...roles] }), // a copy, as a new answer is
    'POST /api/Administration/AddRole': ({ body }) => {
      const { name, description } = body as { name: string; description: string };
      roles.push(role(roles.length + 1, name, description));
      return { data: { message: 'Role added successfully' } };
    },
  });
}

const names = () => [...document.querySelectorAll('.ag-row .ag-cell[col-id="name"]')].map((c) => c.textContent);

describe('the Roles screen', { timeout: 30_000 }, () => {
  it('adds a role once however fast Add is double-clicked; the list shows it once, and its Edit opens its permissions', async () => {
    const server = rolesServer();
    const user = userEvent.setup();
    renderInApp(
      withQueryCache(
        <MemoryRouter initialEntries={['/Admin/Administration/Roles']}>
          <Routes>
            <Route path="/Admin/Administration/Roles" element={<RolesScreen />} />
            <Route path="/Admin/RoleDetail/:id" element={<h1>Role detail</h1>} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    await waitFor(() => expect(names()).toEqual(['Admin', 'Receptionist']));
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    const form = screen.getByTestId('role-form');
    await user.type(screen.getByRole('textbox', { name: /^Role name/ }), 'Company viewer');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Reads the company list only');
    await user.dblClick(form.querySelector('button[type="submit"]')!);

    await waitFor(() => expect(names()).toEqual(['Admin', 'Receptionist', 'Company viewer']));
    expect(server.sent('POST', '/api/Administration/AddRole').map((c) => c.body)).toEqual([{ name: 'Company viewer', description: 'Reads the company list only' }]);
    expect(toasts).toEqual([['Role added successfully', 'success']]);
    // The form is emptied for the next role, and folded away.
    expect(screen.getByTestId('create-panel').getAttribute('aria-hidden')).toBe('true');
    expect(form.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Edit Company viewer' }));
    expect(await screen.findByRole('heading', { name: 'Role detail' })).toBeTruthy();
  });
});
