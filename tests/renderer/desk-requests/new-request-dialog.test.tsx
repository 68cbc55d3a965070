import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { NewRequestButton } from '../../../renderer/src/features/desk-requests/NewRequestButton';
import { NewRequestDialog } from '../../../renderer/src/features/desk-requests/NewRequestDialog';
import { deskPhone } from '../../../renderer/src/features/desk-requests/desk-phone';
import { TrackingQr } from '../../../renderer/src/features/desk-requests/TrackingQr';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';

const CREATE = 'Service Management.Request List.Create';
const session = (claims: string[]) => store.set(sessionAtom, { accessToken: 't', permissions: [], claims, userRoles: [], userName: 'Mona', userEmail: 'm@x.demo' });

const lookups = () =>
  fakeServer({
    [`GET ${pathOf(endpoints.generateHotels)}`]: { data: [{ id: 1, name: 'Nakheel Riyadh' }] },
    [`GET ${pathOf(endpoints.generateRooms)}`]: { data: [{ id: 11, number: '101' }, { id: 12, number: '102' }, { id: 13, number: '210' }] },
    [`GET ${pathOf(endpoints.generateServices)}`]: {
      data: [{ name: 'Rooms', services: [{ id: 7, name: 'Extra towels' }, { id: 8, name: 'AC repair' }] }],
    },
    [`POST ${pathOf(endpoints.createRequestForGuest)}`]: (call) =>
      (call.body as { roomId: number }).roomId === 13
        ? { status: 400, data: { message: 'Please check the fields', errors: [{ field: 'roomId', message: 'This room does not belong to the chosen hotel' }] } }
        : { data: { message: 'Request RQ-000042 filed for the guest', id: 'c0ffee00-0000-4000-8000-000000000042', linkEmailed: false } },
  });

beforeEach(() => session([CREATE, 'Service Management.Request List.View']));
// happy-dom rejects cancelled Web Animations, which Fluent's dialog cancels on close; without animate() Fluent skips motion.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  store.set(sessionAtom, undefined);
});

describe('the phone number a clerk types', () => {
  it('takes the country code, reads 00 as + and a bare number as the default code, and checks the country plan', () => {
    expect(deskPhone('')).toMatchObject({ phone: '', problem: false });
    expect(deskPhone('050 123 4567')).toMatchObject({ phone: '+966 50 123 4567', problem: false });
    expect(deskPhone('0049 151 23456789')).toMatchObject({ phone: '+49 151 23456789', problem: false });
    expect(deskPhone('٠٥٠١٢٣٤٥٦٧').phone).toBe('+966 501234567');
    // Right pattern, wrong plan: a German number too short, shown with Germany's example.
    const short = deskPhone('+966 50 123');
    expect(short.problem).toBe(true);
    expect(short.example).toMatch(/^\+966 5\d/);
  });
});

