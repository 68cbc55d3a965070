import { describe, expect, it } from 'vitest';
import { ALL_CLAIMS } from '@shared';
import {
  aboveCallerRights,
  applySelections,
  changesAdminRole,
  hasRepeats,
  isDeliverableEmail,
  isSmtpHost,
  leavesNoAdmin,
  markupErrors,
  missingIds,
  unknownClaimsOf,
} from '../../../server/src/modules/administration/administration.rules';

describe('leavesNoAdmin', () => {
  const base = { heldAdminBefore: true, holdsAdminAfter: false, userActive: true, otherAdmins: 0 };
  it('refuses only taking the role from the last active admin', () => {
    expect(leavesNoAdmin(base)).toBe(true);
    expect(leavesNoAdmin({ ...base, otherAdmins: 1 })).toBe(false);
    expect(leavesNoAdmin({ ...base, holdsAdminAfter: true })).toBe(false);
    expect(leavesNoAdmin({ ...base, heldAdminBefore: false })).toBe(false);
    // An inactive user was not keeping anyone in.
    expect(leavesNoAdmin({ ...base, userActive: false })).toBe(false);
  });
});

describe('changesAdminRole', () => {
  const all = new Set<string>(ALL_CLAIMS);
  it('allows saving it unchanged only', () => {
    expect(changesAdminRole({ currentName: 'Admin', newName: 'Admin', claimsAfter: all, allClaims: ALL_CLAIMS })).toBe(false);
    expect(changesAdminRole({ currentName: 'Admin', newName: 'Boss', claimsAfter: all, allClaims: ALL_CLAIMS })).toBe(true);
    const fewer = new Set(all);
    fewer.delete(ALL_CLAIMS[0]);
    expect(changesAdminRole({ currentName: 'Admin', newName: 'Admin', claimsAfter: fewer, allClaims: ALL_CLAIMS })).toBe(true);
  });
});

describe('selections', () => {
  it('applies checkboxes and leaves unlisted items as they were', () => {
    const next = applySelections([1, 2], [{ key: 2, isSelected: false }, { key: 3, isSelected: true }]);
    expect([...next].sort()).toEqual([1, 3]);
  });
  it('finds repeats, missing ids and unknown claims', () => {
    expect(hasRepeats([{ id: 1, isSelected: true }, { id: 1, isSelected: false }])).toBe(true);
    expect(hasRepeats([{ id: 1, isSelected: true }, { id: 2, isSelected: false }])).toBe(false);
    expect(missingIds([1, 2, 2, 5], [1, 2])).toEqual([5]);
    expect(unknownClaimsOf(['Basic Data.Hotel.View', 'Made.Up.Claim', 'Made.Up.Claim'])).toEqual(['Made.Up.Claim']);
  });
});

describe('input checks', () => {
  it('flags angle brackets in names', () => {
    expect(markupErrors({ firstName: 'Sara', lastName: '<b>x</b>' }).map((e) => e.field)).toEqual(['lastName']);
    expect(markupErrors({ lastName: "O'Brien" })).toEqual([]);
  });
  it('accepts host names and IP addresses only', () => {
    for (const ok of ['smtp.gmail.com', '127.0.0.1', 'mail-1.hotel.local', 'localhost', '::1', '[2001:db8::1]']) expect(isSmtpHost(ok), ok).toBe(true);
    for (const bad of ['', 'bad host', '<script>', "a'b", '-start.com', 'x'.repeat(254)]) expect(isSmtpHost(bad), bad).toBe(false);
  });
  it('accepts e-mails a mail server takes as one recipient', () => {
    expect(isDeliverableEmail("o'brien+desk@hotel.example")).toBe(true);
    for (const bad of ['a@b', '<a>@b.cd', 'a,b@c.de', 'a@b.c"d', 'a b@c.de']) expect(isDeliverableEmail(bad), bad).toBe(false);
  });
});

describe('aboveCallerRights', () => {
  const holder = (claims: string[], hotelIds: number[], departmentIds: number[], isAdmin = false) => ({ isAdmin, claims: new Set(claims), hotelIds, departmentIds });
  const me = holder(['A', 'B'], [1, 2], [10]);

  it('holds a user with the Admin role, a claim the caller lacks, or a hotel or department outside the caller’s above them', () => {
    expect(aboveCallerRights(me, holder([], [1], [10], true))).toBe(true);
    expect(aboveCallerRights(me, holder(['A', 'C'], [1], [10]))).toBe(true);
    expect(aboveCallerRights(me, holder(['A'], [1, 3], [10]))).toBe(true);
    expect(aboveCallerRights(me, holder(['A'], [1], [10, 11]))).toBe(true);
  });

  it('holds a user within the caller’s claims, hotels and departments not above them; an Admin has no one above', () => {
    expect(aboveCallerRights(me, holder(['A', 'B'], [2], [10]))).toBe(false);
    expect(aboveCallerRights(me, holder([], [1, 2], []))).toBe(false);
    expect(aboveCallerRights(holder([], [], [], true), holder(['Z'], [9], [99], true))).toBe(false);
  });
});
