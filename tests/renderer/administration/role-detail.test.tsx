import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RoleDetailPage } from '../../../renderer/src/features/administration/RoleDetailPage';
import { setNavigate } from '../../../renderer/src/app/navigation';
import { setToastDispatcher, type ToastIntent } from '../../../renderer/src/feedback/toast';
import { renderInApp, withQueryCache } from '../render-app';
import { fakeServer } from '../support/fake-http';

const claim = (claimType: string, isSelected = false) => {
  const [section, item] = claimType.split('.');
  return { claimType, category: `${section} [${item}]`, isSelected };
};
const detail = {
  roleId: 5,
  roleName: 'Supervisor',
  claims: [claim('Basic Data.Company.View', true), claim('Basic Data.Company.Create'), claim('Basic Data.Hotel.View'), claim('Administration.Roles.View')],
};

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
let toasts: [string, ToastIntent][] = [];
beforeEach(() => {
  toasts = [];
  setToastDispatcher((message, intent) => toasts.push([message, intent]));
});
afterEach(cleanup);

function renderPage() {
  const server = fakeServer({
    'GET /api/Administration/GetRoleClaims/5': { data: detail },
    'POST /api/Administration/UpdateRoleClaims': { data: { message: 'Role permissions updated successfully!' } },
  });
  renderInApp(
    withQueryCache(
      <MemoryRouter initialEntries={['/Admin/RoleDetail/5']}>
        <Routes>
          <Route path="/Admin/RoleDetail/:id" element={<RoleDetailPage />} />
          <Route path="/Admin/Administration/Roles" element={<h1>Roles list</h1>} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return server;
}

// Fluent's Checkbox puts native props (data-testid) on its <input>.
const box = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el instanceof HTMLInputElement ? el : el.querySelector('input')) as HTMLInputElement;
};
const state = (testId: string) => {
  const input = box(testId);
  return input.indeterminate ? 'mixed' : input.checked;
};

describe('the role detail page', { timeout: 30_000 }, () => {
  it('shows claims by category with their last segment, and select-all states at each level', async () => {
    renderPage();
    expect(await screen.findByText('Basic Data [Company]')).toBeTruthy();
    expect(screen.getAllByText('View')).toHaveLength(3);
    expect(screen.getByText('Create')).toBeTruthy();
    expect(state('select-all')).toBe('mixed');
    expect(state('group-all-Basic Data')).toBe('mixed');
    expect(state('sub-all-Basic Data [Company]')).toBe('mixed');
    expect(state('sub-all-Basic Data [Hotel]')).toBe(false);
    expect(state('group-all-Administration')).toBe(false);
  });

  it('select-all at subgroup, group and global level; the warning and Update follow the changes', async () => {
    const server = renderPage();
    const user = userEvent.setup();
    await screen.findByText('Basic Data [Company]');
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    expect(screen.queryByTestId('unsaved')).toBeNull();

    await user.click(box('sub-all-Basic Data [Company]'));
    expect(state('sub-all-Basic Data [Company]')).toBe(true);
    expect(state('group-all-Basic Data')).toBe('mixed');
    expect(screen.getByTestId('unsaved').textContent).toContain('You have unsaved changes.');
    expect(update.disabled).toBe(false);

    await user.click(box('group-all-Basic Data'));
    expect(state('group-all-Basic Data')).toBe(true);
    expect(state('sub-all-Basic Data [Hotel]')).toBe(true);
    expect(state('group-all-Administration')).toBe(false);

    await user.click(box('select-all'));
    expect(state('select-all')).toBe(true);
    expect(state('group-all-Administration')).toBe(true);
    await user.click(box('select-all'));
    expect(state('select-all')).toBe(false);

    // Back to what was loaded: no warning, nothing to update.
    await user.click(box('claim-Basic Data.Company.View'));
    expect(screen.queryByTestId('unsaved')).toBeNull();
    expect(update.disabled).toBe(true);

    await user.click(box('claim-Administration.Roles.View'));
    await user.click(update);
    await waitFor(() => expect(server.sent('POST', '/api/Administration/UpdateRoleClaims')).toHaveLength(1));
    const body = server.sent('POST', '/api/Administration/UpdateRoleClaims')[0].body as { roleId: number; claims: { claimType: string; isSelected: boolean }[] };
    expect(body.roleId).toBe(5);
    expect(body.claims.filter((c) => c.isSelected).map((c) => c.claimType)).toEqual(['Basic Data.Company.View', 'Administration.Roles.View']);
    await waitFor(() => expect(screen.queryByTestId('unsaved')).toBeNull());
  });

  it('cancel discards the changes, says so, and returns to Roles without saving', async () => {
    const server = renderPage();
    const user = userEvent.setup();
    await screen.findByText('Basic Data [Company]');
    await user.click(box('select-all'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Roles list')).toBeTruthy();
    expect(toasts).toEqual([['Changes have been discarded', 'info']]);
    expect(server.sent('POST', '/api/Administration/UpdateRoleClaims')).toHaveLength(0);
  });
});
