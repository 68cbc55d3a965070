import { describe, expect, it } from 'vitest';
import type { RoleClaim } from '@shared';
import { buildClaimTree, claimLabel, claimsChanged, selectAllState, splitCategory, toggleAll } from '../../../renderer/src/features/administration/claims-tree';

const claim = (claimType: string, isSelected = false): RoleClaim => {
  const [section, item] = claimType.split('.');
  return { claimType, category: `${section} [${item}]`, isSelected };
};
const claims = [
  claim('Basic Data.Company.View', true),
  claim('Basic Data.Company.Create'),
  claim('Basic Data.Hotel.View'),
  claim('Administration.Roles.View', true),
];

describe('role claims grouped and selected (SPEC §2 role detail)', () => {
  it("reads 'Group [Subgroup]' and shows a claim by its last segment", () => {
    expect(splitCategory('Service Management [Request List]')).toEqual(['Service Management', 'Request List']);
    expect(splitCategory('Other')).toEqual(['Other', 'Other']);
    expect(claimLabel('Service Management.Service List.Assign')).toBe('Assign');
  });

  it('groups by section, then item, in the order given', () => {
    const tree = buildClaimTree(claims);
    expect(tree.map((g) => g.name)).toEqual(['Basic Data', 'Administration']);
    expect(tree[0].subgroups.map((s) => [s.name, s.claims.length])).toEqual([
      ['Company', 2],
      ['Hotel', 1],
    ]);
  });

  it('a select-all box is checked, unchecked or mixed (indeterminate)', () => {
    expect(selectAllState(claims)).toBe('mixed');
    expect(selectAllState(claims.slice(0, 1))).toBe(true);
    expect(selectAllState(claims.slice(1, 3))).toBe(false);
  });

  it('toggles only its own scope: a mixed or empty scope selects all, a full one clears', () => {
    const company = claims.slice(0, 2);
    const afterCompany = toggleAll(claims, company);
    expect(afterCompany.map((c) => c.isSelected)).toEqual([true, true, false, true]);
    expect(toggleAll(afterCompany, company).map((c) => c.isSelected)).toEqual([false, false, false, true]);
    expect(toggleAll(claims, claims).every((c) => c.isSelected)).toBe(true);
    expect(toggleAll(toggleAll(claims, claims), claims).some((c) => c.isSelected)).toBe(false);
  });

  it('knows when the selection differs from the one loaded, and when it is back', () => {
    const changed = toggleAll(claims, claims.slice(2, 3));
    expect(claimsChanged(claims, changed)).toBe(true);
    expect(claimsChanged(claims, toggleAll(changed, changed.slice(2, 3)))).toBe(false);
  });
});
