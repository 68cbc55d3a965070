import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CLAIMS } from '@shared';
import { CannedRepliesScreen } from '../../../renderer/src/features/administration/CannedRepliesScreen';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { renderInApp } from '../render-app';
import { fakeServer } from '../support/fake-http';

const LIST = 'GET /api/Administration/GetAllCannedReplies';
const ADD = '/api/Administration/AddCannedReply';
const row = { id: 1, textEn: 'On its way', textAr: 'في الطريق إليك', createdAt: '2026-01-01T09:00:00Z' };

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(cleanup);

/** As the shell mounts it: inside the query cache (a fresh one per test). */
const inCache = () => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })}>
    <CannedRepliesScreen />
  </QueryClientProvider>
);

describe('the canned replies screen', { timeout: 30_000 }, () => {
  it('lists both texts and adds one only with both filled in (Arabic, right to left)', async () => {
    store.set(sessionAtom, { accessToken: 't', permissions: [], claims: [...ALL_CLAIMS], userRoles: [], userName: 'Admin', userEmail: 'a@x.demo' });
    const server = fakeServer({ [LIST]: { data: [row] }, [`POST ${ADD}`]: { data: { message: 'تمت الإضافة بنجاح', id: 2 } } });
    renderInApp(inCache(), 'ar');
    const user = userEvent.setup();
    expect(await screen.findByText('في الطريق إليك')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'الردود الجاهزة' })).toBeTruthy();

    const form = screen.getByTestId('create-panel');
    await user.click(screen.getByRole('button', { expanded: false }));
    await user.type(within(form).getByLabelText(/النص بالإنجليزية/), 'Thank you');
    await user.click(within(form).getByRole('button', { name: 'إضافة رد جاهز' }));
    expect(await within(form).findByText('هذا الحقل مطلوب')).toBeTruthy();
    expect(server.sent('POST', ADD)).toHaveLength(0);
    await user.type(within(form).getByLabelText(/النص بالعربية/), 'شكرًا لك');
    await user.click(within(form).getByRole('button', { name: 'إضافة رد جاهز' }));
    await waitFor(() => expect(server.sent('POST', ADD)).toHaveLength(1));
    expect(server.sent('POST', ADD)[0].body).toEqual({ textEn: 'Thank you', textAr: 'شكرًا لك' });
    // The list is read again after the change (the query cache's key for it invalidated).
    await waitFor(() => expect(server.sent('GET', LIST.slice(4))).toHaveLength(2));
  });

  it('offers no add, edit or remove without the claims', async () => {
    store.set(sessionAtom, { accessToken: 't', permissions: [], claims: ['Administration.Canned Replies.View'], userRoles: [], userName: 'Clerk', userEmail: 'c@x.demo' });
    fakeServer({ [LIST]: { data: [row] } });
    renderInApp(inCache());
    expect(await screen.findByText('On its way')).toBeTruthy();
    expect(screen.queryByTestId('create-panel')).toBeNull();
    expect(screen.queryByRole('button', { name: /edit/i })).toBeNull();
  });
});
