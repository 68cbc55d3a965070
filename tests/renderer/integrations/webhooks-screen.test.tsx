import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookSubscription } from '@shared';
import { IntegrationsScreen } from '../../../renderer/src/features/integrations/IntegrationsScreen';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { renderInApp, withQueryCache } from '../render-app';
import { fakeServer } from '../support/fake-http';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3XLqZ3iMqu0=';

const subscription: WebhookSubscription = {
  id: 7,
  url: 'https://bi.example.com/hooks',
  eventTypes: ['request.created', 'line.changed'],
  hotelId: null,
  hotelName: null,
  includeInternalNotes: false,
  enabled: true,
  failingSince: null,
  disabledAt: null,
  createdAt: '2026-11-27T08:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: 31,
  messageId: 'msg_4f1c2a',
  eventType: 'line.changed',
  state: 'failed',
  attempts: 12,
  createdAt: '2026-11-24T08:00:00.000Z',
  lastAttemptAt: '2026-11-27T08:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  responseStatus: 500,
  latencyMs: 42,
  response: 'receiver is down',
};

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  store.set(sessionAtom, {
    accessToken: 'x',
    permissions: ['Administration.Integrations'],
    claims: ['Administration.Integrations.View', 'Administration.Integrations.Edit'],
    userRoles: ['Admin'],
    userName: 'Admin',
    userEmail: 'admin@hotel.test',
  });
});
afterEach(cleanup);

function server(list: WebhookSubscription[]) {
  return fakeServer({
    'GET /api/Integrations/Webhooks': () => ({ data: list }),
    'GET /api/BasicData/GenerateHotels': { data: [{ id: 3, name: 'Riyadh Tower' }] },
    'POST /api/Integrations/Webhooks': (call) => {
      const body = call.body as Pick<WebhookSubscription, 'url' | 'eventTypes' | 'hotelId'>;
      list.unshift({ ...subscription, id: 8, url: body.url, eventTypes: body.eventTypes, hotelId: body.hotelId, hotelName: 'Riyadh Tower' });
      return { data: { message: 'Webhook created', id: 8, secret: SECRET } };
    },
    'GET /api/Integrations/Webhooks/7/Deliveries': { data: { items: [delivery], total: 1 } },
    'POST /api/Integrations/Webhooks/7/Deliveries/31/Resend': { data: { message: 'The delivery will be sent again', id: 31 } },
    'PUT /api/Integrations/Webhooks/7/Enabled': { data: { message: 'Saved', id: 7 } },
  });
}

describe('Integrations → Webhooks screen', () => {
  it('creates a webhook for one hotel and shows its secret once', async () => {
    const fake = server([subscription]);
    renderInApp(withQueryCache(<IntegrationsScreen />));
    await screen.findByText('https://bi.example.com/hooks');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    fireEvent.change(screen.getByLabelText(/^URL/), { target: { value: 'https://pms.example.com/in' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Review added' }));
    await waitFor(() => expect(within(screen.getByTestId('webhooks')).getByRole('option', { name: 'Riyadh Tower' })).toBeTruthy());
    fireEvent.change(within(screen.getByTestId('webhooks')).getByRole('combobox'), { target: { value: '3' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fake.sent('POST', '/api/Integrations/Webhooks')).toHaveLength(1));
    expect(fake.sent('POST', '/api/Integrations/Webhooks')[0].body).toEqual({
      url: 'https://pms.example.com/in',
      eventTypes: ['request.created', 'line.changed', 'review.added'],
      hotelId: 3,
      includeInternalNotes: false,
    });
    const shown = await screen.findByTestId('webhook-secret');
    expect(shown.textContent).toContain(SECRET);
    expect(shown.textContent).toContain('it is not shown again');
    await screen.findByText('https://pms.example.com/in');
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('reads the delivery log and sends a delivery again; switches a webhook off', async () => {
    const fake = server([subscription]);
    renderInApp(withQueryCache(<IntegrationsScreen />));
    await screen.findByText('https://bi.example.com/hooks');
    await userEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    const row = await screen.findByTestId('webhook-delivery');
    expect(row.textContent).toContain('Line changed');
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('500');
    expect(row.textContent).toContain('42 ms');
    expect(row.textContent).toContain('receiver is down');
    await userEvent.click(within(row).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(fake.sent('POST', '/api/Integrations/Webhooks/7/Deliveries/31/Resend')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(fake.sent('PUT', '/api/Integrations/Webhooks/7/Enabled')[0]?.body).toEqual({ enabled: false }));
  });

  it('reads in Arabic, right to left', async () => {
    server([subscription]);
    renderInApp(withQueryCache(<IntegrationsScreen />), 'ar');
    await screen.findByText('https://bi.example.com/hooks');
    expect(screen.getByText('كل فنادق السلسلة')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إضافة ويب هوك' })).toBeTruthy();
    expect(screen.getByText('إنشاء طلب، تغيّر بند')).toBeTruthy();
    expect(document.querySelector('[dir="rtl"]')).not.toBeNull();
  });
});
