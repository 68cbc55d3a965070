import { clientAddressKey } from '../../http/client-address';
import { type ClientInfo, unknownClient } from '../../http/client-info';
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import {
  SSO_EXCHANGE_TTL_SECONDS,
  SSO_FLOW_TTL_SECONDS,
  type LoginResponse,
  type SsoClient,
  type Language,
  type MessageResponse,
  type SsoCompleteInput,
  type SsoLinkStatus,
  type SsoPublic,
  type SsoSettings,
  type SsoSettingsInput,
  type SsoStart,
} from '@shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, type LocalizedFieldError } from '../../http/errors';
import { common } from '../../i18n/common.messages';
import { type Localized, localize } from '../../i18n/localize';
import { hashToken, newOpaqueToken, type Principal } from '../../security/tokens';
import * as signInRepo from '../sign-in/sign-in.repository';
import * as rolesRepo from '../administration/roles.repository';
import { completeSignIn, type Ctx as SignInCtx } from '../sign-in/sign-in.service';
import { recordSecurityEvent } from '../security-audit/security-audit.service';
import { ssoMessages as m } from './single-sign-on.messages';
import * as repo from './single-sign-on.repository';
import { type IdentityClaims, isEmailDomain, isIssuerUrl, namesOf, secretBinding, verifiedEmailOf } from './single-sign-on.rules';

export type Ctx = SignInCtx & Pick<AppContext, 'box'>;

/** The path the provider sends the browser back to; registered at the provider as the redirect URI. */
export const CALLBACK_PATH = '/api/Account/Sso/Callback';

/** Starts per address per window: each leaves a row until it expires. */
const START_LIMIT = { perIp: 30, windowSeconds: 10 * 60 };

/** A refusal of the provider's answer: its message for the callback page, and what the audit keeps. */
export class SsoRefusal extends AppError {
  constructor(statusCode: number, text: Localized, params: Record<string, string> = {}) {
    super(statusCode, text, params);
  }
}

/** The redirect URI: PUBLIC_URL's when set, else the address this server was reached at (one machine, tests). */
export function redirectUriOf(ctx: Pick<AppContext, 'config'>, requestOrigin: string): string {
  return `${ctx.config.publicUrlFromEnv ? ctx.config.publicUrl : requestOrigin}${CALLBACK_PATH}`;
}

async function usableSettings(ctx: Ctx): Promise<{ row: repo.SsoSettingsRow; secret: string } | undefined> {
  const row = await repo.readSettings(ctx.database.db);
  if (!row?.enabled || !row.clientSecretEnc || row.clientSecretFor !== secretBinding(row.issuer, row.clientId)) return undefined;
  const secret = ctx.box.open(row.clientSecretEnc);
  return secret ? { row, secret } : undefined;
}

export async function publicInfo(ctx: Ctx): Promise<SsoPublic> {
  const usable = await usableSettings(ctx);
  return usable ? { enabled: true, displayName: usable.row.displayName } : { enabled: false, displayName: '' };
}

