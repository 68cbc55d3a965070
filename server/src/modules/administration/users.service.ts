import type { InvitationAnswer, InvitationLink, Language, User, UserActiveInput, UserIdInput, UserInput, UserLanguageInput, UserRolesInput } from '@shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { common } from '../../i18n/common.messages';
import { localize } from '../../i18n/localize';
import type { Principal } from '../../security/tokens';
import { adminMessages as m } from './administration.messages';
import {
  aboveCallerRights,
  applySelections,
  claimsNotHeld,
  hasRepeats,
  invitationOf,
  isDeliverableEmail,
  leavesNoAdmin,
  markupErrors,
  missingIds,
} from './administration.rules';
import { mailFailureText } from '../../mail/mail-failure';
import type { DbOrTx } from '../../db/client';
import { bumpSessionVersion } from '../sign-in/sign-in.repository';
import { endLinksBeyondIssuer, endPasswordsBeyondIssuer } from './link-rights.repository';
import { canSeeUser } from '../../access/scope';
import { invitationLink, inviteUser } from './invitations';
import * as rolesRepo from './roles.repository';
import * as repo from './users.repository';

/**
 * The users within the caller's scope (an Admin: all), each with their invitation's
 * state; a link itself is never listed (see invitationLink).
 */
export async function listUsers(ctx: AppContext, caller: Principal, lang: Language): Promise<User[]> {
  const db = ctx.database.db;
  const [rows, me] = await Promise.all([repo.listUsers(db), rolesRepo.accessOf(db, caller.userId)]);
  const now = ctx.clock.now();
  return rows.filter((u) => canSeeUser(me, u)).map((u) => ({
    id: u.id,
    userCode: u.userCode,
    firstName: u.firstName,
    lastName: u.lastName,
    phoneNumber: u.phoneNumber,
    email: u.email,
    departmentIds: u.departmentIds,
    hotelIds: u.hotelIds,
    roles: u.roles,
    hasPassword: u.passwordHash !== null,
    isActive: u.isActive,
    twoFactor: u.totpSecretEnc !== null,
    language: u.language,
    invitation: invitationView(invitationOf({ hasPassword: u.passwordHash !== null }, u.latestLink, now), lang),
    createdAt: u.createdAt.toISOString(),
  }));
}

function invitationView(i: ReturnType<typeof invitationOf>, lang: Language): User['invitation'] {
  return {
    state: i.state,
    ...(i.via ? { via: i.via } : {}),
    ...(i.state === 'failed' ? { failure: localize(mailFailureText(i.failure ?? null), lang) } : {}),
    ...(i.expiresAt ? { expiresAt: i.expiresAt.toISOString() } : {}),
  };
}

/**
 * Creates the user (no password, no roles) with its hotels and departments in one
 * transaction, then invites them. A failed invitation does not undo the user: the
 * answer says so, and the user can still get a link through Forgot Password.
 */
export async function addUser(ctx: AppContext, caller: Principal, input: UserInput, lang: Language): Promise<InvitationAnswer & { id: number }> {
  const email = input.email.toLowerCase();
  const fieldErrors = markupErrors({ firstName: input.firstName, lastName: input.lastName, userCode: input.userCode });
  if (!isDeliverableEmail(email)) fieldErrors.push({ field: 'email', message: m.badEmail });
  if (fieldErrors.length) throw badRequest(common.validation, {}, fieldErrors);
  const hotelIds = [...new Set(input.hotelIds)];
  const departmentIds = [...new Set(input.departmentIds)];

  const user = await ctx.database.db.transaction(async (tx) => {
    const noHotel = missingIds(hotelIds, await repo.existingHotelIds(tx, hotelIds));
    if (noHotel.length) throw badRequest(m.unknownHotels, { ids: noHotel.join(', ') });
    const noDepartment = missingIds(departmentIds, await repo.existingDepartmentIds(tx, departmentIds));
    if (noDepartment.length) throw badRequest(m.unknownDepartments, { ids: noDepartment.join(', ') });
    if (!canSeeUser(await rolesRepo.accessOf(tx, caller.userId), { hotelIds, departmentIds })) throw new AppError(403, m.outsideScope);
    if (await repo.emailTaken(tx, email)) throw conflict(m.duplicateEmail, { email });
    if (await repo.userCodeTaken(tx, input.userCode)) throw conflict(m.duplicateUserCode, { code: input.userCode });
    const language = input.language ?? lang;
    const values = { userCode: input.userCode, firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber, email, language };
    return repo.insertUser(tx, values, hotelIds, departmentIds);
  });

  const invitation = await inviteUser(ctx, user, caller.userId);
  if (invitation.sent) return { message: localize(m.userAdded, lang), id: user.id, invitation: 'sent' };
  return { message: localize(m.userAddedNoInvite, lang, { reason: localize(invitation.reason, lang) }), id: user.id, invitation: 'failed' };
}

