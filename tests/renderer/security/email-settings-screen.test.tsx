import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EmailSettingsScreen } from '../../../renderer/src/features/administration/EmailSettingsScreen';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { renderInApp, withQueryCache } from '../render-app';
import { fakeServer } from '../support/fake-http';

const stored = {
  smtpServer: '127.0.0.1',
  smtpPort: 2525,
  senderName: 'Hotel',
  senderEmail: 'noreply@hotel.test',
  username: 'mailer',
  password: '',
  hasPassword: true,
  tlsMode: 'starttls',
  requireTls: false,
};

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  store.set(sessionAtom, {
    accessToken: 'x',
    permissions: ['Administration.Email Settings'],
    claims: ['Administration.Email Settings.View', 'Administration.Email Settings.Edit'],
    userRoles: ['Admin'],
    userName: 'Admin',
    userEmail: 'admin@hotel.test',
  });
});
afterEach(cleanup);

const requireTls = () => screen.getByRole('checkbox') as HTMLInputElement;

describe('E-mail settings screen: TLS settings', () => {
  it('shows the stored TLS settings, turns "require TLS" on for a server off this machine, and sends both', async () => {
    const server = fakeServer({
      'GET /api/Administration/GetEmailSettings': { data: stored },
      'POST /api/Administration/UpdateEmailSettings': { data: { message: 'Updated Successfully' } },
    });
    renderInApp(withQueryCache(<EmailSettingsScreen />));
    await waitFor(() => expect(screen.getByLabelText(/^SMTP server/)).toHaveProperty('value', '127.0.0.1'));
    expect(requireTls().checked).toBe(false);
    expect(screen.getByText(/Without TLS the password and every e-mail cross the network readable/)).toBeTruthy();
    expect(screen.getByText(/Changing the server, port or user name needs the password again/)).toBeTruthy();

    const host = screen.getByLabelText(/^SMTP server/);
    fireEvent.change(host, { target: { value: 'mail.example.com' } });
    expect(requireTls().checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'new-pass' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent('POST', '/api/Administration/UpdateEmailSettings')).toHaveLength(1));
    expect(server.sent('POST', '/api/Administration/UpdateEmailSettings')[0].body).toMatchObject({
      smtpServer: 'mail.example.com',
      password: 'new-pass',
      tlsMode: 'starttls',
      requireTls: true,
    });
  });

  it('reads in Arabic', async () => {
    fakeServer({ 'GET /api/Administration/GetEmailSettings': { data: { ...stored, smtpServer: 'mail.example.com', requireTls: true } } });
    renderInApp(withQueryCache(<EmailSettingsScreen />), 'ar');
    await waitFor(() => expect(screen.getByText('اشتراط TLS (لا اتصال دون تشفير أبدًا)')).toBeTruthy());
    expect(screen.getByLabelText('التشفير')).toBeTruthy();
    expect(requireTls().checked).toBe(true);
  });
});