async function discover(ctx: Ctx, issuer: string, clientId: string, secret: string): Promise<oidc.Configuration> {
  try {
    return await oidc.discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(secret), {
      execute: ctx.config.ssoLoopback ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
  } catch {
    throw new SsoRefusal(502, m.providerUnreachable);
  }
}

/**
 * A new sign-in at the provider: PKCE, state and nonce are made and kept here (never
 * trusted from the browser), under a flow the caller alone holds the key of.
 */
export async function start(ctx: Ctx, client: SsoClient, redirectUri: string, ip: string): Promise<SsoStart> {
  return beginFlow(ctx, client, redirectUri, ip);
}

/**
 * A signed-in user links their account to the provider: the same flow, bound to them from
 * the start. Their session is the account's own proof (its password or passkey, or a
 * single sign-on of the identity already linked).
 */
export async function startLink(ctx: Ctx, caller: Principal, client: SsoClient, redirectUri: string, ip: string): Promise<SsoStart> {
  if (caller.apiKey || caller.userId <= 0) throw new AppError(403, m.linkInvalid);
  return beginFlow(ctx, client, redirectUri, ip, caller.userId);
}

async function beginFlow(ctx: Ctx, client: SsoClient, redirectUri: string, ip: string, linkUserId?: number): Promise<SsoStart> {
  await ctx.rateLimiter.hit(`sso-start:ip:${clientAddressKey(ip)}`, START_LIMIT.perIp, START_LIMIT.windowSeconds);
  const usable = await usableSettings(ctx);
  if (!usable) throw new AppError(404, m.notSetUp);
  const { row, secret } = usable;
  const config = await discover(ctx, row.issuer, row.clientId, secret);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const { token: flowKey, hash: keyHash } = newOpaqueToken();
  const now = ctx.clock.now();
  await repo.deleteOldFlows(ctx.database.db, new Date(now.getTime() - 24 * 3600_000));
  await repo.insertFlow(ctx.database.db, {
    purpose: linkUserId === undefined ? 'sso' : 'sso-link',
    userId: linkUserId,
    keyHash,
    state,
    nonce,
    codeVerifier,
    client,
    issuer: row.issuer,
    clientId: row.clientId,
    redirectUri,
    expiresAt: new Date(now.getTime() + SSO_FLOW_TTL_SECONDS * 1000),
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: authorizationUrl.href, flowKey, expiresIn: SSO_FLOW_TTL_SECONDS };
}

export interface CallbackOutcome {
  client: SsoClient;
  exchangeCode: string;
  /** A link's answer: the app finishes it as the signed-in user (not a sign-in). */
  link: boolean;
}

/**
 * The provider's redirect. The flow is found by its state and taken once; openid-client
 * checks the issuer (RFC 9207 `iss`), the state, the PKCE verifier, the ID token and its
 * nonce. A sign-in's identity is the account it is linked to; an unlinked one must come
 * with a verified e-mail naming an account the Admin's per-domain rule links (or, when the
 * hotel allows it, a new one). A link's identity waits for its user to complete it. What
 * it leaves is a one-time exchange code.
 */
export async function callback(ctx: Ctx, query: Record<string, string | undefined>, ip: string): Promise<CallbackOutcome> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const flow = query.state ? await repo.findFlowByState(db, query.state, ['sso', 'sso-link']) : undefined;
  if (!flow || !(await repo.claimCallback(db, flow.id, now))) return refuse(ctx, ip, '', new SsoRefusal(400, m.unknownFlow));
  const usable = await usableSettings(ctx);
  if (!usable) return refuse(ctx, ip, '', new SsoRefusal(400, m.notSetUp));
  if (usable.row.issuer !== flow.issuer || usable.row.clientId !== flow.clientId) return refuse(ctx, ip, '', new SsoRefusal(400, m.providerChanged));
  if (query.error) return refuse(ctx, ip, '', new SsoRefusal(401, m.providerRefused, { reason: query.error.slice(0, 64) }));

  const config = await discover(ctx, flow.issuer, flow.clientId, usable.secret);
  const currentUrl = new URL(flow.redirectUri);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) currentUrl.searchParams.set(key, value);
  let claims: IdentityClaims;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims() as IdentityClaims;
    // Providers that keep the ID token small (oidc-provider, Okta) give the e-mail at UserInfo.
    if (claims.email === undefined) claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub };
  } catch {
    return refuse(ctx, ip, '', new SsoRefusal(401, m.answerInvalid));
  }

  const exchange = newOpaqueToken();
  const exchangeExpiresAt = new Date(ctx.clock.now().getTime() + SSO_EXCHANGE_TTL_SECONDS * 1000);
  if (flow.purpose === 'sso-link') {
    const holder = await repo.findUserByIdentity(db, flow.issuer, claims.sub);
    if (holder && holder.id !== flow.userId) return refuse(ctx, ip, '', new SsoRefusal(403, m.identityTaken), flow.userId ?? undefined);
    await repo.setExchange(db, flow.id, { exchangeHash: exchange.hash, exchangeExpiresAt, userId: flow.userId!, subject: claims.sub });
    return { client: flow.client, exchangeCode: exchange.token, link: true };
  }
  const user = await matchUser(ctx, usable.row, flow.issuer, claims, ip);
  await repo.setExchange(db, flow.id, { exchangeHash: exchange.hash, exchangeExpiresAt, userId: user.id });
  return { client: flow.client, exchangeCode: exchange.token, link: false };
}

/**
 * Who an identity signs in. Linked: its account, whatever the e-mail says now. Unlinked: a
 * verified e-mail of no account makes one (when allowed); an existing account is linked
 * only by the Admin's rule for its e-mail domain, and never when it holds the Admin role:
 * otherwise whoever controls the provider (or an e-mail there) would own the account.
 */
