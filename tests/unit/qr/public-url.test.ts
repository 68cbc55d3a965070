import { describe, expect, it } from 'vitest';
import { isLoopbackUrl, lanSuggestions, publicUrlWarning } from '../../../server/src/modules/qr/public-url';
import { signRoomLink, verifyRoomLink } from '../../../server/src/modules/qr/room-link';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({ address, family, internal, netmask: '', mac: '', cidr: null }) as never;

describe('where printed QR codes lead', () => {
  it('knows the addresses only this machine can open', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1', 'http://127.1.2.3:9', 'http://[::1]:8080', 'http://app.localhost', 'http://0.0.0.0:8080']) expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of ['http://192.168.1.20:8080', 'https://guest.example.com', 'http://hotel-pc:8080']) expect(isLoopbackUrl(url), url).toBe(false);
  });

  it("suggests the machine's LAN IPv4 addresses, not loopback or IPv6", () => {
    const interfaces = { lo: [nic('127.0.0.1', 'IPv4', true)], eth0: [nic('192.168.1.20', 'IPv4', false), nic('fe80::1', 'IPv6', false)], wlan0: [nic('10.0.0.5', 'IPv4', false)] };
    expect(lanSuggestions(8080, interfaces)).toEqual(['http://192.168.1.20:8080', 'http://10.0.0.5:8080']);
    expect(lanSuggestions(80, interfaces)[0]).toBe('http://192.168.1.20');
  });

  it('warns at start when PUBLIC_URL is unset or loopback, and not when guests can reach it', () => {
    expect(publicUrlWarning('http://localhost:8080', false, 8080)).toMatch(/^PUBLIC_URL is not set \(using http:\/\/localhost:8080\): room QR codes .* no guest phone can open them\. Set PUBLIC_URL/);
    expect(publicUrlWarning('http://127.0.0.1:8080', true, 8080)).toMatch(/^PUBLIC_URL is a loopback address/);
    expect(publicUrlWarning('https://guest.example.com', true, 8080)).toBeNull();
  });
});

describe('room link signatures', () => {
  const secret = 'a'.repeat(48);
  it('verify only for the same hotel, room, key version and secret', () => {
    const sig = signRoomLink(secret, 1, 2, 1);
    expect(verifyRoomLink(secret, 1, 2, 1, sig)).toBe(true);
    expect(verifyRoomLink(secret, 1, 3, 1, sig)).toBe(false);
    expect(verifyRoomLink(secret, 2, 2, 1, sig)).toBe(false);
    expect(verifyRoomLink(secret, 1, 2, 2, sig)).toBe(false);
    expect(verifyRoomLink('b'.repeat(48), 1, 2, 1, sig)).toBe(false);
    expect(verifyRoomLink(secret, 1, 2, 1, undefined)).toBe(false);
    expect(verifyRoomLink(secret, 1, 2, 1, `${sig}x`)).toBe(false);
  });
});
