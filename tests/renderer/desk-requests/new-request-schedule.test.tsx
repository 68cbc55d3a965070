import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { SCHEDULE_AHEAD_DAYS_MAX } from '@shared/service-levels';
import { NewRequestDialog } from '../../../renderer/src/features/desk-requests/NewRequestDialog';
import { scheduleDays } from '../../../renderer/src/features/desk-requests/ScheduleLine';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';

const CREATE = 'Service Management.Request List.Create';

/** The desk's lookups; a time the server calls past is refused on the line it names. */
const lookups = () =>
  fakeServer({
    [`GET ${pathOf(endpoints.generateHotels)}`]: { data: [{ id: 1, name: 'Nakheel Riyadh' }] },
    [`GET ${pathOf(endpoints.generateRooms)}`]: { data: [{ id: 11, number: '101' }] },
    [`GET ${pathOf(endpoints.generateServices)}`]: {
      data: [{ name: 'Rooms', services: [{ id: 7, name: 'Extra towels' }, { id: 9, name: 'Wake-up call' }] }],
    },
    [`POST ${pathOf(endpoints.createRequestForGuest)}`]: (call) => {
      const lines = (call.body as { services: { scheduledAt?: string }[] }).services;
      const past = lines.findIndex((l) => l.scheduledAt?.endsWith('T00:00'));
      return past >= 0
        ? { status: 400, data: { message: 'Please check the fields', errors: [{ field: `services.${past}.scheduledAt`, message: 'This time has passed (it is 09:12 at the hotel)' }] } }
        : { data: { message: 'Request RQ-000043 filed for the guest', id: 'c0ffee00-0000-4000-8000-000000000043', linkEmailed: false } };
    },
  });

beforeEach(() => store.set(sessionAtom, { accessToken: 't', permissions: [], claims: [CREATE], userRoles: [], userName: 'Mona', userEmail: 'm@x.demo' }));
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  store.set(sessionAtom, undefined);
});

async function chooseRoomAndServices(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>, roomLabel: RegExp, servicesLabel: RegExp) {
  await user.type(within(dialog).getByRole('combobox', { name: roomLabel }), '101');
  await user.tab();
  for (const name of ['Extra towels', 'Wake-up call']) {
    await user.type(within(dialog).getByRole('combobox', { name: servicesLabel }), name.slice(0, 3));
    await user.click(await screen.findByRole('option', { name }));
  }
  await user.tab();
}

describe('the desk schedules a chosen service for a time', { timeout: 30_000 }, () => {
  it('offers today up to the last day the server takes', () => {
    const days = scheduleDays(new Date(2026, 10, 27, 23, 50));
    expect(days).toHaveLength(SCHEDULE_AHEAD_DAYS_MAX + 1);
    expect(days[0]).toBe('2026-11-27');
    expect(days[1]).toBe('2026-11-28');
    expect(days.at(-1)).toBe('2026-12-27');
  });

  it('sends the day and time of the scheduled line only, and asks for a time before sending', async () => {
    const server = lookups();
    const created: string[] = [];
    renderInApp(<NewRequestDialog open onClose={() => undefined} onCreated={(a) => created.push(a.id)} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(server.sent('GET', pathOf(endpoints.generateRooms))).toHaveLength(1));
    await chooseRoomAndServices(dialog, user, /Room/, /Services/);

    // Each chosen service has its own "at a time"; nothing to pick until it is asked for.
    const wakeUp = within(dialog).getByRole('group', { name: 'Wake-up call' });
    expect(within(dialog).getByRole('group', { name: 'Extra towels' })).toBeTruthy();
    expect(within(wakeUp).queryByTestId('new-request-time')).toBeNull();
    await user.click(within(wakeUp).getByRole('checkbox', { name: 'Wake-up call at a time the guest asks for' }));
    const day = within(wakeUp).getByRole('combobox', { name: 'Day' }) as HTMLSelectElement;
    expect([...day.options].slice(0, 2).map((o) => o.textContent)).toEqual(['Today', 'Tomorrow']);
    expect(day.options).toHaveLength(SCHEDULE_AHEAD_DAYS_MAX + 1);
    expect(within(wakeUp).getByText("The hotel's local time")).toBeTruthy();

    // Scheduled without a time: said on the line, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'File request' }));
    expect(within(wakeUp).getByText('Choose the time')).toBeTruthy();
    expect(server.sent('POST', pathOf(endpoints.createRequestForGuest))).toHaveLength(0);

    const tomorrow = scheduleDays(new Date())[1];
    await user.selectOptions(day, tomorrow);
    fireEvent.change(within(wakeUp).getByTestId('new-request-time'), { target: { value: '06:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'File request' }));
    await waitFor(() => expect(created).toEqual(['c0ffee00-0000-4000-8000-000000000043']));
    expect((server.sent('POST', pathOf(endpoints.createRequestForGuest))[0].body as { services: unknown }).services).toEqual([
      { serviceId: 7, note: '' },
      { serviceId: 9, note: '', scheduledAt: `${tomorrow}T06:00` },
    ]);
  });

  it('shows the server\'s refusal of a past time on that line, in Arabic and right to left', async () => {
    const server = lookups();
    renderInApp(<NewRequestDialog open onClose={() => undefined} onCreated={() => undefined} />, 'ar');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    await waitFor(() => expect(server.sent('GET', pathOf(endpoints.generateRooms))).toHaveLength(1));
    await chooseRoomAndServices(dialog, user, /الغرفة/, /الخدمات/);
    const wakeUp = within(dialog).getByRole('group', { name: 'Wake-up call' });
    await user.click(within(wakeUp).getByRole('checkbox', { name: 'Wake-up call في وقت يطلبه النزيل' }));
    const day = within(wakeUp).getByRole('combobox', { name: 'التاريخ' }) as HTMLSelectElement;
    expect([...day.options].slice(0, 2).map((o) => o.textContent)).toEqual(['اليوم', 'غدًا']);
    const time = within(wakeUp).getByTestId('new-request-time');
    // The time reads left to right in the Arabic form.
    expect(time.getAttribute('dir')).toBe('ltr');
    fireEvent.change(time, { target: { value: '00:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الطلب' }));
    expect(await within(wakeUp).findByText('This time has passed (it is 09:12 at the hotel)')).toBeTruthy();
    expect(within(within(dialog).getByRole('group', { name: 'Extra towels' })).queryByText(/This time has passed/)).toBeNull();
    expect(server.sent('POST', pathOf(endpoints.createRequestForGuest))[0].body).toMatchObject({ services: [{ serviceId: 7 }, { serviceId: 9, scheduledAt: `${scheduleDays(new Date())[0]}T00:00` }] });
  });
});