async function matchUser(ctx: Ctx, settings: repo.SsoSettingsRow, issuer: string, claims: IdentityClaims, ip: string) {
  const db = ctx.database.db;
  const linked = await repo.findUserByIdentity(db, issuer, claims.sub);
  if (linked) {
    if (!linked.isActive) return refuse(ctx, ip, linked.email, new SsoRefusal(403, m.userDisabled, { email: linked.email }), linked.id);
    return linked;
  }
  const email = verifiedEmailOf(claims);
  if (!email) return refuse(ctx, ip, typeof claims.email === 'string' ? claims.email.toLowerCase() : '', new SsoRefusal(403, m.emailNotVerified));
  const user = await signInRepo.findUserByEmail(db, email);
  if (!user) {
    if (!settings.createUsers || settings.defaultRoleId === null) return refuse(ctx, ip, email, new SsoRefusal(403, m.noSuchUser, { email }));
    return createUser(ctx, settings.defaultRoleId, issuer, claims, email, ip);
  }
  if (!user.isActive) return refuse(ctx, ip, email, new SsoRefusal(403, m.userDisabled, { email }), user.id);
  // An e-mail re-used at the provider by another person must not inherit this account.
  if (user.ssoSubject !== null) return refuse(ctx, ip, email, new SsoRefusal(403, m.otherIdentity, { email }), user.id);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const byRule = settings.autoLinkDomains.includes(domain) && !(await rolesRepo.accessOf(db, user.id)).isAdmin;
  if (!byRule) return refuse(ctx, ip, email, new SsoRefusal(403, m.linkFirst, { email }), user.id);
  await db.transaction(async (tx) => {
    await repo.linkIdentity(tx, user.id, issuer, claims.sub);
    await recordSecurityEvent(ctx, { kind: 'sso-link', email, userId: user.id, ip }, tx);
  });
  return user;
}

async function createUser(ctx: Ctx, roleId: number, issuer: string, claims: IdentityClaims, email: string, ip: string) {
  return ctx.database.db.transaction(async (tx) => {
    const created = await repo.insertSsoUser(tx, {
      ...namesOf(claims, email),
      email,
      phoneNumber: '',
      userCode: `sso-${randomBytes(6).toString('hex')}`,
      ssoIssuer: issuer,
      ssoSubject: claims.sub,
    });
    await repo.addUserRole(tx, created.id, roleId);
    await recordSecurityEvent(ctx, { kind: 'sso-link', email, userId: created.id, ip }, tx);
    return created;
  });
}

async function refuse(ctx: Ctx, ip: string, email: string, refusal: SsoRefusal, userId?: number): Promise<never> {
  await recordSecurityEvent(ctx, { kind: 'sso-refused', email, userId, ip });
  throw refusal;
}

/**
 * The exchange code and the key of its flow in, the session out (in this POST's answer
 * only). Single sign-on stands for the provider's own second factor: no TOTP is asked.
 */
export async function complete(ctx: Ctx, input: SsoCompleteInput, cookieCode: string | undefined, ip: string, client: ClientInfo = unknownClient(ip)): Promise<LoginResponse> {
  const code = input.exchangeCode ?? cookieCode;
  if (!code) throw new AppError(401, m.exchangeInvalid);
  const redeemed = await repo.redeemExchange(ctx.database.db, hashToken(code), hashToken(input.flowKey), ctx.clock.now());
  const user = redeemed === undefined ? undefined : await signInRepo.findUserById(ctx.database.db, redeemed.userId);
  if (!redeemed || !user?.isActive) throw new AppError(401, m.exchangeInvalid);
  // The desktop app's passkey sign-in ends here too: the audit names how the user proved who they are.
  return completeSignIn(ctx, user, ip, client, redeemed.purpose === 'passkey' ? 'passkey-sign-in' : 'sso-sign-in');
}

/**
 * A link's exchange code and flow key in, from the user who started it (signed in now
 * too): the provider's identity is attached to that account. The provider must still be
 * the one the link began with, and the identity nobody else's.
 */
export async function completeLink(ctx: Ctx, caller: Principal, input: SsoCompleteInput, cookieCode: string | undefined, ip: string, lang: Language): Promise<MessageResponse> {
  const db = ctx.database.db;
  const code = input.exchangeCode ?? cookieCode;
  if (!code || caller.apiKey || caller.userId <= 0) throw new AppError(401, m.linkInvalid);
  const usable = await usableSettings(ctx);
  return db.transaction(async (tx) => {
    const redeemed = await repo.redeemExchange(tx, hashToken(code), hashToken(input.flowKey), ctx.clock.now(), ['sso-link']);
    if (!redeemed?.subject || redeemed.userId !== caller.userId) throw new AppError(401, m.linkInvalid);
    if (!usable || usable.row.issuer !== redeemed.issuer || usable.row.clientId !== redeemed.clientId) throw new AppError(409, m.providerChanged);
    const user = await signInRepo.findUserById(tx, caller.userId);
    if (!user?.isActive) throw new AppError(401, m.linkInvalid);
    const holder = await repo.findUserByIdentity(tx, redeemed.issuer, redeemed.subject);
    if (holder && holder.id !== user.id) throw new AppError(409, m.identityTaken);
    await repo.linkIdentity(tx, user.id, redeemed.issuer, redeemed.subject);
    await recordSecurityEvent(ctx, { kind: 'sso-link', email: user.email, userId: user.id, ip }, tx);
    return { message: localize(m.linked, lang, { name: usable.row.displayName }) };
  });
}

