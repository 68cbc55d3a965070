import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_CLAIMS, UNTIMED_LINE, clientRoutes, type RequestListRow, type ServiceListRow } from '@shared';
import { setNavigate } from '../../renderer/src/app/navigation';
import { RequestListScreen } from '../../renderer/src/features/service-management/RequestListScreen';
import { ServiceListScreen } from '../../renderer/src/features/service-management/ServiceListScreen';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { fakeServer } from './support/fake-http';
import { renderInApp } from './render-app';

/** The lists mark each request's channel (phone, desk, guest page) beside its code, narrow enough to keep Status in view. */

const REQUESTS = '/api/Request/GetAllRequests';
const LINES = '/api/Request/GetAllServicesRequest';
const at = '2026-11-23T10:00:00.000Z';
const request = (id: string, channel: RequestListRow['channel']): RequestListRow => ({
  id,
  code: `RQ-00000${id}`,
  custName: 'Sara',
  custPhone: '+966 55 123 4567',
  hotelName: 'Nakheel Riyadh',
  roomNumber: '101',
  createdAt: at,
  updatedAt: at,
  statusName: 'Open',
  oldestOpenAt: null,
  dueAt: null,
  isOverdue: false,
  services: ['Extra towels'],
  channel,
});
const line = (id: number, channel: ServiceListRow['channel']): ServiceListRow => ({
  id,
  requestId: `r-${id}`,
  requestHeaderCode: `RQ-00000${id}`,
  channel,
  serviceName: 'Extra towels',
  departmentName: 'Housekeeping',
  hotelName: 'Nakheel Riyadh',
  roomNumber: '101',
  createdAt: at,
  updatedAt: at,
  statusName: 'Open',
  ...UNTIMED_LINE,
});

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
beforeEach(() => {
  store.set(sessionAtom, { accessToken: 't', permissions: ['Service Management.Service List', 'Service Management.Request List'], claims: [...ALL_CLAIMS], userRoles: ['Staff'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(() => cleanup());

function mount(ui: ReactElement, path: string, language: 'en' | 'ar') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
    language,
  );
}
const codeCell = (rowId: string, colId: string) => document.querySelector<HTMLElement>(`.ag-row[row-id="${rowId}"] .ag-cell[col-id="${colId}"]`)!;

const names = {
  en: { phone: 'Channel: Phone', desk: 'Channel: At the desk', guest: 'Channel: Guest page' },
  ar: { phone: 'القناة: الهاتف', desk: 'القناة: في الاستقبال', guest: 'القناة: صفحة النزيل' },
};

describe('the request channel in the lists', { timeout: 30_000 }, () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`marks phone, desk and guest-page requests beside their code on Guests Requests, named and with a tooltip (${lang})`, async () => {
      // An older server sends no channel: the guest's page.
      fakeServer({ [`GET ${REQUESTS}`]: { data: [request('1', 'phone'), request('2', 'desk'), request('3', 'guest'), request('4', undefined)], headers: { 'x-total-count': '4' } } });
      mount(<RequestListScreen />, clientRoutes.requestList, lang);
      await waitFor(() => expect(document.querySelector('.ag-row[row-id="4"]')).not.toBeNull());
      for (const [id, channel] of [['1', 'phone'], ['2', 'desk'], ['3', 'guest'], ['4', 'guest']] as const) {
        const cell = codeCell(id, 'code');
        const mark = within(cell).getByRole('img', { name: names[lang][channel] });
        expect(mark.getAttribute('title')).toBe(names[lang][channel]);
        // The code stays whole text of its own (left to right in Arabic too), readable and searchable.
        const code = cell.querySelector('.cell-text')!;
        expect(code.textContent).toBe(`RQ-00000${id}`);
        expect(code.getAttribute('dir')).toBe('ltr');
      }
      // No column of its own (that pushed Status out of view at 1366 px).
      expect(document.querySelector('.ag-header-cell[col-id="channel"]')).toBeNull();
    });

    it(`marks each service line with its request's channel on the Services list (${lang})`, async () => {
      fakeServer({ [`GET ${LINES}`]: { data: [line(1, 'phone'), line(2, 'guest')], headers: { 'x-total-count': '2' } } });
      mount(<ServiceListScreen />, clientRoutes.serviceList, lang);
      await waitFor(() => expect(document.querySelector('.ag-row[row-id="2"]')).not.toBeNull());
      expect(within(codeCell('1', 'requestHeaderCode')).getByRole('img', { name: names[lang].phone })).toBeTruthy();
      expect(within(codeCell('2', 'requestHeaderCode')).getByRole('img', { name: names[lang].guest })).toBeTruthy();
    });
  }
});
