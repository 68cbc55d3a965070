import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, parseDeepLink } from '../../electron/deep-link';
import { passwordLink } from '../../server/src/modules/sign-in/password-links';

describe('reset-password deep link', () => {
  it('opens the reset-password page with the e-mail and token of the link', () => {
    expect(parseDeepLink('hotel-desk://Dashboard/ResetPassword?email=desk%40hotel.test&token=Abc_-123')).toBe(
      '/Dashboard/ResetPassword?email=desk%40hotel.test&token=Abc_-123',
    );
    expect(parseDeepLink('hotel-desk://dashboard/resetpassword/?token=t0k&email=a@b.co')).toBe('/Dashboard/ResetPassword?email=a%40b.co&token=t0k');
  });

  it('opens the links the server e-mails as they are sent, in the language they name', () => {
    for (const lang of ['en', 'ar'] as const) {
      const sent = new URL(passwordLink('https://hotel.example', 'desk@hotel.test', '-Ab_c.9~', lang));
      expect(sent.searchParams.get('lang')).toBe(lang);
      expect(parseDeepLink(`hotel-desk://Dashboard/ResetPassword${sent.search}`)).toBe(
        `/Dashboard/ResetPassword?email=desk%40hotel.test&token=-Ab_c.9%7E&lang=${lang}`,
      );
    }
    expect(parseDeepLink('hotel-desk://Dashboard/ResetPassword?lang=ar&token=t&email=a@b.co')).toBe('/Dashboard/ResetPassword?email=a%40b.co&token=t&lang=ar');
  });

  it.each([
    ['an unknown language', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=t&lang=fr'],
    ['an empty language', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=t&lang='],
    ['a repeated language', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=t&lang=en&lang=ar'],
    ['a language and an unknown extra', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=t&lang=en&next=x'],
    ['a language but no token', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&lang=en'],
    ['a malformed token beside a language', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=a%20b&lang=en'],
  ])('does nothing for %s', (_why, link) => {
    expect(parseDeepLink(link)).toBeUndefined();
  });

  it.each([
    ['another scheme', 'https://Dashboard/ResetPassword?email=a@b.co&token=t'],
    ['another page', 'hotel-desk://Admin/Home?email=a@b.co&token=t'],
    ['a page below it', 'hotel-desk://Dashboard/ResetPassword/x?email=a@b.co&token=t'],
    ['no token', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co'],
    ['an empty token', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token='],
    ['a repeated parameter', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=t&token=u'],
    ['an extra parameter', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=t&next=https://evil.example'],
    ['a bad e-mail', 'hotel-desk://Dashboard/ResetPassword?email=not-an-email&token=t'],
    ['script in the token', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=%3Cscript%3E'],
    ['credentials', 'hotel-desk://user:pw@Dashboard/ResetPassword?email=a@b.co&token=t'],
    ['a port', 'hotel-desk://Dashboard:80/ResetPassword?email=a@b.co&token=t'],
    ['a fragment', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=t#x'],
    ['garbage', 'hotel-desk:%%%'],
    ['an empty string', ''],
    ['an overlong link', `hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=${'a'.repeat(3000)}`],
  ])('does nothing for %s', (_why, link) => {
    expect(parseDeepLink(link)).toBeUndefined();
  });

  it('finds the link among the arguments Windows and Linux start the app with', () => {
    const argv = ['/opt/Hotel Desk/hotel-desk', '--no-sandbox', 'hotel-desk://Dashboard/ResetPassword?email=a@b.co&token=t'];
    expect(deepLinkFromArgv(argv)).toBe(argv[2]);
    expect(deepLinkFromArgv(['/opt/app', '--flag'])).toBeUndefined();
  });
});