/**
 * A user the caller may manage, with what each of them holds: one outside the caller's
 * hotels and departments is answered as not found, as the list does not show them.
 */
async function userInScope(db: DbOrTx, caller: Principal, userId: number) {
  const user = await repo.findUser(db, userId);
  if (!user) throw notFound(m.userNotFound);
  // One after another: inside a transaction they share one connection.
  const me = await rolesRepo.accessOf(db, caller.userId);
  const them = await rolesRepo.accessOf(db, user.id);
  if (!canSeeUser(me, them)) throw notFound(m.userNotFound);
  return { user, me, them };
}

/**
 * The user an invitation may be handled for: one in the caller's scope who is switched
 * on, has not set a password yet, and holds nothing the caller lacks (the link sets
 * their password).
 */
async function invitee(ctx: AppContext, caller: Principal, userId: number) {
  const { user, me, them } = await userInScope(ctx.database.db, caller, userId);
  if (user.passwordHash !== null) throw conflict(m.invitationAccepted);
  if (!user.isActive) throw conflict(m.invitationUserOff);
  if (aboveCallerRights(me, them)) throw new AppError(403, m.invitationAboveRights);
  return user;
}

/** E-mails a fresh invitation; the earlier link stops working. A mail failure answers 200 with state 'failed'. */
export async function resendInvitation(ctx: AppContext, caller: Principal, input: UserIdInput, lang: Language): Promise<InvitationAnswer> {
  const user = await invitee(ctx, caller, input.userId);
  const result = await inviteUser(ctx, user, caller.userId);
  if (result.sent) return { message: localize(m.invitationResent, lang, { email: user.email }), invitation: 'sent' };
  return { message: localize(m.invitationNotSent, lang, { reason: localize(result.reason, lang) }), invitation: 'failed' };
}

/** A fresh single-use invitation link for the caller to pass on; the earlier link stops working. */
export async function getInvitationLink(ctx: AppContext, caller: Principal, input: UserIdInput): Promise<InvitationLink> {
  const user = await invitee(ctx, caller, input.userId);
  const issued = await invitationLink(ctx, user, caller.userId);
  return { link: issued.link, expiresAt: issued.expiresAt.toISOString() };
}

export async function getUserRoles(ctx: AppContext, caller: Principal, userId: number) {
  const db = ctx.database.db;
  await userInScope(db, caller, userId);
  const [roles, held] = await Promise.all([rolesRepo.listRoles(db), repo.roleIdsOfUser(db, userId)]);
  return roles.map((r) => ({ roleId: r.id, roleName: r.name, isSelected: held.includes(r.id) }));
}