/** Whether the signed-in user's account is linked to the provider in use. */
export async function linkStatus(ctx: Ctx, caller: Principal): Promise<SsoLinkStatus> {
  const usable = await usableSettings(ctx);
  const user = caller.userId > 0 ? await signInRepo.findUserById(ctx.database.db, caller.userId) : undefined;
  if (!usable) return { enabled: false, displayName: '', linked: false };
  return { enabled: true, displayName: usable.row.displayName, linked: !!user?.ssoSubject && user.ssoIssuer === usable.row.issuer };
}


export async function getSettings(ctx: Ctx, redirectUri: string): Promise<SsoSettings> {
  const db = ctx.database.db;
  const row = await repo.readSettings(db);
  return {
    enabled: row?.enabled ?? false,
    displayName: row?.displayName ?? '',
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: !!row?.clientSecretEnc && row.clientSecretFor === secretBinding(row.issuer, row.clientId),
    createUsers: row?.createUsers ?? false,
    defaultRoleId: row?.defaultRoleId ?? null,
    ssoOnlyRoleIds: await repo.ssoOnlyRoleIds(db),
    autoLinkDomains: row?.autoLinkDomains ?? [],
    redirectUri,
  };
}

/**
 * Admins only (a person holding the Admin role now, never a key): whoever chooses the
 * provider decides who it vouches for, an Admin included. An empty secret keeps the stored
 * one only while issuer and client id stay the same. A new issuer or client unlinks every
 * identity of the old provider: its subjects mean nothing at the new one.
 */
export async function updateSettings(ctx: Ctx, caller: Principal, input: SsoSettingsInput): Promise<void> {
  const db = ctx.database.db;
  if (!(await rolesRepo.callerIsAdmin(db, caller))) throw new AppError(403, m.adminsOnly);
  const stored = await repo.readSettings(db);
  const issuer = input.issuer.replace(/\/+$/, '');
  const errors: LocalizedFieldError[] = [];
  const anyGiven = input.enabled || issuer || input.clientId;
  if (input.enabled && !input.displayName) errors.push({ field: 'displayName', message: m.displayNameRequired });
  if (anyGiven && !isIssuerUrl(issuer, ctx.config.ssoLoopback)) errors.push({ field: 'issuer', message: m.badIssuer });
  if (anyGiven && !input.clientId) errors.push({ field: 'clientId', message: m.clientIdRequired });
  const binding = secretBinding(issuer, input.clientId);
  let secret: { clientSecretEnc: string | null; clientSecretFor: string | null } = { clientSecretEnc: null, clientSecretFor: null };
  if (input.clientSecret) secret = { clientSecretEnc: ctx.box.seal(input.clientSecret), clientSecretFor: binding };
  else if (stored?.clientSecretEnc && stored.clientSecretFor === binding) secret = { clientSecretEnc: stored.clientSecretEnc, clientSecretFor: binding };
  else if (stored?.clientSecretEnc && input.enabled) errors.push({ field: 'clientSecret', message: m.secretAgain });
  else if (input.enabled) errors.push({ field: 'clientSecret', message: m.secretRequired });
  if (input.createUsers && input.defaultRoleId === null) errors.push({ field: 'defaultRoleId', message: m.defaultRoleRequired });
  const roleIds = [...new Set([...input.ssoOnlyRoleIds, ...(input.defaultRoleId === null ? [] : [input.defaultRoleId])])];
  if ((await repo.existingRoleIds(db, roleIds)).length !== roleIds.length) {
    errors.push({ field: input.defaultRoleId !== null && !input.ssoOnlyRoleIds.length ? 'defaultRoleId' : 'ssoOnlyRoleIds', message: m.unknownRole });
  }
  const autoLinkDomains: string[] = [];
  for (const typed of input.autoLinkDomains) {
    const domain = typed.toLowerCase().replace(/^@/, '');
    if (!domain) continue;
    if (!isEmailDomain(domain)) {
      errors.push({ field: 'autoLinkDomains', message: m.badDomain, params: { domain: domain.slice(0, 60) } });
      break;
    }
    if (!autoLinkDomains.includes(domain)) autoLinkDomains.push(domain);
  }
  if (errors.length) throw badRequest(common.validation, {}, errors);
  const providerChanged = !!stored && (stored.issuer !== issuer || stored.clientId !== input.clientId);
  await db.transaction(async (tx) => {
    if (providerChanged) await repo.unlinkAllIdentities(tx);
    await repo.writeSettings(tx, {
      enabled: input.enabled,
      displayName: input.displayName,
      issuer,
      clientId: input.clientId,
      ...secret,
      createUsers: input.createUsers,
      defaultRoleId: input.defaultRoleId,
      autoLinkDomains,
    });
    await repo.setSsoOnlyRoles(tx, [...new Set(input.ssoOnlyRoleIds)]);
  });
}
