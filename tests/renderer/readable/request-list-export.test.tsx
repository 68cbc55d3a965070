import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, clientRoutes, type RequestListRow } from '@shared';
import { setNavigate } from '../../../renderer/src/app/navigation';
import { RequestListScreen } from '../../../renderer/src/features/service-management/RequestListScreen';
import { platform } from '../../../renderer/src/platform';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';

const REQUESTS = '/api/Request/GetAllRequests';
const request = (id: string, over: Partial<RequestListRow>): RequestListRow => ({
  id,
  code: `RQ-${id}`,
  custName: 'Sara',
  custPhone: '+966 55 123 4567',
  hotelName: 'Nakheel Riyadh',
  roomNumber: '101',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  statusName: 'Open',
  oldestOpenAt: null,
  dueAt: null,
  isOverdue: false,
  services: ['Extra towels'],
  ...over,
});

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  setNavigate(() => undefined);
});
beforeEach(() => {
  store.set(sessionAtom, { accessToken: 't', permissions: ['Service Management.Request List'], claims: [...ALL_CLAIMS], userRoles: ['Staff'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function exported(language: 'en' | 'ar') {
  fakeServer({ [`GET ${REQUESTS}`]: { data: [request('a', { roomVerified: false }), request('b', { roomNumber: '204', roomVerified: true }), request('c', { roomNumber: 'A-12' })], headers: { 'x-total-count': '3' } } });
  const saved = vi.spyOn(platform, 'saveFile').mockResolvedValue({ saved: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[clientRoutes.requestList]}>
        <Routes>
          <Route path="*" element={<RequestListScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
    language,
  );
  await waitFor(() => expect(document.querySelector('.ag-row[row-id="a"]')).not.toBeNull());
  fireEvent.click(screen.getByTestId('export-xlsx'));
  await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), { timeout: 5_000 });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(saved.mock.calls[0][1] as never);
  const sheet = book.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const column = (header: string) => [2, 3, 4].map((r) => sheet.getRow(r).getCell(headers.indexOf(header) + 1));
  return { headers, column };
}

describe("Guests Requests' export", () => {
  it('writes Room number as a number and the room check in its own column', async () => {
    const { headers, column } = await exported('en');
    // The check comes right after the room's own column.
    const room = headers[headers.indexOf('Room check') - 1];
    expect(room).toMatch(/^Room/);
    expect(column(room).map((c) => c.value)).toEqual([101, 204, 'A-12']);
    expect(column(room)[0].type).toBe(ExcelJS.ValueType.Number);
    expect(column('Room check').map((c) => c.value ?? '')).toEqual(['Unverified room', 'Verified', '']);
  }, 20_000);

  it('in Arabic too', async () => {
    const { headers, column } = await exported('ar');
    expect(headers).toContain('التحقق من الغرفة');
    expect(column('التحقق من الغرفة')[0].value).toBe('غرفة غير مُتحقَّق منها');
  }, 20_000);
});
