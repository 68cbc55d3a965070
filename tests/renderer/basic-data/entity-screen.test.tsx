import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { room } from '../../../renderer/src/features/basic-data/entities/linked';
import { company, department } from '../../../renderer/src/features/basic-data/entities/simple';
import { EntityScreen } from '../../../renderer/src/features/basic-data/screen/EntityScreen';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { dialogTestSetup } from '../support/dialog-test';
import { fakeServer, type SentCall } from '../support/fake-http';
import { renderInApp } from '../render-app';

/**
 * A master-data screen as the desk uses it (master-data.spec before): the form, the list, the edit
 * modal and the delete confirmation against a server that keeps what it is sent. The server's own
 * rules (the duplicate code, scope): tests/server/basic-data/basic-data-rules.test.ts.
 */
const toasts = dialogTestSetup();
afterEach(() => store.set(sessionAtom, undefined));

const signIn = (entity: string) =>
  store.set(sessionAtom, {
    accessToken: 'token',
    permissions: [],
    claims: ['View', 'Create', 'Edit', 'Delete'].map((a) => `Basic Data.${entity}.${a}`),
    userRoles: [],
    userName: 'Hessa',
    userEmail: 'h@x.demo',
  });

type Row = Record<string, unknown> & { id: number };
/** A list endpoint's answer as the server gives it: the rows of the page asked for and the total in a header. */
const page = (rows: Row[]) => ({ data: structuredClone(rows), headers: { 'x-total-count': String(rows.length) } });

/** One entity's add/list/edit/remove, kept in memory; a code used twice is refused as the server refuses it. */
function entityServer(paths: { list: string; add: string; edit: string; remove: string }, codeField: string, toRow: (body: Row, id: number) => Row, extra = {}) {
  const rows: Row[] = [];
  let next = 1;
  const server = fakeServer({
    ...extra,
    [`GET ${paths.list}`]: () => page(rows),
    [`POST ${paths.add}`]: (call: SentCall) => {
      const body = call.body as Row;
      if (rows.some((r) => r[codeField] === body[codeField])) return { status: 400, data: { message: `The code "${String(body[codeField])}" is already used` } };
      rows.push(toRow(body, next));
      return { data: { message: 'Added', id: next++ } };
    },
    ...Object.fromEntries(
      [1, 2, 3].map((id) => [
        `PUT ${paths.edit.replace(':id', String(id))}`,
        (call: SentCall) => {
          const i = rows.findIndex((r) => r.id === id);
          rows[i] = toRow({ ...rows[i], ...(call.body as Row) }, id);
          return { data: { message: 'Updated', id } };
        },
      ]),
    ),
    ...Object.fromEntries(
      [1, 2, 3].map((id) => [
        `DELETE ${paths.remove.replace(':id', String(id))}`,
        () => {
          rows.splice(rows.findIndex((r) => r.id === id), 1);
          return { data: { message: 'Removed', id } };
        },
      ]),
    ),
  });
  return { server, rows };
}

const open = (descriptor: typeof company | typeof room | typeof department) =>
  renderInApp(
    <MemoryRouter>
      <EntityScreen descriptor={descriptor as never} />
    </MemoryRouter>,
  );
const grid = () => screen.getByTestId('data-table');
const createForm = () => within(screen.getByTestId('create-form'));

