import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerAddressForm } from '../../renderer/src/features/server-address/ServerAddressForm';
import type { HotelDesktop } from '../../renderer/src/platform/desktop-platform';
import { renderInApp } from './render-app';

/** A bridge that answers like the main process: the address is checked, its error comes translated. */
function fakeBridge(answer: Awaited<ReturnType<HotelDesktop['setServerUrl']>>) {
  return { setServerUrl: vi.fn(async () => answer) } as unknown as HotelDesktop & { setServerUrl: ReturnType<typeof vi.fn> };
}

describe('choosing the hotel server in the desktop app', () => {
  afterEach(cleanup);

  it('asks for an address before calling the main process', async () => {
    const bridge = fakeBridge({ ok: true, url: 'http://10.0.0.5:8080' });
    renderInApp(<ServerAddressForm bridge={bridge} onConnected={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Enter the server address')).toBeTruthy();
    expect(bridge.setServerUrl).not.toHaveBeenCalled();
  });

  it("shows the main process's reason when the address is not a hotel server", async () => {
    const bridge = fakeBridge({ ok: false, error: 'لا يوجد خادم فندق على هذا العنوان' } as never);
    const onConnected = vi.fn();
    renderInApp(<ServerAddressForm bridge={bridge} onConnected={onConnected} />, 'ar');
    await userEvent.type(screen.getByRole('textbox', { name: 'عنوان الخادم' }), '10.0.0.9');
    await userEvent.click(screen.getByRole('button', { name: 'اتصال' }));
    expect(await screen.findByText('لا يوجد خادم فندق على هذا العنوان')).toBeTruthy();
    expect(bridge.setServerUrl).toHaveBeenCalledWith('10.0.0.9');
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('goes on with the checked address once the server answers', async () => {
    const bridge = fakeBridge({ ok: true, url: 'http://10.0.0.5:8080' });
    const onConnected = vi.fn();
    renderInApp(<ServerAddressForm bridge={bridge} onConnected={onConnected} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Server address' }), ' 10.0.0.5:8080 ');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() => expect(onConnected).toHaveBeenCalledWith('http://10.0.0.5:8080'));
    expect(bridge.setServerUrl).toHaveBeenCalledWith('10.0.0.5:8080');
  });

  it('shows the warning about a plain-http address and keeps it only once the user confirms, in Arabic too', async () => {
    const warning = 'العنوان http://10.0.0.5:8080 غير مشفّر';
    const bridge = {
      setServerUrl: vi.fn(async (url: string, options?: { allowInsecure: boolean }) =>
        options?.allowInsecure ? { ok: true, url: `http://${url}` } : { ok: false, insecure: true, error: warning },
      ),
    } as unknown as HotelDesktop & { setServerUrl: ReturnType<typeof vi.fn> };
    const onConnected = vi.fn();
    renderInApp(<ServerAddressForm bridge={bridge} onConnected={onConnected} />, 'ar');
    await userEvent.type(screen.getByRole('textbox', { name: 'عنوان الخادم' }), '10.0.0.5:8080');
    await userEvent.click(screen.getByRole('button', { name: 'اتصال' }));
    expect(await screen.findByText(warning)).toBeTruthy();
    expect(onConnected).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'الاتصال على أي حال (غير مشفّر)' }));
    await vi.waitFor(() => expect(onConnected).toHaveBeenCalledWith('http://10.0.0.5:8080'));
    expect(bridge.setServerUrl.mock.calls).toEqual([['10.0.0.5:8080'], ['10.0.0.5:8080', { allowInsecure: true }]]);
  });

  it('asks again when the address changes after the warning', async () => {
    const bridge = fakeBridge({ ok: false, insecure: true, error: 'http://10.0.0.5:8080 is not encrypted' });
    renderInApp(<ServerAddressForm bridge={bridge} onConnected={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Server address' }), '10.0.0.5:8080');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('button', { name: 'Connect anyway (not encrypted)' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Server address' }), '1');
    expect(screen.queryByRole('button', { name: 'Connect anyway (not encrypted)' })).toBeNull();
  });
});
