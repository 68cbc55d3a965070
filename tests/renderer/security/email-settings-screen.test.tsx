import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmailSettingsScreen } from '../../../renderer/src/features/administration/EmailSettingsScreen';
import { setToastDispatcher, type ToastIntent } from '../../../renderer/src/feedback/toast';
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
let toasts: [string, ToastIntent][] = [];
beforeEach(() => {
  toasts = [];
  setToastDispatcher((message, intent) => toasts.push([message, intent]));
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

/**
 * A server that keeps what is saved as the real one does: the password is stored but never sent back
 * (tests/server/administration/administration-email.test.ts proves that, and the test e-mail through an SMTP server that
 * needs the stored password).
 */
function storingServer(start: typeof stored, saved: Promise<void> = Promise.resolve()) {
  let current = start;
  return fakeServer({
    'GET /api/Administration/GetEmailSettings': () => ({ data: current }),
    'POST /api/Administration/UpdateEmailSettings': async ({ body }) => {
      // The answer waits for the test when it holds it: a save in flight, as a real server's takes a while.
      await saved;
      const sent = body as typeof stored;
      current = { ...current, ...sent, password: '', hasPassword: current.hasPassword || Boolean(sent.password) };
      return { data: { message: 'Updated Successfully' } };
    },
    'POST /api/Administration/SendTestEmail': ({ body }) => {
      const to = (body as { to: string }).to;
      return to.endsWith('@refused.test')
        ? { status: 400, data: { message: 'The test e-mail could not be sent: the e-mail server refused the user name or password' } }
        : { data: { message: `Test e-mail sent to ${to}` } };
    },
  });
}
const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('E-mail settings screen: saving and the test e-mail', { timeout: 30_000 }, () => {
  it('saves what was typed once, however fast Save is clicked twice; then shows it as stored, the password empty with its hint', async () => {
    const empty = { ...stored, smtpServer: '', smtpPort: 587, senderName: '', senderEmail: '', username: '', hasPassword: false };
    // The save's answer held until both clicks are in: the second lands while the first is in flight (an
    // instant answer could come between them, and then a second save is what the user asked for).
    let answer!: () => void;
    const server = storingServer(empty, new Promise<void>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderInApp(withQueryCache(<EmailSettingsScreen />));
    await waitFor(() => expect(value(/^Port/)).toBe('587'));
    expect(screen.queryByText(/A password is stored/)).toBeNull();

    for (const [label, text] of [[/^SMTP server/, '127.0.0.1'], [/^Sender name/, 'Nakheel Hotels'], [/^Sender e-mail/, 'noreply@nakheel.demo'], [/^Username/, 'mailer'], [/^Password/, 'smtp-secret']] as const) {
      await user.type(screen.getByLabelText(label), text);
    }
    await user.clear(screen.getByLabelText(/^Port/));
    await user.type(screen.getByLabelText(/^Port/), '2526');
    await user.dblClick(screen.getByRole('button', { name: 'Save' }));
    answer();

    await waitFor(() => expect(toasts).toContainEqual(['Updated Successfully', 'success']));
    expect(server.sent('POST', '/api/Administration/UpdateEmailSettings')).toHaveLength(1);
    expect(server.sent('POST', '/api/Administration/UpdateEmailSettings')[0].body).toMatchObject({
      smtpServer: '127.0.0.1',
      smtpPort: 2526,
      senderName: 'Nakheel Hotels',
      senderEmail: 'noreply@nakheel.demo',
      username: 'mailer',
      password: 'smtp-secret',
    });
    // Read again from the server: what was stored, the password write-only.
    await waitFor(() => expect(screen.getByText(/A password is stored\. Leave empty to keep it\./)).toBeTruthy());
    expect(value(/^Port/)).toBe('2526');
    expect(value(/^SMTP server/)).toBe('127.0.0.1');
    expect(value(/^Password/)).toBe('');
  });

  it('sends a test e-mail to the address typed and shows the server’s answer, or why it failed', async () => {
    const server = storingServer(stored);
    const user = userEvent.setup();
    renderInApp(withQueryCache(<EmailSettingsScreen />));
    const to = await screen.findByLabelText('Send a test e-mail to');
    // It starts with the signed-in user's own address.
    expect((to as HTMLInputElement).value).toBe('admin@hotel.test');
    await user.clear(to);
    await user.type(to, 'frontdesk@nakheel.demo');
    await user.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    await waitFor(() => expect(screen.getByTestId('test-answer').textContent).toBe('Test e-mail sent to frontdesk@nakheel.demo'));
    expect(server.sent('POST', '/api/Administration/SendTestEmail').map((c) => c.body)).toEqual([{ to: 'frontdesk@nakheel.demo' }]);

    await user.clear(to);
    await user.type(to, 'someone@refused.test');
    await user.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    await waitFor(() =>
      expect(screen.getByTestId('test-answer').textContent).toBe('The test e-mail could not be sent: the e-mail server refused the user name or password'),
    );
  });

  it('shows the stored server under its Arabic label', async () => {
    fakeServer({ 'GET /api/Administration/GetEmailSettings': { data: stored } });
    renderInApp(withQueryCache(<EmailSettingsScreen />), 'ar');
    await waitFor(() => expect(value(/^خادم SMTP/)).toBe('127.0.0.1'));
    expect(screen.getByText(/توجد كلمة مرور محفوظة/)).toBeTruthy();
  });
});
