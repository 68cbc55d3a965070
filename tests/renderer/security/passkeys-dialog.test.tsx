import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_CLAIMS, type Passkey } from '@shared';
import { PasskeysDialog } from '../../../renderer/src/features/passkeys/PasskeysDialog';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';
import { dialogTestSetup } from '../support/dialog-test';

/**
 * The header's passkeys dialog in both languages (the browser spec adds a passkey through Chromium's
 * virtual authenticator in English; this proves what the dialog shows and sends, and its Arabic).
 */
const DESK: Passkey = { id: 7, name: 'Front desk PC', createdAt: '2026-11-20T08:00:00Z', lastUsedAt: null, backedUp: false };

const toasts = dialogTestSetup();
beforeEach(() => {
  store.set(sessionAtom, { accessToken: 'access-9', permissions: [], claims: [...ALL_CLAIMS], userRoles: [], userName: 'Mona', userEmail: 'm@x.demo' });
});
afterEach(() => {
  store.set(sessionAtom, undefined);
});

describe('the passkeys dialog', { timeout: 30_000 }, () => {
  for (const [lang, text] of [
    ['en', { title: 'Passkeys', never: 'Not used yet', name: 'Name of the passkey', add: 'Add a passkey', required: 'Give the passkey a name', remove: 'Remove Front desk PC', removed: 'The passkey was removed' }],
    ['ar', { title: 'مفاتيح المرور', never: 'لم يُستخدم بعد', name: 'اسم مفتاح المرور', add: 'إضافة مفتاح مرور', required: 'أدخل اسمًا لمفتاح المرور', remove: 'حذف Front desk PC', removed: 'تم حذف مفتاح المرور' }],
  ] as const) {
    it(`lists the user's passkeys, asks for a name before adding, and removes one (${lang})`, async () => {
      let passkeys = [DESK];
      const server = fakeServer({
        'GET /api/Account/Passkeys': () => ({ data: passkeys }),
        [`DELETE /api/Account/Passkeys/${DESK.id}`]: () => {
          passkeys = [];
          return { data: { message: text.removed } };
        },
      });
      const user = userEvent.setup();
      renderInApp(<PasskeysDialog open onClose={() => undefined} />, lang);
      expect(await screen.findByText(text.title)).toBeTruthy();
      const row = await screen.findByTestId('passkey');
      expect(within(row).getByText('Front desk PC')).toBeTruthy();
      expect(within(row).getByText(text.never)).toBeTruthy();
      if (lang === 'ar') expect(document.querySelector('[dir="rtl"]')).toBeTruthy();

      // No name: the field says why and nothing is asked of the server.
      await user.click(screen.getByRole('button', { name: text.add }));
      expect(await screen.findByText(text.required)).toBeTruthy();
      expect(screen.getByLabelText(text.name, { exact: false })).toBeTruthy();
      expect(server.sent('POST', '/api/Account/Passkeys/RegisterOptions')).toHaveLength(0);

      await user.click(within(row).getByRole('button', { name: text.remove }));
      await waitFor(() => expect(toasts).toContainEqual([text.removed, 'success']));
      await waitFor(() => expect(screen.queryByTestId('passkey')).toBeNull());
    });
  }
});
