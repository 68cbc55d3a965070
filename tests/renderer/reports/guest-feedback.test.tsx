import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { clientRoutes, type GuestFeedbackRow } from '@shared';
import { GuestFeedbackScreen } from '../../../renderer/src/features/reports/GuestFeedbackScreen';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { dialogTestSetup } from '../support/dialog-test';
import { fakeServer, type SentCall } from '../support/fake-http';
import { renderInApp } from '../render-app';

/**
 * Guest feedback lists each review with its room and request, and filters by rating through the
 * server (reports.spec before). The filter's figures on the server: tests/server/reports/reports.test.ts.
 */
dialogTestSetup();
afterEach(() => store.set(sessionAtom, undefined));

const FEEDBACK = '/api/Reports/GuestFeedback';
const review: GuestFeedbackRow = {
  requestId: '6f1c1f43-5c55-4c8e-9a51-3e7c1c2f0a11',
  requestCode: 'RQ-00042',
  rating: 9,
  review: 'Spotless room',
  reviewedAt: '2026-11-30T10:00:00.000Z',
  hotelName: 'Nakheel Riyadh',
  roomId: 7,
  roomNumber: '101',
  departments: ['Housekeeping'],
  custName: 'Layla Hassan',
  services: ['Extra towels'],
  followUp: null,
};

function open(language: 'en' | 'ar' = 'en') {
  store.set(sessionAtom, { accessToken: 't', permissions: [], claims: ['Reports.Guest Feedback.View'], userRoles: [], userName: 'Hessa', userEmail: 'h@x.demo' });
  const server = fakeServer({
    'GET /api/BasicData/GenerateHotels': { data: [{ id: 1, name: 'Nakheel Riyadh' }] },
    // The server filters: a minimum above the review's rating leaves nothing.
    [`GET ${FEEDBACK}`]: ({ query }: SentCall) => ({ data: Number(query.minRating ?? 0) > review.rating ? [] : [review] }),
  });
  renderInApp(
    <MemoryRouter>
      <GuestFeedbackScreen />
    </MemoryRouter>,
    language,
  );
  return server;
}
const rows = () => [...document.querySelectorAll('.ag-row')];

describe('Guest feedback', { timeout: 30_000 }, () => {
  it('lists the review with its room and request, and filters by rating on the server', async () => {
    const server = open();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0].textContent).toContain('Spotless room');
    expect(within(rows()[0] as HTMLElement).getByRole('link', { name: 'RQ-00042' }).getAttribute('href')).toBe(clientRoutes.requestDetails(review.requestId));
    expect(within(rows()[0] as HTMLElement).getByRole('link', { name: '101' })).toBeTruthy();
    expect(server.sent('GET', FEEDBACK)[0].query.minRating).toBeUndefined();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('rating-min'));
    await user.click(await screen.findByRole('option', { name: '10' }));
    await waitFor(() => expect(server.sent('GET', FEEDBACK).at(-1)?.query).toMatchObject({ minRating: 10 }));
    expect(await screen.findByText('No data to be shown')).toBeTruthy();
  });

  it('is headed in Arabic', async () => {
    open('ar');
    expect(await screen.findByRole('heading', { name: 'آراء النزلاء', level: 1 })).toBeTruthy();
  });
});
