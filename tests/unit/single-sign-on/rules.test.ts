import { describe, expect, it } from 'vitest';
import { isEmailDomain, isIssuerUrl, namesOf, verifiedEmailOf } from '../../../server/src/modules/single-sign-on/single-sign-on.rules';

describe('single sign-on rules', () => {
  it('takes only an e-mail the provider vouches for, lower-cased', () => {
    expect(verifiedEmailOf({ sub: 's', email: 'Mona@Hotel.Test', email_verified: true })).toBe('mona@hotel.test');
    expect(verifiedEmailOf({ sub: 's', email: 'mona@hotel.test', email_verified: 'true' })).toBe('mona@hotel.test');
    expect(verifiedEmailOf({ sub: 's', email: 'mona@hotel.test', email_verified: false })).toBeUndefined();
    expect(verifiedEmailOf({ sub: 's', email: 'mona@hotel.test' })).toBeUndefined();
    expect(verifiedEmailOf({ sub: 's', email: 'mona@hotel.test', email_verified: 'yes' })).toBeUndefined();
    expect(verifiedEmailOf({ sub: 's', email: `${'a'.repeat(250)}@x.co`, email_verified: true })).toBeUndefined();
    // Entra ID: no email_verified, its domain-owner flag instead; a provider's explicit false wins.
    expect(verifiedEmailOf({ sub: 's', email: 'mona@hotel.test', xms_edov: true })).toBe('mona@hotel.test');
    expect(verifiedEmailOf({ sub: 's', email: 'mona@hotel.test', email_verified: false, xms_edov: true })).toBeUndefined();
  });

  it('accepts an https issuer without query or fragment; http only on loopback when tests allow it', () => {
    expect(isIssuerUrl('https://login.microsoftonline.com/t/v2.0', false)).toBe(true);
    expect(isIssuerUrl('http://idp.example', false)).toBe(false);
    expect(isIssuerUrl('http://127.0.0.1:4000', false)).toBe(false);
    expect(isIssuerUrl('http://127.0.0.1:4000', true)).toBe(true);
    expect(isIssuerUrl('http://idp.example', true)).toBe(false);
    expect(isIssuerUrl('https://idp.example/?a=1', false)).toBe(false);
    expect(isIssuerUrl('https://u:p@idp.example', false)).toBe(false);
    expect(isIssuerUrl('not a url', false)).toBe(false);
  });

  it('names a user made on first sign-in from the names the provider gives', () => {
    expect(namesOf({ sub: 's', given_name: 'Mona', family_name: 'Ali' }, 'm@x.co')).toEqual({ firstName: 'Mona', lastName: 'Ali' });
    expect(namesOf({ sub: 's', name: 'Mona Bint Ali' }, 'm@x.co')).toEqual({ firstName: 'Mona', lastName: 'Bint Ali' });
    expect(namesOf({ sub: 's' }, 'mona@x.co')).toEqual({ firstName: 'mona', lastName: '' });
  });

  it('an auto-link domain is a plain lower-case domain name, nothing else', () => {
    for (const ok of ['hotel.example', 'mail.hotel-group.co.uk', 'xn--mgbh0fb.xn--kgbechtv']) expect(isEmailDomain(ok), ok).toBe(true);
    for (const bad of ['', 'hotel', '.hotel.example', 'hotel..example', 'user@hotel.example', 'Hotel.Example', '-a.example', 'a.example.', 'a b.example', 'hotel.example/x', `${'a'.repeat(64)}.example`])
      expect(isEmailDomain(bad), bad).toBe(false);
  });
});
