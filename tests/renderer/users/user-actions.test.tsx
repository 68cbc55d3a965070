import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared';
import { InvitationBadge } from '../../../renderer/src/features/administration/InvitationBadge';
import { UserActions } from '../../../renderer/src/features/administration/UserActions';
import { setToastDispatcher, type ToastIntent } from '../../../renderer/src/feedback/toast';
import { renderInApp } from '../render-app';
import { fakeServer } from '../support/fake-http';

const user = (over: Partial<User> = {}): User => ({
  id: 7,
  userCode: 'U-7',
  firstName: 'Sara',
  lastName: 'Nabil',
  phoneNumber: '+966 55 123 4567',
  email: 'sara@hotel.test',
  departmentIds: [1],
  hotelIds: [1],
  roles: [],
  hasPassword: false,
  isActive: true,
  language: 'ar',
  invitation: { state: 'failed', failure: 'could not connect to the e-mail server', expiresAt: '2026-11-30T10:00:00.000Z' },
  createdAt: '2026-11-23T10:00:00.000Z',
  ...over,
});
const admin = { canInvite: true, canEdit: true, isAdmin: true, selfEmail: 'admin@hotel.test' };

let toasts: [string, ToastIntent][] = [];
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
beforeEach(() => {
  toasts = [];
  setToastDispatcher((message, intent) => toasts.push([message, intent]));
});
afterEach(cleanup);

const openMenu = async (u = user()) => {
  await userEvent.click(screen.getByRole('button', { name: `More actions for ${u.firstName} ${u.lastName}` }));
  return screen.findByRole('menu');
};
const items = () => screen.queryAllByRole('menuitem').map((i) => i.textContent);

