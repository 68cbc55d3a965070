import { describe, expect, it } from 'vitest';
import { passkeysAvailable } from '../../renderer/src/features/passkeys/availability';

/** A page as the browser describes it: where it was opened, and whether it has WebAuthn. */
const page = (href: string, webAuthn = true) => {
  const location = new URL(href) as unknown as Location;
  const secure = location.protocol === 'https:' || location.protocol === 'app:' || location.hostname === 'localhost';
  return { location, isSecureContext: secure, ...(webAuthn && secure ? { PublicKeyCredential: function PublicKeyCredential() {} } : {}) };
};

describe('Where the passkey option shows', () => {
  it('shows on https by name and on http://localhost', () => {
    expect(passkeysAvailable(page('https://desk.hotel.example/Admin/Login'))).toBe(true);
    expect(passkeysAvailable(page('http://localhost:5000/Admin/Login'))).toBe(true);
  });

  it('hides on a hotel LAN by IP address, on https by IP, in the desktop app, and where the browser has no WebAuthn', () => {
    expect(passkeysAvailable(page('http://192.168.1.10:5000/Admin/Login'))).toBe(false);
    expect(passkeysAvailable({ ...page('https://192.168.1.10/Admin/Login') })).toBe(false);
    expect(passkeysAvailable(page('https://[fd00::1]/Admin/Login'))).toBe(false);
    expect(passkeysAvailable(page('app://desk/Admin/Login'))).toBe(false);
    expect(passkeysAvailable(page('https://desk.hotel.example/Admin/Login', false))).toBe(false);
  });
});
