import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_PERMISSIONS, endpoints, pathOf } from '@shared';
import { clientRoutes } from '@shared/routes';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { AdminLayout } from '../../renderer/src/shell/AdminLayout';
import { SEQUENCE_MS, createSequence, menuShortcuts } from '../../renderer/src/shell/shortcuts/shortcut-keys';
import { FakeEventSource } from './fake-event-source';
import { fakeServer } from './support/fake-http';
import { renderInApp } from './render-app';

/** The side menu's keyboard shortcuts (g then a key) and their `?` help dialog. */

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}
/** A screen with a text box and a search field, where the letters are typed, not shortcuts. */
function RoomsScreen() {
  return (
    <>
      <h1>Rooms screen</h1>
      <input aria-label="Room number" />
      <textarea aria-label="Note" />
    </>
  );
}

function renderShell(language: 'en' | 'ar' = 'en') {
  return renderInApp(
    <MemoryRouter initialEntries={[clientRoutes.basicData('Room')]}>
      <Where />
      <Routes>
        <Route path={clientRoutes.admin} element={<AdminLayout />}>
          <Route path={clientRoutes.basicData('Room')} element={<RoomsScreen />} />
          <Route path="*" element={<h1>Another screen</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    language,
  );
}
const where = () => screen.getByTestId('where').textContent;
const signIn = (permissions: string[]) =>
  store.set(sessionAtom, { accessToken: 'a', permissions, claims: [], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });

// happy-dom rejects cancelled Web Animations, which Fluent's dialog cancels on close; without animate() Fluent skips motion.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  fakeServer({ [`POST ${pathOf(endpoints.eventsTicket)}`]: () => ({ data: { ticket: 'ticket-1', expiresInSeconds: 30 } }) });
  signIn([...ALL_PERMISSIONS]);
});
afterEach(() => {
  cleanup();
  store.set(sessionAtom, undefined);
  vi.unstubAllGlobals();
});

describe('keyboard shortcuts of the side menu', { timeout: 20_000 }, () => {
  it('g then r opens Guests Requests, g s the Services List, g q My queue, g h Home', async () => {
    renderShell();
    const user = userEvent.setup();
    await screen.findByText('Rooms screen');
    await user.keyboard('gr');
    expect(where()).toBe(clientRoutes.requestList);
    await user.keyboard('gs');
    expect(where()).toBe(clientRoutes.serviceList);
    await user.keyboard('gq');
    expect(where()).toBe(`${clientRoutes.serviceList}?mine=true`);
    await user.keyboard('gh');
    expect(where()).toBe(clientRoutes.home);
    // A letter alone, or with Ctrl (the browser's own), opens nothing.
    await user.keyboard('r{Control>}g{/Control}r');
    expect(where()).toBe(clientRoutes.home);
  });

  it('the second key must follow soon after the first', () => {
    const sequence = createSequence(menuShortcuts([...ALL_PERMISSIONS]));
    expect(sequence.press('g', 1_000)).toBe('pending');
    expect(sequence.press('r', 1_000 + SEQUENCE_MS + 1)).toBeUndefined();
    expect(sequence.press('g', 5_000)).toBe('pending');
    expect(sequence.press('r', 5_000 + SEQUENCE_MS)).toBe(clientRoutes.requestList);
  });

  it('times the sequence by when the keys were pressed, not when a busy page handled them', async () => {
    renderShell();
    await screen.findByText('Rooms screen');
    /** A key press stamped `at` ms (the event's own time), handled `handledAfter` ms later by the page's clock. */
    const press = (key: string, at: number, handledAfter = 0) => {
      vi.spyOn(Date, 'now').mockReturnValue(at + handledAfter);
      const event = new KeyboardEvent('keydown', { key, code: `Key${key.toUpperCase()}`, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: at });
      act(() => void document.body.dispatchEvent(event));
      vi.restoreAllMocks();
    };
    // Pressed 0.4 s apart, the second handled 3 s late (the page was drawing a list): Guests Requests.
    press('g', 10_000);
    press('r', 10_400, 3_000);
    expect(where()).toBe(clientRoutes.requestList);
    // Pressed 2 s apart, whenever they are handled: nothing.
    press('g', 20_000);
    press('s', 20_000 + SEQUENCE_MS + 500);
    expect(where()).toBe(clientRoutes.requestList);
  });

  it('does not fire while typing in a text box or a text area', async () => {
    renderShell();
    const user = userEvent.setup();
    await screen.findByText('Rooms screen');
    const box = screen.getByRole('textbox', { name: 'Room number' });
    await user.click(box);
    await user.keyboard('gr?');
    expect((box as HTMLInputElement).value).toBe('gr?');
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('gh?');
    expect(where()).toBe(clientRoutes.basicData('Room'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Out of the text box, the same keys are shortcuts again.
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('gr');
    expect(where()).toBe(clientRoutes.requestList);
  });

  it('offers only the screens the user may open', async () => {
    signIn(['Basic Data.Room', 'Service Management.Service List']);
    renderShell();
    const user = userEvent.setup();
    await screen.findByText('Rooms screen');
    await user.keyboard('gr');
    expect(where()).toBe(clientRoutes.basicData('Room'));
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).queryByText('Open Guests Requests')).toBeNull();
    expect(within(dialog).getByText('Open Services List')).toBeTruthy();
    expect(within(dialog).getByText('Open Rooms')).toBeTruthy();
  });

  it('? lists them in a labelled dialog that keeps the focus inside and gives it back on Escape', async () => {
    renderShell();
    const user = userEvent.setup();
    await screen.findByText('Rooms screen');
    const menuButton = screen.getByTestId('menu-toggle');
    act(() => menuButton.focus());
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const row = within(dialog).getByTestId('shortcut-RequestList');
    expect(row.textContent).toBe('g then rOpen Guests Requests');
    expect(within(dialog).getByTestId('shortcut-Home').textContent).toBe('g then hOpen Home');
    expect(within(dialog).getByTestId('shortcut-open-row').textContent).toContain('Enter');
    expect([...dialog.querySelectorAll('th[scope="col"]')].map((h) => h.textContent)).toEqual(['Keys', 'Does']);
    // Modal: Fluent's focus trap (a tabster modalizer) holds Tab inside it (the browser test walks it); the page's shortcuts rest meanwhile.
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('data-tabster')).toContain('modalizer');
    await user.keyboard('gr');
    expect(where()).toBe(clientRoutes.basicData('Room'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it('the side menu opens the list too', async () => {
    renderShell();
    await screen.findByText('Rooms screen');
    await userEvent.click(screen.getByTestId('menu-toggle'));
    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts (?)' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('in Arabic, right to left, and on an Arabic keyboard layout (the same keys type ل ق ؟)', async () => {
    const view = renderShell('ar');
    await screen.findByText('Rooms screen');
    fireEvent.keyDown(document.body, { key: 'ل', code: 'KeyG' });
    fireEvent.keyDown(document.body, { key: 'ق', code: 'KeyR' });
    expect(where()).toBe(clientRoutes.requestList);
    fireEvent.keyDown(document.body, { key: '؟', code: 'Slash', shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'اختصارات لوحة المفاتيح' });
    expect(within(dialog).getByTestId('shortcut-RequestList').textContent).toBe('g ثم rفتح طلبات النزلاء');
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toBeTruthy();
    expect(view.container.querySelector('[dir="rtl"]')).toBeTruthy();
    // The keys read as printed on the keyboard, left to right.
    expect(within(dialog).getByTestId('shortcut-RequestList').querySelector('[dir="ltr"]')).toBeTruthy();
  });
});
