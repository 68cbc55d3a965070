import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/src/seed/demo';
import { startBanner } from '../../server/src/start-banner';

const facts = { url: 'http://localhost:8080', lanUrls: ['http://192.168.1.20:8080'], adminEmail: 'admin@hotel.local', adminPasswordMayBeLost: false, demo: false };

describe('the lines printed once the server listens', () => {
  it('names the staff app, the guest page and the LAN address phones use while PUBLIC_URL is unset', () => {
    const text = startBanner(facts);
    expect(text).toContain('Staff app:   http://localhost:8080/Admin/Login');
    expect(text).toContain('Guest page:  http://localhost:8080/Request/Service');
    expect(text).toContain('Phones on this network reach it at http://192.168.1.20:8080');
    expect(text).not.toMatch(/password/i);
  });

  it('uses PUBLIC_URL for the guest page and then names no LAN address', () => {
    const text = startBanner({ ...facts, publicUrl: 'https://guests.hotel.example' });
    expect(text).toContain('Guest page:  https://guests.hotel.example/Request/Service');
    expect(text).not.toContain('192.168.1.20');
  });

  it('prints a generated admin password once, or the way back when it may have been lost', () => {
    expect(startBanner({ ...facts, generatedPassword: 'pw-123' })).toMatch(/e-mail: {3}admin@hotel\.local\n {4}password: pw-123/);
    const lost = startBanner({ ...facts, adminPasswordMayBeLost: true });
    expect(lost).toContain('has never signed in');
    expect(lost).toContain('npm run admin -- reset-password admin@hotel.local');
  });

  it('lists every demo sign-in with its roles and the one password', () => {
    const text = startBanner({ ...facts, demo: true });
    expect(text).toContain(`password ${DEMO_PASSWORD}`);
    for (const user of DEMO_USERS) expect(text).toMatch(new RegExp(`${user.email.replace('.', '\\.')}\\s+${user.roles.join(', ')} \\(`));
    expect(text).toMatch(/frontoffice@nakheel\.demo +Staff, Receptionist \(Front Office\)/);
  });
});