describe('the users list: invitation state and row actions', { timeout: 30_000 }, () => {
  it('names every invitation state, why one failed, and a switched-off user', async () => {
    const states: [Partial<User>, string][] = [
      [{}, 'Invitation failed'],
      [{ invitation: { state: 'sent', via: 'email', expiresAt: '2026-11-30T10:00:00.000Z' } }, 'Invitation sent'],
      [{ invitation: { state: 'sent', via: 'link', expiresAt: '2026-11-30T10:00:00.000Z' } }, 'Link handed over'],
      [{ invitation: { state: 'accepted' }, hasPassword: true }, 'Password set'],
      [{ invitation: { state: 'expired', via: 'email' } }, 'Invitation expired'],
    ];
    for (const [over, text] of states) {
      renderInApp(<InvitationBadge user={user(over)} />);
      expect(screen.getByTestId('invitation-7').textContent).toBe(text);
      cleanup();
    }
    renderInApp(<InvitationBadge user={user({ isActive: false })} />);
    await userEvent.hover(screen.getByTestId('invitation-7'));
    expect((await screen.findByText('The e-mail could not be sent: could not connect to the e-mail server')).textContent).not.toMatch(/ECONN/);
    expect(screen.getByTestId('switched-off-7').textContent).toBe('Switched off');
    cleanup();
    renderInApp(<InvitationBadge user={user()} />, 'ar');
    expect(screen.getByTestId('invitation-7').textContent).toBe('تعذر إرسال الدعوة');
  });

  it('copy link: warns first, makes the link only on the click, copies it and shows it for copying by hand', async () => {
    const link = 'https://hotel.example/Dashboard/ResetPassword?email=sara%40hotel.test&token=abc&lang=ar';
    const server = fakeServer({ 'POST /api/Administration/InvitationLink': { data: { link, expiresAt: '2026-11-30T10:00:00.000Z' } } });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const changed = vi.fn();
    renderInApp(<UserActions user={user()} rights={admin} onChanged={changed} />);
    await openMenu();
    expect(items()).toEqual(['Resend invitation', 'Copy invitation link', 'Send e-mails in English', 'Switch off', 'Signed-in devices']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Copy invitation link' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('every link sent before stops working');
    expect(server.calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Make and copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    expect(server.sent('POST', '/api/Administration/InvitationLink').map((c) => c.body)).toEqual([{ userId: 7 }]);
    expect((screen.getByTestId('invitation-link') as HTMLInputElement).value).toBe(link);
    expect(toasts).toEqual([[expect.stringMatching(/^Link copied\. It can be used once, until /), 'success']]);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changed).toHaveBeenCalled();
  });

  it('resend: a failed e-mail is an error toast in plain words, never a green one', async () => {
    const message = 'The invitation e-mail could not be sent (could not connect to the e-mail server). Check the e-mail settings and resend it, or use "Copy invitation link" to give the link another way.';
    const server = fakeServer({ 'POST /api/Administration/ResendInvitation': { data: { message, invitation: 'failed' } } });
    renderInApp(<UserActions user={user()} rights={admin} onChanged={() => undefined} />);
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Resend invitation' }));
    await waitFor(() => expect(toasts).toEqual([[message, 'error']]));
    expect(server.sent('POST', '/api/Administration/ResendInvitation')[0].body).toEqual({ userId: 7 });
  });

  it('an Admin switches another user off after a confirmation, and on again; never themselves; others see no switch', async () => {
    const server = fakeServer({
      'POST /api/Administration/SetUserActive': (call) => ({
        data: { message: (call.body as { isActive: boolean }).isActive ? 'The user is switched on again' : 'The user is switched off: they cannot sign in' },
      }),
    });
    const accepted = user({ hasPassword: true, invitation: { state: 'accepted' } });
    const changed = vi.fn();
    renderInApp(<UserActions user={accepted} rights={admin} onChanged={changed} />);
    await openMenu(accepted);
    expect(items()).toEqual(['Send e-mails in English', 'Switch off', 'Signed-in devices']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Switch off' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Sara Nabil is signed out everywhere at once');
    expect(server.calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(server.sent('POST', '/api/Administration/SetUserActive').map((c) => c.body)).toEqual([{ userId: 7, isActive: false }]));
    await waitFor(() => expect(toasts).toEqual([['The user is switched off: they cannot sign in', 'success']]));
    expect(changed).toHaveBeenCalled();
    cleanup();

    const off = { ...accepted, isActive: false };
    renderInApp(<UserActions user={off} rights={admin} onChanged={() => undefined} />);
    await openMenu(off);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Switch on' }));
    await waitFor(() => expect(server.sent('POST', '/api/Administration/SetUserActive').at(-1)?.body).toEqual({ userId: 7, isActive: true }));
    cleanup();

    renderInApp(<UserActions user={{ ...accepted, email: 'admin@hotel.test' }} rights={{ ...admin, canEdit: false }} onChanged={() => undefined} />);
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();
    cleanup();
    renderInApp(<UserActions user={user()} rights={{ ...admin, isAdmin: false, canEdit: false }} onChanged={() => undefined} />);
    await openMenu();
    expect(items()).toEqual(['Resend invitation', 'Copy invitation link']);
    cleanup();
    renderInApp(<UserActions user={user()} rights={{ ...admin, isAdmin: false, canInvite: false, canEdit: false }} onChanged={() => undefined} />);
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();
  });

  it('changes the language of an existing user’s e-mails', async () => {
    const server = fakeServer({ 'POST /api/Administration/SetUserLanguage': { data: { message: 'The language of the user’s e-mails is changed' } } });
    const changed = vi.fn();
    renderInApp(<UserActions user={user()} rights={{ ...admin, isAdmin: false, canInvite: false }} onChanged={changed} />);
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Send e-mails in English' }));
    await waitFor(() => expect(server.sent('POST', '/api/Administration/SetUserLanguage').map((c) => c.body)).toEqual([{ userId: 7, language: 'en' }]));
    await waitFor(() => expect(changed).toHaveBeenCalled());
  });
});
