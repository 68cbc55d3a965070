import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IntegrationsScreen } from '../../../renderer/src/features/integrations/IntegrationsScreen';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { renderInApp } from '../render-app';
import { fakeServer } from '../support/fake-http';

const LIST = '/api/Integrations/ApiKeys';
const KEY = `hgs_live_0123456789ab_${'k'.repeat(43)}`;
const row = (over: Record<string, unknown> = {}) => ({
  id: 1,
  keyId: '0123456789ab',
  name: 'PMS bridge',
  hotelId: 3,
  hotelName: 'Hotel A',
  claims: ['Service Management.Request List.View'],
  perSecond: 20,
  perMinute: 1200,
  createdBy: 'Admin',
  createdAt: '2026-01-01T09:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});

beforeAll(() => {
  // A dialog's portal can take more than the default second on a loaded machine.
  configure({ asyncUtilTimeout: 5000 });
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(cleanup);

const inCache = () => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })}>
    <IntegrationsScreen />
  </QueryClientProvider>
);
const signIn = (claims: string[]) =>
  store.set(sessionAtom, { accessToken: 't', permissions: [], claims, userRoles: [], userName: 'Manager', userEmail: 'm@x.demo' });

describe('Administration → Integrations → API keys', { timeout: 30_000 }, () => {
  it('creates a key with only the claims the creator holds, shows it once, and lists it (Arabic, right to left)', async () => {
    signIn(['Administration.Integrations.View', 'Administration.Integrations.Edit', 'Service Management.Request List.View', 'Administration.Users.Edit']);
    const server = fakeServer({
      [`GET ${LIST}`]: { data: [] },
      'GET /api/BasicData/GenerateHotels': { data: [{ id: 3, name: 'فندق أ' }] },
      [`POST ${LIST}`]: { data: { message: 'تم إنشاء المفتاح', id: 1, key: KEY, apiKey: row() } },
    });
    renderInApp(inCache(), 'ar');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'مفاتيح الواجهة البرمجية' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إنشاء مفتاح', expanded: false }));
    const form = screen.getByTestId('api-key-form');
    // Only claims a key may hold and the creator holds: not Users (no key manages people), not Service List (not held).
    const boxes = within(form).getAllByRole('checkbox');
    expect(boxes).toHaveLength(1);
    await user.click(within(form).getByRole('button', { name: 'إنشاء مفتاح' }));
    expect(await within(form).findByText('اختر صلاحية واحدة على الأقل')).toBeTruthy();
    expect(server.sent('POST', LIST)).toHaveLength(0);

    await user.type(within(form).getByRole('textbox'), 'PMS bridge');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'فندق أ' })).toBeTruthy());
    await user.selectOptions(within(form).getByRole('combobox'), '3');
    await user.click(boxes[0]);
    await user.click(within(form).getByRole('button', { name: 'إنشاء مفتاح' }));
    await waitFor(() => expect(server.sent('POST', LIST)).toHaveLength(1));
    expect(server.sent('POST', LIST)[0].body).toEqual({ name: 'PMS bridge', hotelId: 3, claims: ['Service Management.Request List.View'], perSecond: 20, perMinute: 1200 });

    // hidden: under happy-dom, Fluent's focus trap (tabster) may leave the open dialog marked aria-hidden until focus enters it.
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(((await within(dialog).findByTestId('new-api-key')) as HTMLInputElement).value).toBe(KEY);
    expect(within(dialog).getByText(/هذه هي المرة الوحيدة/)).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'لقد حفظته', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    // Gone for good: nothing on the page holds the key any more.
    expect(document.body.innerHTML).not.toContain(KEY);
    await waitFor(() => expect(server.sent('GET', LIST)).toHaveLength(2));
  });

  it('revokes a key after confirming, and offers nothing to change without the Edit claim', async () => {
    signIn(['Administration.Integrations.View', 'Administration.Integrations.Edit']);
    const server = fakeServer({
      [`GET ${LIST}`]: { data: [row(), row({ id: 2, name: 'Old BI', revokedAt: '2026-01-02T09:00:00Z', hotelId: null, hotelName: null })] },
      [`POST ${LIST}/1/Revoke`]: { data: { message: 'The API key was revoked', id: 1 } },
      'GET /api/BasicData/GenerateHotels': { data: [] },
    });
    renderInApp(inCache());
    const user = userEvent.setup();
    expect(await screen.findByText('PMS bridge')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'The whole chain' })).toBeTruthy();
    expect(screen.getByText(/^Revoked /)).toBeTruthy();
    // Only the live key can be revoked.
    expect(screen.getAllByRole('button', { name: /^Revoke / })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Revoke PMS bridge' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    await user.click(await within(dialog).findByRole('button', { name: 'Revoke', hidden: true }));
    await waitFor(() => expect(server.sent('POST', `${LIST}/1/Revoke`)).toHaveLength(1));
    cleanup();

    signIn(['Administration.Integrations.View']);
    fakeServer({ [`GET ${LIST}`]: { data: [row()] } });
    renderInApp(inCache());
    expect(await screen.findByText('PMS bridge')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create key|Revoke/ })).toBeNull();
  });

  it("makes a hotel's stay secret for the PMS and shows it once", async () => {
    signIn(['Administration.Integrations.View', 'Administration.Integrations.Edit']);
    const secret = `hgs_stay_${'s'.repeat(43)}`;
    const server = fakeServer({
      [`GET ${LIST}`]: { data: [] },
      'GET /api/BasicData/GenerateHotels': { data: [{ id: 3, name: 'Hotel A' }] },
      'POST /api/Integrations/StaySecret': { data: { message: 'created', secret } },
    });
    renderInApp(inCache());
    const user = userEvent.setup();
    const panel = await screen.findByTestId('stay-secret');
    await waitFor(() => expect(within(panel).getByRole('option', { name: 'Hotel A' })).toBeTruthy());
    await user.selectOptions(within(panel).getByRole('combobox'), '3');
    await user.click(within(panel).getByRole('button', { name: 'New stay secret' }));
    await waitFor(() => expect(server.sent('POST', '/api/Integrations/StaySecret')).toHaveLength(1));
    expect(server.sent('POST', '/api/Integrations/StaySecret')[0].body).toEqual({ hotelId: 3 });
    // hidden: under happy-dom, Fluent's focus trap (tabster) may leave the open dialog marked aria-hidden until focus enters it.
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(((await within(dialog).findByTestId('new-api-key')) as HTMLInputElement).value).toBe(secret);
  });
});