describe('Companies: create, edit and delete', { timeout: 30_000 }, () => {
  it('adds a company, says the server’s message for a code used twice, renames it in the edit modal and removes it', async () => {
    signIn('Company');
    const { server } = entityServer(
      { list: '/api/BasicData/GetAllCompanies', add: '/api/BasicData/AddCompany', edit: '/api/BasicData/EditCompany/:id', remove: '/api/BasicData/RemoveCompany/:id' },
      'companyCode',
      (body, id) => ({ ...body, id, createdAt: '2026-11-01T08:00:00Z' }),
    );
    const user = userEvent.setup();
    open(company);
    expect(await within(grid()).findByText('No data to be shown')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add new' }));
    await user.type(createForm().getByLabelText(/^Company code/), 'E2E-CO-1');
    await user.type(createForm().getByLabelText(/^Name/), 'Red Sea Holding');
    await user.selectOptions(createForm().getByLabelText(/^Country/), 'Egypt');
    await user.click(createForm().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toasts).toEqual([['Added', 'success']]));
    expect(server.sent('POST', '/api/BasicData/AddCompany').map((c) => c.body)).toEqual([{ companyCode: 'E2E-CO-1', name: 'Red Sea Holding', countryName: 'Egypt' }]);
    // The form clears and collapses; the list shows the new company.
    expect(screen.getByTestId('create-panel').getAttribute('aria-hidden')).toBe('true');
    expect(createForm().getByLabelText(/^Company code/)).toHaveProperty('value', '');
    expect(await within(grid()).findByText('Red Sea Holding')).toBeTruthy();
    expect(within(grid()).getByText('Egypt')).toBeTruthy();

    // The same code again: the server's message, not a generic one.
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    await user.type(createForm().getByLabelText(/^Company code/), 'E2E-CO-1');
    await user.type(createForm().getByLabelText(/^Name/), 'Another');
    await user.selectOptions(createForm().getByLabelText(/^Country/), 'Jordan');
    await user.click(createForm().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual(['The code "E2E-CO-1" is already used', 'error']));
    await user.click(screen.getByRole('button', { name: 'Hide form' }));

    await user.click(within(grid()).getByRole('button', { name: 'Edit Red Sea Holding' }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    expect(dialog.getByLabelText(/^Company code/).hasAttribute('readonly')).toBe(true);
    await user.clear(dialog.getByLabelText(/^Name/));
    await user.type(dialog.getByLabelText(/^Name/), 'Red Sea Holding Group');
    await user.click(dialog.getByRole('button', { name: 'Update', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(server.sent('PUT', '/api/BasicData/EditCompany/1').map((c) => c.body)).toEqual([{ companyCode: 'E2E-CO-1', name: 'Red Sea Holding Group', countryName: 'Egypt' }]);
    expect(await within(grid()).findByText('Red Sea Holding Group')).toBeTruthy();

    await user.click(within(grid()).getByRole('button', { name: 'Delete Red Sea Holding Group' }));
    const confirm = await screen.findByRole('alertdialog', { hidden: true });
    expect(confirm.textContent).toContain('Red Sea Holding Group');
    await user.click(within(confirm).getByRole('button', { name: 'Remove', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect(server.sent('DELETE', '/api/BasicData/RemoveCompany/1')).toHaveLength(1);
    expect(await within(grid()).findByText('No data to be shown')).toBeTruthy();
  });
});

const LOOKUPS = {
  'GET /api/BasicData/GenerateHotels': { data: [{ id: 3, name: 'Nakheel Jeddah' }] },
  'GET /api/BasicData/GenerateUseTypes': { data: [{ id: 4, name: 'Guest room' }] },
  'GET /api/BasicData/GenerateRoomTypes': { data: [{ id: 5, name: 'Single' }, { id: 6, name: 'Suite' }] },
};
const ROOM_TYPES: Record<number, string> = { 5: 'Single', 6: 'Suite' };
const roomRow = (body: Record<string, unknown>, id: number): Row => ({
  ...body,
  id,
  hotelName: 'Nakheel Jeddah',
  useTypeNameEn: 'Guest room',
  roomTypeNameEn: ROOM_TYPES[Number(body.roomTypeId)],
  createdAt: '2026-11-01T08:00:00Z',
});

describe('Rooms: create, edit and delete', { timeout: 30_000 }, () => {
  it('adds a room with its hotel, use type and room type, changes its type in the edit modal and removes it', async () => {
    signIn('Room');
    const { server } = entityServer(
      { list: '/api/BasicData/GetAllRooms', add: '/api/BasicData/AddRoom', edit: '/api/BasicData/EditRoom/:id', remove: '/api/BasicData/RemoveRoom/:id' },
      'number',
      roomRow,
      LOOKUPS,
    );
    const user = userEvent.setup();
    open(room);
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    await user.type(createForm().getByLabelText(/^Room number/), 'E2E-901');
    await waitFor(() => expect((createForm().getByLabelText(/^Room type/) as HTMLSelectElement).options).toHaveLength(3));
    await user.selectOptions(createForm().getByLabelText(/^Hotel/), '3');
    await user.selectOptions(createForm().getByLabelText(/^Use type/), '4');
    await user.selectOptions(createForm().getByLabelText(/^Room type/), '5');
    await user.click(createForm().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toasts).toEqual([['Added', 'success']]));
    expect(server.sent('POST', '/api/BasicData/AddRoom').map((c) => c.body)).toEqual([{ number: 'E2E-901', hotelId: 3, useTypeId: 4, roomTypeId: 5, floor: '', zone: '' }]);
    expect(await within(grid()).findByText('E2E-901')).toBeTruthy();
    expect(within(grid()).getByText('Single')).toBeTruthy();

    await user.click(within(grid()).getByRole('button', { name: 'Edit E2E-901' }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    expect(dialog.getByLabelText(/^Room number/).hasAttribute('readonly')).toBe(true);
    await user.selectOptions(dialog.getByLabelText(/^Room type/), '6');
    await user.click(dialog.getByRole('button', { name: 'Update', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(server.sent('PUT', '/api/BasicData/EditRoom/1').map((c) => c.body)).toMatchObject([{ number: 'E2E-901', roomTypeId: 6 }]);
    expect(await within(grid()).findByText('Suite')).toBeTruthy();

    await user.click(within(grid()).getByRole('button', { name: 'Delete E2E-901' }));
    // The QR sheet's closed dialog leaves the page aria-hidden to Testing Library (as in room-qr-rotate.test.tsx).
    const confirm = await screen.findByRole('alertdialog', { hidden: true });
    expect(confirm.textContent).toContain('E2E-901');
    await user.click(within(confirm).getByRole('button', { name: 'Remove', hidden: true }));
    expect(await within(grid()).findByText('No data to be shown')).toBeTruthy();
    expect(server.sent('DELETE', '/api/BasicData/RemoveRoom/1')).toHaveLength(1);
  });
});

describe('the edit modal', { timeout: 30_000 }, () => {
  it('closes on its X and on a click outside it, sending nothing', async () => {
    signIn('Departments');
    const { server, rows } = entityServer(
      { list: '/api/BasicData/GetAllDepartments', add: '/api/BasicData/AddDepartment', edit: '/api/BasicData/EditDepartment/:id', remove: '/api/BasicData/RemoveDepartment/:id' },
      'departmentCode',
      (body, id) => ({ ...body, id }),
    );
    rows.push({ id: 1, departmentCode: 'FO', name: 'Front Office', nameAr: 'المكتب الأمامي', createdAt: '2026-11-01T08:00:00Z' });
    const user = userEvent.setup();
    open(department);
    await user.click(await within(grid()).findByRole('button', { name: 'Edit Front Office' }));
    await user.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());

    await user.click(within(grid()).getByRole('button', { name: 'Edit Front Office' }));
    await screen.findByRole('dialog', { hidden: true });
    // Outside the surface: Fluent's backdrop, which a click on the page lands on.
    await user.click(document.querySelector('.fui-DialogSurface__backdrop')!);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

describe('a room list above the threshold', { timeout: 30_000 }, () => {
  it('pages, searches and sorts on the server: one call of the largest page, then pages of the size shown', async () => {
    signIn('Room');
    const TOTAL = 520;
    const all = Array.from({ length: TOTAL }, (_, n) => roomRow({ number: `SRV-${n}`, hotelId: 3, useTypeId: 4, roomTypeId: 5 }, n + 1));
    const server = fakeServer({
      ...LOOKUPS,
      'GET /api/BasicData/GetAllRooms': (call) => {
        const { page: p = 0, pageSize = 500, search = '' } = call.query as { page?: number; pageSize?: number; search?: string };
        const matching = all.filter((r) => String(r.number).includes(String(search)));
        return { data: matching.slice(Number(p) * Number(pageSize), (Number(p) + 1) * Number(pageSize)), headers: { 'x-total-count': String(matching.length) } };
      },
    });
    const asked = () => server.sent('GET', '/api/BasicData/GetAllRooms').map((c) => c.query);
    const user = userEvent.setup();
    open(room);
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('520 rows'));
    expect(asked()[0]).toMatchObject({ page: 0, pageSize: 500 });
    expect(asked()[1]).toMatchObject({ page: 0, pageSize: 5 });
    await waitFor(() => expect(document.querySelectorAll('.ag-row')).toHaveLength(5));
    expect(screen.getByTestId('page-info').textContent).toBe('page 1 of 104');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ page: 1, pageSize: 5 }));
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('page 2 of 104'));

    await user.click(within(grid()).getByText('Hotel', { selector: '.ag-header-cell-text' }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ sort: 'hotelName', order: 'asc', page: 0 }));

    await user.type(screen.getByRole('textbox', { name: 'Search...' }), 'SRV-51');
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ search: 'SRV-51', page: 0 }));
    // SRV-51 and SRV-510 … SRV-519.
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('11 rows'));
    expect(document.querySelectorAll('.ag-row')).toHaveLength(5);
  });
});
