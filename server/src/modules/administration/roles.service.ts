import { ALL_CLAIMS, claimCategory, type Role, type RoleDetail, type RoleClaimsInput, type RoleInput } from '@shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { common } from '../../i18n/common.messages';
import { adminMessages as m } from './administration.messages';
import type { Principal } from '../../security/tokens';
import { applySelections, changesAdminRole, claimsNotHeld, markupErrors, unknownClaimsOf } from './administration.rules';
import { bumpSessionVersion } from '../sign-in/sign-in.repository';
import { endLinksBeyondIssuer, endPasswordsBeyondIssuer } from './link-rights.repository';
import * as repo from './roles.repository';

export async function listRoles(ctx: AppContext): Promise<Role[]> {
  const rows = await repo.listRoles(ctx.database.db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    requireTwoFactor: r.requireTwoFactor,
    isSystem: r.isSystem,
    createdAt: r.createdAt.toISOString(),
  }));
}

function checkName(name: string): string {
  const fieldErrors = markupErrors({ name });
  if (fieldErrors.length) throw badRequest(common.validation, {}, fieldErrors);
  return name.trim();
}

export async function addRole(ctx: AppContext, input: RoleInput): Promise<number> {
  const name = checkName(input.name);
  const description = input.description ?? '';
  const fieldErrors = markupErrors({ description });
  if (fieldErrors.length) throw badRequest(common.validation, {}, fieldErrors);
  return ctx.database.db.transaction(async (tx) => {
    if (await repo.roleNameTaken(tx, name)) throw conflict(m.duplicateRole, { name });
    return (await repo.insertRole(tx, { name, description })).id;
  });
}

/** Every claim of the catalogue, in its order, with whether the role holds it. */
export async function getRoleClaims(ctx: AppContext, roleId: number): Promise<RoleDetail> {
  const db = ctx.database.db;
  const role = await repo.findRole(db, roleId);
  if (!role) throw notFound(m.roleNotFound);
  const held = new Set(await repo.claimsOfRole(db, roleId));
  return {
    roleId: role.id,
    roleName: role.name,
    claims: ALL_CLAIMS.map((claim) => ({ claimType: claim, category: claimCategory(claim), isSelected: held.has(claim) })),
  };
}

/**
 * Saves a role's name and claims. A caller who is not an Admin may not touch the
 * Admin role, nor a role they hold (they would be editing their own rights), nor add
 * a claim they do not hold themselves.
 */
export async function updateRoleClaims(ctx: AppContext, caller: Principal, input: RoleClaimsInput): Promise<void> {
  const name = checkName(input.roleName);
  const unknown = unknownClaimsOf(input.claims.map((c) => c.claimType));
  if (unknown.length) throw badRequest(m.unknownClaims, { claims: unknown.slice(0, 5).join(', ').slice(0, 300) });
  const holders = await ctx.database.db.transaction(async (tx) => {
    const role = await repo.findRole(tx, input.roleId);
    if (!role) throw notFound(m.roleNotFound);
    const current = await repo.claimsOfRole(tx, role.id);
    const after = applySelections(current, input.claims.map((c) => ({ key: c.claimType, isSelected: c.isSelected })));
    const me = await repo.accessOf(tx, caller.userId);
    if (!me.isAdmin) {
      if (role.isSystem) throw new AppError(403, m.adminOnly);
      if (me.roleIds.includes(role.id)) throw new AppError(403, m.ownRoleClaims);
      const unheld = claimsNotHeld([...after].filter((c) => !current.includes(c)), me.claims);
      if (unheld.length) throw new AppError(403, m.grantsUnheldClaims, { claims: unheld.join(', ') });
      // Taking away is held to the same bound as giving: nobody removes what is beyond their own rights.
      const unheldRemoved = claimsNotHeld(current.filter((c) => !after.has(c)), me.claims);
      if (unheldRemoved.length) throw new AppError(403, m.removesUnheldClaims, { claims: unheldRemoved.join(', ') });
    }
    if (role.isSystem) {
      // Saving the Admin role unchanged is allowed (the screen's Update on an untouched page); any change is not.
      if (changesAdminRole({ currentName: role.name, newName: name, claimsAfter: after, allClaims: ALL_CLAIMS })) throw badRequest(m.adminRoleFixed);
      return [];
    }
    if (await repo.roleNameTaken(tx, name, role.id)) throw conflict(m.duplicateRole, { name });
    await repo.saveRole(tx, role.id, name, [...after].sort());
    // The holders' access tokens carry the old claims: refused from now on, a refresh issues the new ones.
    const userIds = await repo.holdersOfRole(tx, role.id);
    await bumpSessionVersion(tx, userIds);
    // A link handed to a holder before must not set a password for more than its issuer
    // holds, nor a password set through one keep working for more.
    const claimsChanged = current.length !== after.size || current.some((c) => !after.has(c));
    if (claimsChanged) {
      await endLinksBeyondIssuer(tx, userIds, ctx.clock.now());
      return [...new Set([...userIds, ...(await endPasswordsBeyondIssuer(tx, userIds))])];
    }
    return userIds;
  });
  await ctx.sessions.changed(holders);
}
