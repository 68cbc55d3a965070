import { cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Draft, emptyDraft } from '../../guest-web/src/service/draft';
import { useRoomStay } from '../../guest-web/src/service/use-room-stay';
import { i18nReady } from './setup';

const link = { hotelId: 1, roomId: 5, sig: '1.abcdefghijklmnopqrstuv' };

function Form({ start }: { start: Partial<Draft> }) {
  const [draft, setDraft] = useState<Draft>({ ...emptyDraft(), hotelId: 1, roomId: 5, ...start });
  // How many stays the form took in: drawn in the same commit as what the stay changed.
  const [stays, setStays] = useState(0);
  useRoomStay(draft.link, (update) => {
    setDraft(update);
    setStays((n) => n + 1);
  });
  return (
    <>
      <p data-testid="name">{draft.custName}</p>
      <p data-testid="stays">{stays}</p>
    </>
  );
}
const answer = (stay: unknown) => vi.fn(async () => new Response(JSON.stringify({ stay }), { status: 200 }));

/** Opened from the room's QR during a stay: the form starts with the guest's first name, in the stay's language. */
describe('the guest form and the room’s stay', () => {
  beforeAll(() => i18nReady);
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
    await i18next.changeLanguage('en');
  });

  it('fills the name and opens in the stay’s language when the guest chose none; the signature goes in a header, not the address', async () => {
    const fetch = answer({ firstName: 'Layla', language: 'ar' });
    vi.stubGlobal('fetch', fetch);
    render(<Form start={{ link }} />);
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('Layla'));
    await waitFor(() => expect(i18next.language).toBe('ar'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/Request\/RoomStay\?hotelId=1&roomId=5&lang=/);
    expect(url).not.toContain('abcdefghij');
    expect((init.headers as Record<string, string>)['x-room-signature']).toBe(link.sig);
  });

  it('keeps a name the guest typed and a language the guest chose', async () => {
    sessionStorage.setItem('guest-language', JSON.stringify({ language: 'en', isRtl: false }));
    const fetch = answer({ firstName: 'Layla', language: 'ar' });
    vi.stubGlobal('fetch', fetch);
    const changeLanguage = vi.spyOn(i18next, 'changeLanguage');
    render(<Form start={{ link, custName: 'Sara' }} />);
    // The stay was taken in (the language, if at all, is changed in the same turn).
    await waitFor(() => expect(screen.getByTestId('stays').textContent).toBe('1'));
    expect(screen.getByTestId('name').textContent).toBe('Sara');
    expect(changeLanguage).not.toHaveBeenCalled();
    expect(i18next.language).toBe('en');
  });

  it('asks nothing without the room’s signed link, and changes nothing when the room has no stay', async () => {
    const fetch = answer(null);
    vi.stubGlobal('fetch', fetch);
    render(<Form start={{}} />);
    expect(fetch).not.toHaveBeenCalled();
    cleanup();
    render(<Form start={{ link }} />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('name').textContent).toBe('');
    expect(i18next.language).toBe('en');
  });
});