describe('the New request dialog', { timeout: 30_000 }, () => {
  it('files a phone request: room found by typing its number, services, optional guest fields', async () => {
    const server = lookups();
    const created: { id: string; emailAsked: boolean }[] = [];
    renderInApp(<NewRequestDialog open onClose={() => undefined} onCreated={(a, emailAsked) => created.push({ id: a.id, emailAsked })} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    // One hotel: chosen already, its rooms load.
    await waitFor(() => expect(server.sent('GET', pathOf(endpoints.generateRooms))).toHaveLength(1));
    expect(within(dialog).getByRole('radio', { name: 'Phone' })).toHaveProperty('checked', true);

    // Nothing chosen: told what is missing, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'File request' }));
    expect(within(dialog).getAllByText('Required').length).toBeGreaterThanOrEqual(2);
    expect(server.sent('POST', pathOf(endpoints.createRequestForGuest))).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: /Room/ }), '10');
    // Typing narrows the rooms to those starting with it.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['101', '102']);
    await user.type(within(dialog).getByRole('combobox', { name: /Room/ }), '1');
    await user.tab();
    // Typing finds a service; each one picked is listed and leaves the choices.
    await user.type(within(dialog).getByRole('combobox', { name: /Services/ }), 'tow');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Extra towels']);
    await user.click(screen.getByRole('option', { name: 'Extra towels' }));
    await user.type(within(dialog).getByRole('combobox', { name: /Services/ }), 'a');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['AC repair']);
    await user.click(screen.getByRole('option', { name: 'AC repair' }));
    await user.tab();
    expect(within(within(dialog).getByTestId('new-request-chosen')).getByText('Extra towels')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Phone/ }), '0501234567');
    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'Called from the room');
    await user.click(within(dialog).getByRole('button', { name: 'File request' }));

    await waitFor(() => expect(created).toEqual([{ id: 'c0ffee00-0000-4000-8000-000000000042', emailAsked: false }]));
    expect(server.sent('POST', pathOf(endpoints.createRequestForGuest))[0].body).toEqual({
      channel: 'phone',
      hotelId: 1,
      roomId: 11,
      custName: '',
      custPhone: '+966 501234567',
      custEmail: '',
      emailLink: false,
      guestLanguage: 'en',
      note: 'Called from the room',
      services: [
        { serviceId: 7, note: '' },
        { serviceId: 8, note: '' },
      ],
    });
  });

  it('shows the server\'s refusal on the field, in Arabic and right to left', async () => {
    const server = lookups();
    const created: string[] = [];
    renderInApp(<NewRequestDialog open onClose={() => undefined} onCreated={(a) => created.push(a.id)} />, 'ar');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('طلب جديد لنزيل')).toBeTruthy();
    expect(dialog.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    await waitFor(() => expect(server.sent('GET', pathOf(endpoints.generateRooms))).toHaveLength(1));
    await user.click(within(dialog).getByRole('radio', { name: 'في الاستقبال' }));
    await user.type(within(dialog).getByRole('combobox', { name: /الغرفة/ }), '210');
    await user.tab();
    await user.type(within(dialog).getByRole('combobox', { name: /الخدمات/ }), 'Extra');
    await user.click(await screen.findByRole('option', { name: 'Extra towels' }));
    await user.tab();
    // A number that breaks its country's plan is caught before sending.
    await user.type(within(dialog).getByRole('textbox', { name: /الهاتف/ }), '+966 50 123');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الطلب' }));
    expect(within(dialog).getByText(/هذا ليس رقم هاتف صحيحًا/)).toBeTruthy();
    expect(server.sent('POST', pathOf(endpoints.createRequestForGuest))).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: /الهاتف/ }));
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الطلب' }));
    expect(await within(dialog).findByText('This room does not belong to the chosen hotel')).toBeTruthy();
    expect(server.sent('POST', pathOf(endpoints.createRequestForGuest))[0].body).toMatchObject({ channel: 'desk', roomId: 13, guestLanguage: 'ar' });
    expect(created).toEqual([]);
  });

  it('is offered only to holders of Request List.Create', async () => {
    session(['Service Management.Request List.View']);
    renderInApp(
      <MemoryRouter>
        <NewRequestButton />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('new-request')).toBeNull();
    cleanup();
    session([CREATE]);
    renderInApp(
      <MemoryRouter>
        <NewRequestButton />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'New request' })).toBeTruthy();
  });

  it('shows the tracking link as a QR code to scan', async () => {
    const link = 'https://hotel.example/Request/Review?id=c0ffee00-0000-4000-8000-000000000042';
    renderInApp(<TrackingQr link={link} code="RQ-000042" />);
    const qr = await screen.findByRole('img', { name: 'QR code of the guest tracking link of request RQ-000042' });
    expect(qr.getAttribute('data-link')).toBe(link);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('names the tracking QR code in Arabic', async () => {
    renderInApp(<TrackingQr link="https://hotel.example/Request/Review?id=c0ffee00-0000-4000-8000-000000000042" code="RQ-000042" />, 'ar');
    expect(await screen.findByRole('img', { name: 'رمز QR لرابط متابعة النزيل للطلب RQ-000042' })).toBeTruthy();
  });
});