export async function updateUserRoles(ctx: AppContext, caller: Principal, input: UserRolesInput): Promise<void> {
  const selections = input.roles.map((r) => ({ id: r.roleId, isSelected: r.isSelected }));
  if (hasRepeats(selections)) throw badRequest(m.repeatedRoles);
  const passwordsEnded = await ctx.database.db.transaction(async (tx) => {
    await repo.lockAdminHolders(tx);
    const { user, me, them } = await userInScope(tx, caller, input.userId);
    const known = await rolesRepo.findRolesByIds(tx, selections.map((s) => s.id));
    const unknown = missingIds(selections.map((s) => s.id), known.map((r) => r.id));
    if (unknown.length) throw badRequest(m.unknownRoles, { ids: unknown.join(', ') });

    const before = await repo.roleIdsOfUser(tx, user.id);
    const after = applySelections(before, selections.map((s) => ({ key: s.id, isSelected: s.isSelected })));
    const systemIds = new Set(known.filter((r) => r.isSystem).map((r) => r.id));
    const heldAdminBefore = before.some((id) => systemIds.has(id));
    const holdsAdminAfter = [...after].some((id) => systemIds.has(id));
    if (heldAdminBefore !== holdsAdminAfter && !me.isAdmin) throw new AppError(403, m.adminRoleOnlyByAdmin);
    if (!me.isAdmin) {
      if (them.isAdmin) throw new AppError(403, m.adminOnly);
      const added = [...after].filter((id) => !before.includes(id));
      const unheld = claimsNotHeld(await rolesRepo.claimsOfRoles(tx, added), me.claims);
      if (unheld.length) throw new AppError(403, m.grantsUnheldClaims, { claims: unheld.join(', ') });
      // Taking away is held to the same bound as giving: nobody removes what is beyond their own rights.
      const removed = before.filter((id) => !after.has(id));
      const unheldRemoved = claimsNotHeld(await rolesRepo.claimsOfRoles(tx, removed), me.claims);
      if (unheldRemoved.length) throw new AppError(403, m.removesUnheldClaims, { claims: unheldRemoved.join(', ') });
    }
    const otherAdmins = heldAdminBefore && !holdsAdminAfter ? await repo.countOtherActiveAdmins(tx, user.id) : 1;
    if (leavesNoAdmin({ heldAdminBefore, holdsAdminAfter, userActive: user.isActive, otherAdmins })) throw badRequest(m.lastAdmin);
    await repo.replaceUserRoles(tx, user.id, [...after].sort((a, b) => a - b));
    // Their access tokens carry the old claims: refused from now on, a refresh issues the new ones.
    await bumpSessionVersion(tx, [user.id]);
    // A link handed out before must not set a password for more than its issuer holds,
    // nor a password set through one keep working for more (theirs, or of those they issued links to).
    if (sameIds(before, after)) return [];
    await endLinksBeyondIssuer(tx, [user.id], ctx.clock.now());
    return endPasswordsBeyondIssuer(tx, [user.id]);
  });
  await ctx.sessions.changed([input.userId, ...passwordsEnded.filter((id) => id !== input.userId)]);
}

/**
 * Switches a user off or on again; only an Admin may, never for themselves, and never
 * the last active Admin. Switched off, the user cannot sign in or refresh, and every
 * access token and open event stream of theirs ends at once in every process.
 */
export async function setUserActive(ctx: AppContext, caller: Principal, input: UserActiveInput): Promise<void> {
  if (input.userId === caller.userId) throw badRequest(m.cannotSwitchSelf);
  await ctx.database.db.transaction(async (tx) => {
    await repo.lockAdminHolders(tx);
    if (!(await rolesRepo.accessOf(tx, caller.userId)).isAdmin) throw new AppError(403, m.switchOnlyByAdmin);
    const { user } = await userInScope(tx, caller, input.userId);
    if (user.isActive === input.isActive) return;
    if (!input.isActive && (await rolesRepo.accessOf(tx, user.id)).isAdmin && (await repo.countOtherActiveAdmins(tx, user.id)) === 0) {
      throw badRequest(m.lastAdmin);
    }
    await repo.setActive(tx, user.id, input.isActive);
    await bumpSessionVersion(tx, [user.id]);
  });
  await ctx.sessions.changed([input.userId]);
}

/** Sets the language of a user's e-mails and links; only an Admin changes an Admin. The next e-mail uses it. */
export async function setUserLanguage(ctx: AppContext, caller: Principal, input: UserLanguageInput): Promise<void> {
  const db = ctx.database.db;
  const { user, me, them } = await userInScope(db, caller, input.userId);
  if (!me.isAdmin && them.isAdmin) throw new AppError(403, m.adminOnly);
  await repo.setLanguage(db, user.id, input.language);
}

function sameIds(before: readonly number[], after: ReadonlySet<number>): boolean {
  return before.length === after.size && before.every((id) => after.has(id));
}
