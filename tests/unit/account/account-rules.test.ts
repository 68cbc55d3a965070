import { describe, expect, it } from 'vitest';
import { passwordLink } from '../../../server/src/modules/sign-in/password-links';
import { passwordTokenUsable, refreshTokenState } from '../../../server/src/modules/account/account.rules';
import { LOGIN_LIMITS, loginDelayMs, principalOf, sessionFields, type UserAccess } from '../../../server/src/modules/sign-in/sign-in.rules';

const now = new Date('2026-01-01T12:00:00Z');
const later = new Date('2026-01-02T12:00:00Z');
const earlier = new Date('2025-12-31T12:00:00Z');

const access = (roles: UserAccess['roles'], claims: string[]): UserAccess => ({
  user: { id: 7, firstName: 'Sara', lastName: 'Ali', email: 'sara@hotel.test' },
  roles,
  claims,
  hotelIds: [3, 1, 3],
  departmentIds: [2],
});

describe('principalOf / sessionFields', () => {
  it('merges the claims of all roles once, and only a system role makes an admin', () => {
    const a = access([{ name: 'Desk', isSystem: false }, { name: 'Rooms', isSystem: false }], ['Basic Data.Room.View', 'Basic Data.Room.View', 'Basic Data.Room.Edit']);
    const p = principalOf(a);
    expect(p).toEqual({
      userId: 7,
      name: 'Sara Ali',
      email: 'sara@hotel.test',
      claims: ['Basic Data.Room.Edit', 'Basic Data.Room.View'],
      isAdmin: false,
      hotelIds: [1, 3],
      departmentIds: [2],
    });
    expect(sessionFields(p, a)).toMatchObject({ permissions: ['Basic Data.Room'], userRoles: ['Desk', 'Rooms'], userName: 'Sara Ali' });
    expect(principalOf(access([{ name: 'Renamed', isSystem: true }], [])).isAdmin).toBe(true);
  });

  it('grants a permission only with its View claim', () => {
    const a = access([], ['Basic Data.Hotel.Edit']);
    expect(sessionFields(principalOf(a), a).permissions).toEqual([]);
  });
});

describe('refreshTokenState', () => {
  const token = { expiresAt: later, usedAt: null, revokedAt: null };
  it('tells valid, reused, revoked, expired and unknown tokens apart', () => {
    expect(refreshTokenState(token, now)).toBe('valid');
    expect(refreshTokenState({ ...token, usedAt: earlier }, now)).toBe('reused');
    expect(refreshTokenState({ ...token, usedAt: earlier, revokedAt: earlier }, now)).toBe('revoked');
    expect(refreshTokenState({ ...token, expiresAt: earlier }, now)).toBe('expired');
    expect(refreshTokenState({ ...token, expiresAt: now }, now)).toBe('expired');
    expect(refreshTokenState(undefined, now)).toBe('unknown');
  });

  it('takes a reuse within the grace, its successor unused, for a lost answer; anything else stays theft', () => {
    const usedAgo = (ms: number) => ({ ...token, usedAt: new Date(now.getTime() - ms) });
    const grace = { graceSeconds: 30, successorUsed: false };
    expect(refreshTokenState(usedAgo(1000), now, grace)).toBe('grace');
    expect(refreshTokenState(usedAgo(30_000), now, grace)).toBe('grace');
    expect(refreshTokenState(usedAgo(30_001), now, grace)).toBe('reused');
    expect(refreshTokenState(usedAgo(1000), now, { ...grace, successorUsed: true })).toBe('reused');
    expect(refreshTokenState(usedAgo(1000), now, { ...grace, graceSeconds: 0 })).toBe('reused');
    expect(refreshTokenState({ ...usedAgo(1000), revokedAt: earlier }, now, grace)).toBe('revoked');
    expect(refreshTokenState({ ...usedAgo(1000), expiresAt: earlier }, now, grace)).toBe('expired');
  });
});

describe('passwordTokenUsable', () => {
  const token = { userId: 7, expiresAt: later, usedAt: null };
  it('accepts an unused, unexpired token of the same user only', () => {
    expect(passwordTokenUsable(token, 7, now)).toBe(true);
    expect(passwordTokenUsable(token, 8, now)).toBe(false);
    expect(passwordTokenUsable(token, undefined, now)).toBe(false);
    expect(passwordTokenUsable({ ...token, usedAt: earlier }, 7, now)).toBe(false);
    expect(passwordTokenUsable({ ...token, expiresAt: earlier }, 7, now)).toBe(false);
    expect(passwordTokenUsable(undefined, 7, now)).toBe(false);
  });
});

describe('passwordLink', () => {
  it('points at the reset screen with the e-mail and token escaped', () => {
    const link = passwordLink('https://hotel.example', 'a+b@hotel.test', 'tok/en=');
    expect(link).toBe('https://hotel.example/Dashboard/ResetPassword?email=a%2Bb%40hotel.test&token=tok%2Fen%3D');
    const q = new URL(link).searchParams;
    expect([q.get('email'), q.get('token')]).toEqual(['a+b@hotel.test', 'tok/en=']);
  });
});

describe('loginDelayMs', () => {
  it('lets the first attempts through at once, then doubles the wait up to 8 s', () => {
    expect(loginDelayMs(1)).toBe(0);
    expect(loginDelayMs(LOGIN_LIMITS.slowAfter)).toBe(0);
    expect(loginDelayMs(LOGIN_LIMITS.slowAfter + 1)).toBe(250);
    expect(loginDelayMs(LOGIN_LIMITS.slowAfter + 2)).toBe(500);
    expect(loginDelayMs(LOGIN_LIMITS.slowAfter + 10)).toBe(8000);
    expect(loginDelayMs(10_000)).toBe(8000);
  });
});
