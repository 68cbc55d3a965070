import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ar } from '../../guest-web/src/i18n/ar';
import { en } from '../../guest-web/src/i18n/en';
import { FeedbackForm } from '../../guest-web/src/review/FeedbackForm';
import { ServicePage } from '../../guest-web/src/service/ServicePage';
import type { RequestDetail } from '@shared';
import { i18nReady } from './setup';

/**
 * The service page as a guest fills it (request-flow.spec's English run and its failed submit, and
 * service-search.spec before): the guest API answered by method and path, every call recorded. The flow
 * across pages with the live stream stays in the browser, once, in Arabic (request-flow.spec).
 */
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11';
const LANGS = { en, ar } as const;
type Strings = (typeof LANGS)[keyof typeof LANGS];
const NAMES = {
  en: { hotel: 'Nakheel Jeddah Hotel', housekeeping: 'Housekeeping', towels: 'Extra towels', ac: 'Air conditioning repair', other: 'Other', special: 'Special Request' },
  ar: { hotel: 'فندق نخيل جدة', housekeeping: 'التدبير المنزلي', towels: 'مناشف إضافية', ac: 'إصلاح التكييف', other: 'أخرى', special: 'طلب خاص' },
};
const groups = (lang: 'en' | 'ar') => [
  { name: NAMES[lang].housekeeping, services: [{ id: 3, name: NAMES[lang].towels }, { id: 8, name: NAMES[lang].ac, keywords: 'Air conditioning repair AC مكيف، تبريد' }] },
  { name: NAMES[lang].other, services: [{ id: 5, name: NAMES[lang].special, isSpecial: true }] },
];

type Route = (init?: RequestInit) => Response | Promise<Response>;
function guestServer(lang: 'en' | 'ar', extra: Record<string, Route> = {}) {
  const routes: Record<string, Route> = {
    'GET /api/BasicData/GenerateHotels': () => json(200, [{ id: 1, name: NAMES[lang].hotel }]),
    'GET /api/BasicData/GenerateServices': () => json(200, groups(lang)),
    'GET /api/BasicData/GenerateRooms': () => json(200, [{ id: 7, number: '101' }]),
    'GET /api/Request/RoomStay': () => json(200, { stay: null }),
    ...extra,
  };
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${new URL(input, 'http://guest.test').pathname}`];
    return route ? route(init) : json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  const sent = (path: string) =>
    fetch.mock.calls.filter(([input, init]) => init?.method && new URL(input, 'http://guest.test').pathname === path).map(([, init]) => JSON.parse(String(init!.body)));
  return { bodies: sent, sent };
}

async function openPage(lang: 'en' | 'ar') {
  await i18next.changeLanguage(lang);
  const navigate = vi.fn();
  render(<ServicePage query={new URLSearchParams('hotelId=1&roomId=7')} navigate={navigate} />);
  const t = LANGS[lang];
  await waitFor(() => expect((screen.getByLabelText(t.service.room, { exact: true }) as HTMLSelectElement).value).toBe('7'));
  return { navigate, t };
}
const serviceBox = (t: Strings, n: number) => screen.getByRole('combobox', { name: t.service.serviceN.replace('{{n}}', String(n)) });
async function pick(user: ReturnType<typeof userEvent.setup>, t: Strings, n: number, name: string) {
  const box = serviceBox(t, n);
  await user.click(box);
  await user.type(box, name.slice(0, 5));
  await user.click(await screen.findByRole('option', { name }));
  expect(box).toHaveProperty('value', name);
}

beforeAll(() => i18nReady);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await i18next.changeLanguage('en');
});

describe('a guest requests two services from the QR link, in English', { timeout: 20_000 }, () => {
  it('the link chose hotel and room; a Special Request needs its details; both lines are sent with the phone as code and number', async () => {
    const server = guestServer('en', { 'POST /api/Request/AddRequest': () => json(200, { id: ID, message: 'Sent' }) });
    const { navigate, t } = await openPage('en');
    const user = userEvent.setup();
    const hotel = screen.getByLabelText(t.service.hotel, { exact: true }) as HTMLSelectElement;
    expect(hotel.value).toBe('1');
    expect(hotel.selectedOptions[0].textContent).toBe(NAMES.en.hotel);

    await user.type(screen.getByLabelText(t.service.name), 'Layla Hassan');
    await user.type(screen.getByLabelText(t.service.email), 'layla@example.com');
    expect(screen.getByLabelText(t.service.dialCode)).toHaveProperty('value', '+966');
    await user.type(screen.getByLabelText(t.service.phone, { exact: true }), '55 123 4567');
    await pick(user, t, 1, NAMES.en.special);
    // The Special Request's details are required, and its label says so.
    const details = screen.getByLabelText(t.service.descriptionRequired);
    await user.click(screen.getByRole('button', { name: t.service.submit }));
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(server.bodies('/api/Request/AddRequest')).toEqual([]);
    await user.type(details, 'A birthday cake at 8 pm');
    await user.click(screen.getByRole('button', { name: `+ ${t.service.add}` }));
    await pick(user, t, 2, NAMES.en.towels);

    await user.click(screen.getByRole('button', { name: t.service.submit }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/Request/Review?id=${ID}`));
    expect(server.bodies('/api/Request/AddRequest')).toMatchObject([
      { custName: 'Layla Hassan', custEmail: 'layla@example.com', custPhone: '+966 55 123 4567', hotelId: 1, roomId: 7, services: [{ serviceId: 5, note: 'A birthday cake at 8 pm' }, { serviceId: 3 }] },
    ]);
  });

  it('the finished request is rated 9 of 10 with a review, and then thanks the guest', async () => {
    const server = guestServer('en', { 'PUT /api/Request/AddReviewToRequest': () => json(200, { message: 'Thanks' }) });
    const reviews = vi.fn();
    const request = { id: ID, rating: null, review: null } as unknown as RequestDetail;
    const view = render(<FeedbackForm request={request} onSent={async () => reviews()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: en.review.star.replace('{{n}}', '9').replace('{{max}}', '10') }));
    await user.type(screen.getByLabelText(en.review.feedback), 'Lovely staff, quick service');
    await user.click(screen.getByRole('button', { name: en.review.send }));
    await waitFor(() => expect(reviews).toHaveBeenCalledTimes(1));
    expect(server.sent('/api/Request/AddReviewToRequest')).toEqual([{ id: ID, rating: 9, feedback: 'Lovely staff, quick service' }]);
    view.rerender(<FeedbackForm request={{ ...request, rating: 9, review: 'Lovely staff, quick service' }} onSent={async () => undefined} />);
    expect(screen.getByRole('heading', { name: en.review.thanks })).toBeTruthy();
    expect(screen.getByText('Lovely staff, quick service')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.review.send })).toBeNull();
  });
});

