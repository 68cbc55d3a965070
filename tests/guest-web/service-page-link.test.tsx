import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { en } from '../../guest-web/src/i18n/en';
import { ServicePage } from '../../guest-web/src/service/ServicePage';
import { i18nReady } from './setup';

/** A JSON answer as the server gives it. */
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An answer the test sends when it chooses, to put the page's calls in any order. */
function later() {
  let send!: (response: Response) => void;
  const answer = new Promise<Response>((resolve) => (send = resolve));
  return { answer, send };
}

const HOTELS = [{ id: 1, name: 'Nile Hotel' }];
const ROOMS = [{ id: 7, number: '101' }];
const SERVICES = [{ name: 'Housekeeping', services: [{ id: 3, name: 'Extra towels' }] }];

/** The guest API by method and path; a call it does not know is a 404, as the server answers an unknown hotel's rooms. */
function guestServer(routes: Record<string, () => Response | Promise<Response>>) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://guest.test');
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    return route ? route() : json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  const sent = (path: string) => fetch.mock.calls.filter(([input]) => new URL(input, 'http://guest.test').pathname === path);
  return { fetch, sent };
}

const open = (query: string) => render(<ServicePage query={new URLSearchParams(query)} navigate={vi.fn()} />);
const problem = () => screen.queryByTestId('link-problem')?.textContent ?? null;

beforeAll(async () => {
  await i18nReady;
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The room's QR link is signed: a request sent from it carries the signature, so staff see the room verified (tests/server/qr/room-links.test.ts). */
describe('the room link’s signature', { timeout: 20_000 }, () => {
  /** What the guest typed earlier in the visit (kept in sessionStorage): the form is complete. */
  const typedEarlier = () =>
    sessionStorage.setItem(
      'guest-request-draft',
      JSON.stringify({ custName: 'Noura Saleh', custEmail: 'noura@example.com', dialCode: '+966', phoneNumber: '50 111 2233', hotelId: null, roomId: null, lines: [{ key: 1, serviceId: 3, note: '' }] }),
    );
  const submitted = async (query: string) => {
    typedEarlier();
    const server = guestServer({
      'GET /api/BasicData/GenerateHotels': () => json(200, HOTELS),
      'GET /api/BasicData/GenerateServices': () => json(200, SERVICES),
      'GET /api/BasicData/GenerateRooms': () => json(200, ROOMS),
      'GET /api/Request/RoomStay': () => json(200, { stay: null }),
      'POST /api/Request/AddRequest': () => json(200, { id: '6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11', message: 'Sent' }),
    });
    const navigate = vi.fn();
    render(<ServicePage query={new URLSearchParams(query)} navigate={navigate} />);
    await waitFor(() => expect((screen.getByLabelText(en.service.room, { exact: true }) as HTMLSelectElement).value).toBe('7'));
    await userEvent.click(screen.getByRole('button', { name: en.service.submit }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/Request/Review?id=6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11'));
    const [[, init]] = server.sent('/api/Request/AddRequest') as unknown as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({ hotelId: 1, roomId: 7, custName: 'Noura Saleh', services: [{ serviceId: 3 }] });
    return (init.headers as Record<string, string>)['x-room-signature'];
  };

  it('a request from the scanned link carries its signature; the same room named without it carries none', async () => {
    expect(await submitted('hotelId=1&roomId=7&sig=1.abcdefghijklmnopqrstuv')).toBe('1.abcdefghijklmnopqrstuv');
    cleanup();
    sessionStorage.clear();
    expect(await submitted('hotelId=1&roomId=7')).toBeUndefined();
  });
});

/** An old QR code or a saved draft that names a hotel or room the server does not know (guest-keeps.spec before). */
describe('a link to a hotel or room that does not exist', { timeout: 20_000 }, () => {
  it('an unknown hotel says the hotel is wrong, even when the rooms’ 404 comes back before the hotels', async () => {
    const hotels = later();
    const server = guestServer({
      'GET /api/BasicData/GenerateHotels': () => hotels.answer,
      'GET /api/BasicData/GenerateServices': () => json(200, SERVICES),
    });
    open('hotelId=987654&roomId=7');
    // The rooms of hotel 987654: a 404, answered while the hotels are still on their way.
    const room = screen.getByLabelText(en.service.room, { exact: true }) as HTMLSelectElement;
    await waitFor(() => expect(room.options[0].textContent).toBe(en.service.chooseRoom));
    expect(server.sent('/api/BasicData/GenerateRooms')).toHaveLength(1);
    expect(problem()).not.toBe(en.service.linkRoomUnknown);
    hotels.send(json(200, HOTELS));
    await waitFor(() => expect(problem()).toBe(en.service.linkHotelUnknown));
    expect((screen.getByLabelText(en.service.hotel, { exact: true }) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(en.service.room, { exact: true }) as HTMLSelectElement).value).toBe('');
    // Said as a problem of the link, not as a failure to retry.
    expect(screen.queryByText(en.errors.notFound)).toBeNull();
    expect(screen.queryByRole('button', { name: en.errors.retry })).toBeNull();
  });

  it('an unknown room of a known hotel says the room is wrong; the form then refuses to send without a room', async () => {
    const server = guestServer({
      'GET /api/BasicData/GenerateHotels': () => json(200, HOTELS),
      'GET /api/BasicData/GenerateServices': () => json(200, SERVICES),
      'GET /api/BasicData/GenerateRooms': () => json(200, ROOMS),
    });
    open('hotelId=1&roomId=987654');
    await waitFor(() => expect(problem()).toBe(en.service.linkRoomUnknown));
    expect((screen.getByLabelText(en.service.hotel, { exact: true }) as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText(en.service.room, { exact: true }) as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('button', { name: en.errors.retry })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: en.service.submit }));
    await waitFor(() => expect(document.getElementById('roomId-error')?.textContent).toBe(en.validation.roomRequired));
    expect(screen.getByLabelText(en.service.room, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('/api/Request/AddRequest')).toHaveLength(0);
  });
});
