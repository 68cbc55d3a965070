import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApaleoSettings } from '@shared';
import { ApaleoPanel } from '../../../renderer/src/features/integrations/apaleo/ApaleoPanel';
import { renderInApp } from '../render-app';
import { fakeServer } from '../support/fake-http';

const SECRET = 'apaleo-client-secret-value';
const empty: ApaleoSettings = { hotelId: 3, enabled: false, propertyId: '', clientId: '', hasClientSecret: false, webhookUrl: 'https://hotel.example.com/api/Integrations/Pms/Apaleo' };

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(cleanup);

function server() {
  let stored = empty;
  return fakeServer({
    'GET /api/BasicData/GenerateHotels': { data: [{ id: 3, name: 'Riyadh Tower' }] },
    'GET /api/Integrations/Pms/Apaleo/Settings': () => ({ data: stored }),
    'PUT /api/Integrations/Pms/Apaleo/Settings': (call) => {
      const body = call.body as { enabled: boolean; propertyId: string; clientId: string; clientSecret?: string };
      stored = { ...stored, enabled: body.enabled, propertyId: body.propertyId, clientId: body.clientId, hasClientSecret: stored.hasClientSecret || Boolean(body.clientSecret) };
      return { data: { message: 'The apaleo settings were saved', settings: stored } };
    },
  });
}

async function pickHotel() {
  await waitFor(() => expect(within(screen.getByTestId('apaleo')).getByRole('option', { name: 'Riyadh Tower' })).toBeTruthy());
  fireEvent.change(within(screen.getByTestId('apaleo')).getByRole('combobox'), { target: { value: '3' } });
}

describe('Integrations → apaleo panel', () => {
  it('saves a hotel’s apaleo settings; the secret is sent once and afterwards shown only as set', async () => {
    const fake = server();
    renderInApp(<ApaleoPanel canEdit />);
    await pickHotel();
    await screen.findByText('No secret is set');
    expect(fake.sent('GET', '/api/Integrations/Pms/Apaleo/Settings')[0].query).toMatchObject({ hotelId: 3 });
    expect(screen.getByText('https://hotel.example.com/api/Integrations/Pms/Apaleo')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('apaleo property id'), { target: { value: 'MUC' } });
    fireEvent.change(screen.getByLabelText('Client id'), { target: { value: 'HOTEL-SP-GUESTSERVICE' } });
    fireEvent.change(screen.getByLabelText(/^Client secret/), { target: { value: SECRET } });
    await userEvent.click(screen.getByRole('switch', { name: 'Connection on' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', '/api/Integrations/Pms/Apaleo/Settings')).toHaveLength(1));
    expect(fake.sent('PUT', '/api/Integrations/Pms/Apaleo/Settings')[0].body).toEqual({
      hotelId: 3,
      enabled: true,
      propertyId: 'MUC',
      clientId: 'HOTEL-SP-GUESTSERVICE',
      clientSecret: SECRET,
    });
    await screen.findByText('A secret is set: leave empty to keep it');
    expect((screen.getByLabelText(/^Client secret/) as HTMLInputElement).value).toBe('');
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('shows the settings read-only, in Arabic, to someone who may only view them', async () => {
    server();
    renderInApp(<ApaleoPanel canEdit={false} />, 'ar');
    await pickHotel();
    await screen.findByText('لم يتم تعيين سر');
    expect(screen.getByText('apaleo (نظام إدارة الفندق)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'حفظ' })).toBeNull();
    expect((screen.getByLabelText('معرّف العميل') as HTMLInputElement).disabled).toBe(true);
  });
});