describe('a failed submit keeps everything the guest typed', { timeout: 20_000 }, () => {
  it('says the network failed, then the server’s message; the page opened again has every field; trying again sends it', async () => {
    const answers: Route[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(500, { message: 'Server error, please try again later' }),
      () => json(200, { id: ID, message: 'Sent' }),
    ];
    const server = guestServer('en', { 'POST /api/Request/AddRequest': () => answers.shift()!() });
    const { t } = await openPage('en');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(t.service.name), 'Omar Khalil');
    await user.type(screen.getByLabelText(t.service.email), 'omar@example.com');
    await user.type(screen.getByLabelText(t.service.phone, { exact: true }), '50 987 6543');
    await pick(user, t, 1, NAMES.en.towels);
    await user.type(screen.getByLabelText(t.service.description), 'Two more, please');

    await user.click(screen.getByRole('button', { name: t.service.submit }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(t.errors.network));
    await user.click(screen.getByRole('button', { name: t.service.submit }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Server error, please try again later'));

    // The page opened again (a reload): the draft is still there.
    cleanup();
    const { navigate } = await openPage('en');
    expect(screen.getByLabelText(t.service.name)).toHaveProperty('value', 'Omar Khalil');
    expect(screen.getByLabelText(t.service.email)).toHaveProperty('value', 'omar@example.com');
    expect(screen.getByLabelText(t.service.phone, { exact: true })).toHaveProperty('value', '50 987 6543');
    expect(serviceBox(t, 1)).toHaveProperty('value', NAMES.en.towels);
    expect(screen.getByLabelText(t.service.description)).toHaveProperty('value', 'Two more, please');

    await user.click(screen.getByRole('button', { name: t.service.submit }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/Request/Review?id=${ID}`));
    expect(server.bodies('/api/Request/AddRequest').at(-1)).toMatchObject({ custName: 'Omar Khalil', custPhone: '+966 50 987 6543', services: [{ serviceId: 3, note: 'Two more, please' }] });
  });
});

for (const lang of ['ar', 'en'] as const) {
  describe(`the service page's search box against the hotel's services (${lang})`, { timeout: 20_000 }, () => {
    it('finds the air conditioning by the words people use, and asks for what is not listed as a Special Request', async () => {
      guestServer(lang);
      const { t } = await openPage(lang);
      const user = userEvent.setup();
      const box = serviceBox(t, 1);
      for (const word of ['مكيف', 'AC']) {
        await user.clear(box);
        await user.type(box, word);
        expect(await screen.findByRole('option', { name: NAMES[lang].ac })).toBeTruthy();
      }
      await user.click(screen.getByRole('option', { name: NAMES[lang].ac }));
      expect(box).toHaveProperty('value', NAMES[lang].ac);

      // Nothing fits: the guest's own words become a Special Request's details.
      const wish = 'zq prayer mat xv';
      await user.clear(box);
      await user.type(box, wish);
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(t.service.noServicesFound.replace('{{term}}', wish)));
      expect(screen.queryByRole('option', { name: NAMES[lang].ac })).toBeNull();
      await user.click(screen.getByRole('button', { name: t.service.askAsSpecial.replace('{{term}}', wish) }));
      expect(box).toHaveProperty('value', NAMES[lang].special);
      const details = screen.getByLabelText(t.service.descriptionRequired);
      expect(details).toHaveProperty('value', wish);
      expect(document.activeElement).toBe(details);
    });
  });
}
