import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RoomQrSheet } from '../../../renderer/src/features/basic-data/screen/RoomQrSheet';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';

/* The desktop bridge, in place before the renderer's modules load (as in Electron): the sheet is saved through it. */
const bridge = vi.hoisted(() => {
  const fake = {
    kind: 'desktop' as const,
    notify: vi.fn(),
    notifyPermission: () => 'granted' as const,
    setBadgeCount: vi.fn(),
    openExternal: vi.fn(),
    setLanguage: vi.fn(),
    saveFile: vi.fn(async () => ({ saved: true })),
  };
  (globalThis as { hotelDesktop?: unknown }).hotelDesktop = fake;
  return fake;
});

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  bridge.saveFile.mockClear();
  store.set(sessionAtom, undefined);
});

const signIn = (claims: string[]) =>
  store.set(sessionAtom, { accessToken: 'token', permissions: [], claims, userRoles: [], userName: 'Hessa', userEmail: 'h@x.demo' });
const EDITOR = ['Basic Data.Room.View', 'Basic Data.Room.Edit'];

const lookups = { hotels: [{ id: 3, name: 'Nakheel Jeddah' }] };
const linkInfo = { publicUrl: 'https://guest.example.com', loopback: false, suggestions: [] };
const SHEET = 'GET /api/BasicData/DownloadRoomQrCodes';
const ROTATE = 'POST /api/BasicData/RotateRoomQrCodes';

function serve() {
  return fakeServer({
    'GET /api/BasicData/RoomQrLinkInfo': { data: linkInfo },
    [SHEET]: { data: new Uint8Array([37, 80, 68, 70]).buffer },
    [ROTATE]: { data: { message: 'New codes', id: 3 } },
  });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, printLabel: string) {
  await user.click(screen.getByRole('button', { name: printLabel }));
  await user.selectOptions(await screen.findByRole('combobox', { hidden: true }), '3');
}

describe('Print QR codes: new codes are asked for, then made by their own POST', { timeout: 30_000 }, () => {
  it('prints without rotating when "New codes" is not ticked (the GET carries no rotate)', async () => {
    signIn(EDITOR);
    const server = serve();
    const user = userEvent.setup();
    renderInApp(<RoomQrSheet lookups={lookups} />);
    await openDialog(user, 'Print QR codes');
    await user.click(await screen.findByRole('button', { name: 'Print', hidden: true }));
    await waitFor(() => expect(bridge.saveFile).toHaveBeenCalled());
    expect(server.sent('POST', '/api/BasicData/RotateRoomQrCodes')).toEqual([]);
    expect(server.sent('GET', '/api/BasicData/DownloadRoomQrCodes')[0].query).not.toHaveProperty('rotate');
  });

  it('with "New codes": a confirmation first; cancel changes nothing, confirm posts the rotation and then downloads', async () => {
    signIn(EDITOR);
    const server = serve();
    const user = userEvent.setup();
    renderInApp(<RoomQrSheet lookups={lookups} />);
    await openDialog(user, 'Print QR codes');
    await user.click(await screen.findByRole('checkbox', { name: 'New codes (codes printed before stop being verified)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Print', hidden: true }));
    expect(await screen.findByText(/Every QR code printed before for Nakheel Jeddah stops verifying its room/)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Cancel', hidden: true }).at(-1)!);
    expect(server.calls.filter((c) => c.method === 'POST' || c.url.endsWith('DownloadRoomQrCodes'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Print', hidden: true }));
    await user.click(await screen.findByRole('button', { name: 'Make new codes and print', hidden: true }));
    await waitFor(() => expect(bridge.saveFile).toHaveBeenCalled());
    expect(server.sent('POST', '/api/BasicData/RotateRoomQrCodes').map((c) => c.body)).toEqual([{ hotelId: 3 }]);
    const order = server.calls.map((c) => `${c.method} ${c.url}`).filter((c) => c === SHEET || c === ROTATE);
    expect(order).toEqual([ROTATE, SHEET]);
  });

  it('offers new codes only to who may edit rooms', async () => {
    signIn(['Basic Data.Room.View']);
    serve();
    const user = userEvent.setup();
    renderInApp(<RoomQrSheet lookups={lookups} />);
    await openDialog(user, 'Print QR codes');
    await screen.findByRole('button', { name: 'Print', hidden: true });
    expect(screen.queryByRole('checkbox', { name: /New codes/, hidden: true })).toBeNull();
  });

  it('asks in Arabic', async () => {
    signIn(EDITOR);
    serve();
    const user = userEvent.setup();
    renderInApp(<RoomQrSheet lookups={lookups} />, 'ar');
    await openDialog(user, 'طباعة رموز QR');
    await user.click(await screen.findByRole('checkbox', { name: 'رموز جديدة (لن يُتحقق من الرموز المطبوعة سابقاً)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'طباعة', hidden: true }));
    expect(await screen.findByRole('button', { name: 'أنشئ رموزاً جديدة واطبع', hidden: true })).toBeTruthy();
  });
});
