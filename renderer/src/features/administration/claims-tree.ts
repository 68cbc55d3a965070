import type { RoleClaim } from '@shared';
import './strings';

export interface ClaimSubgroup {
  name: string;
  category: string;
  claims: RoleClaim[];
}
export interface ClaimGroup {
  name: string;
  subgroups: ClaimSubgroup[];
}

/** 'Basic Data [Company]' → ['Basic Data', 'Company']; a category without brackets is its own group. */
export function splitCategory(category: string): [group: string, subgroup: string] {
  const match = /^(.*?)\s*\[(.*)\]\s*$/.exec(category);
  return match ? [match[1], match[2]] : [category, category];
}

/** 'Basic Data.Company.View' → 'View' (SPEC §2: claim names by their last dotted segment). */
export function claimLabel(claimType: string): string {
  return claimType.slice(claimType.lastIndexOf('.') + 1);
}

/** Groups and subgroups in the order the server lists the claims. */
export function buildClaimTree(claims: RoleClaim[]): ClaimGroup[] {
  const groups = new Map<string, Map<string, ClaimSubgroup>>();
  for (const claim of claims) {
    const [group, subgroup] = splitCategory(claim.category);
    const subgroups = groups.get(group) ?? new Map<string, ClaimSubgroup>();
    groups.set(group, subgroups);
    const entry = subgroups.get(subgroup) ?? { name: subgroup, category: claim.category, claims: [] };
    subgroups.set(subgroup, entry);
    entry.claims.push(claim);
  }
  return [...groups].map(([name, subgroups]) => ({ name, subgroups: [...subgroups.values()] }));
}

/** A select-all box: checked when every claim is, unchecked when none is, 'mixed' (indeterminate) otherwise. */
export function selectAllState(claims: readonly RoleClaim[]): boolean | 'mixed' {
  const selected = claims.filter((c) => c.isSelected).length;
  if (selected === 0) return false;
  return selected === claims.length ? true : 'mixed';
}

/** Sets every claim in `scope` (by claimType) to `value`; the others stay as they are. */
export function setClaims(claims: RoleClaim[], scope: readonly RoleClaim[], value: boolean): RoleClaim[] {
  const types = new Set(scope.map((c) => c.claimType));
  return claims.map((c) => (types.has(c.claimType) ? { ...c, isSelected: value } : c));
}

/** A select-all click: a fully checked box clears its scope; an empty or mixed one selects it all. */
export function toggleAll(claims: RoleClaim[], scope: readonly RoleClaim[]): RoleClaim[] {
  // The scope's state is read from `claims`, the current selection, not from the scope objects given.
  const types = new Set(scope.map((c) => c.claimType));
  return setClaims(claims, scope, selectAllState(claims.filter((c) => types.has(c.claimType))) !== true);
}

/** True when the selection differs from the one loaded (the unsaved-changes warning). */
export function claimsChanged(loaded: readonly RoleClaim[], current: readonly RoleClaim[]): boolean {
  const before = new Map(loaded.map((c) => [c.claimType, c.isSelected]));
  return current.some((c) => before.get(c.claimType) !== c.isSelected);
}

/** i18next's t, loosened for keys built from claim names (names it does not know fall back to themselves). */
export type LooseTranslate = (key: string, options: { defaultValue: string }) => string;

/**
 * The words shown for sections, items and actions in the user's language. Only labels:
 * the claim names sent to the server stay exactly as spelled (SPEC).
 */
export function claimLabels(t: LooseTranslate) {
  const section = (name: string) => t(`users.claims.sections.${name}`, { defaultValue: name });
  const item = (name: string) => t(`users.claims.items.${name}`, { defaultValue: name });
  const action = (claimType: string) => {
    const name = claimLabel(claimType);
    return t(`users.claims.actions.${name}`, { defaultValue: name });
  };
  const category = (text: string) => {
    const [group, subgroup] = splitCategory(text);
    return group === text ? section(group) : `${section(group)} [${item(subgroup)}]`;
  };
  return { section, item, action, category };
}
