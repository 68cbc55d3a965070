import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, menuEntry, permissionsFromClaims } from '@shared';
import { SideMenu } from '../../renderer/src/shell/SideMenu';
import { buildMenu, permittedRoutes } from '../../renderer/src/shell/menu-model';
import { renderInApp } from './render-app';

afterEach(cleanup);

function renderMenu(permissions: string[], onClose: () => void = () => undefined) {
  return renderInApp(
    <MemoryRouter>
      <div data-testid="outside">outside</div>
      <SideMenu open permissions={permissions} onClose={onClose} />
    </MemoryRouter>,
  );
}

describe('the permission-driven side menu', () => {
  it('lists every permitted item in SPEC §6 order and hides BookingRoom', () => {
    renderMenu([...ALL_PERMISSIONS]);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/Admin/BasicData/Company',
      '/Admin/BasicData/Hotel',
      '/Admin/BasicData/UseType',
      '/Admin/BasicData/RoomType',
      '/Admin/BasicData/Room',
      '/Admin/BasicData/ServiceGroup',
      '/Admin/BasicData/Service',
      '/Admin/BasicData/Worker',
      '/Admin/BasicData/Departments',
      '/Admin/BasicData/Routing',
      '/Admin/ServiceManagement/RequestList',
      '/Admin/ServiceManagement/ServiceList',
      '/Admin/Administration/Users',
      '/Admin/Administration/Roles',
      '/Admin/Administration/EmailSettings',
      '/Admin/Administration/CannedReplies',
      '/Admin/Administration/SecurityAudit',
      '/Admin/Administration/SignIn',
      '/Admin/Administration/Integrations',
      '/Admin/Reports/ServiceLevels',
      '/Admin/Reports/GuestFeedback',
    ]);
    expect(screen.getByRole('link', { name: 'Register' })).toBeTruthy();
  });

  it('shows only the permitted items, in order whatever the order of the list, and hides empty groups', () => {
    renderMenu(['Basic Data.Room', 'Basic Data.Booking Room', 'Administration.Roles', 'Basic Data.Company']);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Companies', 'Rooms', 'Roles']);
    expect(screen.getByRole('button', { name: 'Basic Data' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Administration' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Service Management' })).toBeNull();
  });

  it("a Receptionist (the demo's role) sees Guests Requests and Hotels, not Companies, Register or Administration, and has no Users route", () => {
    // The demo's Receptionist claims (server/src/seed/demo.ts), turned into permissions as the sign-in does (requests.spec before).
    const permissions = permissionsFromClaims([
      'Service Management.Request List.View',
      'Service Management.Request List.Create',
      'Service Management.Service List.View',
      'Basic Data.Hotel.View',
      'Basic Data.Room.View',
    ]);
    renderMenu(permissions);
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Guests Requests' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Hotels' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Companies' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Register' })).toBeNull();
    expect(within(nav).queryByText('Administration')).toBeNull();
    // App.tsx mounts a menu screen only for an allowed route: /Admin/Administration/Users does not exist for this user.
    const route = (permission: string) => `${menuEntry(permission)!.group}/${menuEntry(permission)!.item}`;
    expect(permittedRoutes(permissions).has(route('Administration.Users'))).toBe(false);
    expect(permittedRoutes(permissions).has(route('Service Management.Request List'))).toBe(true);
  });

  it('shows no group at all for a user with only the hidden booking-room item', () => {
    expect(buildMenu(['Basic Data.Booking Room'])).toEqual([]);
    expect(buildMenu(['Nonsense.Thing', 'Service Management.Service List'])).toEqual([
      { group: 'ServiceManagement', items: [{ item: 'ServiceList', path: '/Admin/ServiceManagement/ServiceList' }] },
    ]);
  });

  it('collapses a group when its header is clicked', async () => {
    renderMenu(['Basic Data.Company', 'Administration.Roles']);
    const group = screen.getByRole('button', { name: 'Basic Data' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(within(screen.getByRole('navigation')).queryByRole('link', { name: 'Companies' })).toBeNull();
  });

  it('closes on a click outside', async () => {
    let closed = 0;
    renderMenu(['Basic Data.Company'], () => closed++);
    await userEvent.click(screen.getByRole('link', { name: 'Companies' }));
    expect(closed).toBe(1); // following a link closes it too
    await userEvent.click(screen.getByTestId('outside'));
    expect(closed).toBe(2);
  });

  it('closes on Escape and gives the focus back to the menu button that opened it; an Escape a dialog took does not close it', async () => {
    let closed = 0;
    const opener = { current: null as HTMLButtonElement | null };
    renderInApp(
      <MemoryRouter>
        <button ref={(b) => void (opener.current = b)}>Menu</button>
        <SideMenu open permissions={['Basic Data.Company']} onClose={() => closed++} ignoreRef={opener} />
      </MemoryRouter>,
    );
    screen.getByRole('link', { name: 'Companies' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(closed).toBe(1);
    expect(document.activeElement).toBe(opener.current);
    // A dialog above the menu handles its own Escape first (and marks it handled): the menu stays.
    const taken = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    taken.preventDefault();
    document.dispatchEvent(taken);
    expect(closed).toBe(1);
  });
});
