import { clientAddressKey } from '../../http/client-address';
import { createHmac, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_TTL_SECONDS,
  SSO_EXCHANGE_TTL_SECONDS,
  SSO_FLOW_TTL_SECONDS,
  type PasskeyDesktopCode,
  type PasskeyDesktopLoginInput,
  type PasskeyDesktopStart,
  PASSKEYS_PER_USER_MAX,
  type LoginResponse,
  type Passkey,
  type PasskeyLoginInput,
  type PasskeyOptions,
  type PasskeyRegisterInput,
} from '@shared';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import { PASSKEY_DESKTOP_FRAGMENT, clientRoutes } from '@shared/routes';
import { hashToken, newOpaqueToken, type Principal } from '../../security/tokens';
import { LOGIN_LIMITS } from '../sign-in/sign-in.rules';
import * as signInRepo from '../sign-in/sign-in.repository';
import { type ClientInfo, unknownClient } from '../../http/client-info';
import { ssoOnlyProvider } from '../account/account.service';
import { completeSignIn, type Ctx } from '../sign-in/sign-in.service';
import { ssoMessages } from '../single-sign-on/single-sign-on.messages';
import * as ssoRepo from '../single-sign-on/single-sign-on.repository';
import { recordSecurityEvent } from '../security-audit/security-audit.service';
import { passkeyMessages as m } from './passkeys.messages';
import * as repo from './passkeys.repository';
import { type RelyingParty, usableRpId } from './relying-party';

/** What the browser's passkey prompt names as the site. */
const RP_NAME = 'Hotel Services';

/**
 * The WebAuthn user handle of a user's next passkey: the one their passkeys already hold
 * (an authenticator keeps one passkey per account and site), else one derived from the
 * server secret, which says nothing about the user and cannot be guessed for another.
 * Each passkey keeps its own, so a change of the secret does not orphan it.
 */
function userHandleFor(ctx: Pick<Ctx, 'config'>, userId: number, existing: repo.PasskeyRow[]): string {
  return existing[0]?.userHandle ?? createHmac('sha256', ctx.config.jwtSecret).update(`passkey-user:${userId}`).digest().subarray(0, 16).toString('base64url');
}

const toRow = (p: repo.PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  backedUp: p.backedUp,
});

export async function list(ctx: Ctx, caller: Principal): Promise<Passkey[]> {
  return (await repo.listOf(ctx.database.db, caller.userId)).map(toRow);
}

async function newChallenge(ctx: Ctx, purpose: repo.ChallengePurpose, challenge: string, rp: RelyingParty, userId: number | null): Promise<void> {
  const now = ctx.clock.now();
  await repo.deleteExpiredChallenges(ctx.database.db, now);
  await repo.insertChallenge(ctx.database.db, {
    purpose,
    challengeHash: hashToken(challenge),
    userId,
    origin: rp.origin,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000),
  });
}

/**
 * The challenge check handed to the library: it takes the challenge as used, so an answer
 * is accepted once, only from the ceremony (and user, and origin) that asked for it.
 * `claimed` says afterwards whether a refusal was the challenge's.
 */
function challengeClaim(ctx: Ctx, purpose: repo.ChallengePurpose, rp: RelyingParty, userId: number | null) {
  const state: { claimed: boolean; failure?: unknown } = { claimed: false };
  const check = async (challenge: string) => {
    try {
      state.claimed = await repo.claimChallenge(ctx.database.db, { purpose, challengeHash: hashToken(challenge), userId, origin: rp.origin }, ctx.clock.now());
    } catch (error) {
      state.failure = error ?? new Error('challenge check failed');
      throw error;
    }
    return state.claimed;
  };
  return { state, check };
}

/** The library's options as the contract's loose object (the WebAuthn spec owns their shape). */
const asOptions = (options: { challenge: string }): PasskeyOptions => ({ ...options });

async function activeUser(ctx: Ctx, userId: number): Promise<signInRepo.UserRow> {
  const user = await signInRepo.findUserById(ctx.database.db, userId);
  if (!user?.isActive) throw unauthorized();
  return user;
}

/**
 * Options to create a passkey for the signed-in user: a discoverable credential (the
 * sign-in needs no e-mail) with user verification (the device's PIN, face or finger), so
 * the passkey alone stands for password and code. Passkeys the user already has on this
 * site are excluded, so one authenticator does not add the same account twice.
 */
export async function registerOptions(ctx: Ctx, caller: Principal, rp: RelyingParty): Promise<PasskeyOptions> {
  const user = await activeUser(ctx, caller.userId);
  const existing = await repo.listOf(ctx.database.db, user.id);
  if (existing.length >= PASSKEYS_PER_USER_MAX) throw badRequest(m.tooMany, { max: PASSKEYS_PER_USER_MAX });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    userID: Buffer.from(userHandleFor(ctx, user.id, existing), 'base64url'),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    excludeCredentials: existing.filter((p) => p.rpId === rp.rpId).map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await newChallenge(ctx, 'register', options.challenge, rp, user.id);
  return asOptions(options);
}

export async function register(ctx: Ctx, caller: Principal, input: PasskeyRegisterInput, rp: RelyingParty, ip: string): Promise<void> {
  const user = await activeUser(ctx, caller.userId);
  const existing = await repo.listOf(ctx.database.db, user.id);
  if (existing.length >= PASSKEYS_PER_USER_MAX) throw badRequest(m.tooMany, { max: PASSKEYS_PER_USER_MAX });
  const { state, check } = challengeClaim(ctx, 'register', rp, user.id);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: check,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    throw refusal(error, state);
  }
  if (!verified.verified) throw badRequest(m.notVerified);
  const info = verified.registrationInfo;
  const now = ctx.clock.now();
  const added = await ctx.database.db.transaction(async (tx) => {
    const inserted = await repo.insert(tx, {
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? input.response.response.transports ?? []).slice(0, 10),
      rpId: rp.rpId,
      userHandle: userHandleFor(ctx, user.id, existing),
      name: input.name,
      backedUp: info.credentialBackedUp,
      createdAt: now,
    });
    if (inserted) await recordSecurityEvent(ctx, { kind: 'passkey-added', email: user.email, userId: user.id, ip }, tx);
    return inserted;
  });
  if (!added) throw conflict(m.alreadyAdded);
}

export async function remove(ctx: Ctx, caller: Principal, id: number, ip: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const removed = await repo.remove(tx, caller.userId, id);
    if (!removed) throw notFound();
    await recordSecurityEvent(ctx, { kind: 'passkey-removed', email: caller.email, userId: caller.userId, ip }, tx);
  });
}

/** Options of a passkey sign-in: no allow-list, so the answer tells nobody which e-mails have passkeys. */
export async function loginOptions(ctx: Ctx, rp: RelyingParty, ip: string): Promise<PasskeyOptions> {
  await ctx.rateLimiter.hit(`login:ip:${clientAddressKey(ip)}`, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds);
  const options = await generateAuthenticationOptions({ rpID: rp.rpId, userVerification: 'required', timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000 });
  await newChallenge(ctx, 'sign-in', options.challenge, rp, null);
  return asOptions(options);
}

/**
 * Signs in with a passkey: the signature over this sign-in's challenge, from this origin,
 * with the user verified on the device, by a passkey made for this host name. It counts
 * toward the address's sign-in limit like a password; a disabled user is refused even
 * with a good signature. The answer is the same session a password sign-in gets.
 */
export async function login(ctx: Ctx, input: PasskeyLoginInput, rp: RelyingParty, ip: string, client: ClientInfo = unknownClient(ip)): Promise<LoginResponse> {
  await ctx.rateLimiter.hit(`login:ip:${clientAddressKey(ip)}`, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds);
  const user = await verifiedUser(ctx, input, rp, ip);
  return completeSignIn(ctx, user, ip, client, 'passkey-sign-in');
}

/** Every rule of a passkey sign-in but the session: the user the signature proves, or a refusal. */
async function verifiedUser(ctx: Ctx, input: PasskeyLoginInput, rp: RelyingParty, ip: string): Promise<signInRepo.UserRow> {
  const passkey = await repo.findByCredentialId(ctx.database.db, input.response.id);
  if (!passkey || passkey.rpId !== rp.rpId) throw unauthorized(m.unknownPasskey);
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== passkey.userHandle) throw unauthorized(m.unknownPasskey);
  const user = await signInRepo.findUserById(ctx.database.db, passkey.userId);
  if (!user) throw unauthorized(m.unknownPasskey);
  const { state, check } = challengeClaim(ctx, 'sign-in', rp, null);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response as AuthenticationResponseJSON,
      expectedChallenge: check,
      expectedOrigin: rp.origin,
      expectedRPID: passkey.rpId,
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: true,
    });
  } catch (error) {
    await recordSecurityEvent(ctx, { kind: 'sign-in-failed', email: user.email, userId: user.id, ip });
    throw refusal(error, state, 401);
  }
  if (!verified.verified) throw unauthorized(m.notVerified);
  if (!user.isActive) {
    await recordSecurityEvent(ctx, { kind: 'sign-in-failed', email: user.email, userId: user.id, ip });
    throw unauthorized(m.accountDisabled);
  }
  // A role that signs in only through the chain's provider: a passkey would bypass the provider's
  // offboarding (a user switched off there must be out here too).
  const ssoName = await ssoOnlyProvider(ctx, user.id);
  if (ssoName !== undefined) {
    await recordSecurityEvent(ctx, { kind: 'sign-in-failed', email: user.email, userId: user.id, ip });
    throw new AppError(403, ssoMessages.ssoOnly, { name: ssoName });
  }
  const info = verified.authenticationInfo;
  await repo.markUsed(ctx.database.db, passkey.id, info.newCounter, info.credentialBackedUp, ctx.clock.now());
  return user;
}

function urlOf(value: string): URL | undefined {
  try {
    return new URL(value.slice(0, 2048));
  } catch {
    return undefined;
  }
}

/** Desktop starts per address per window, as single sign-on's: each leaves a row until it expires. */
const DESKTOP_START_LIMIT = { perIp: 30, windowSeconds: 10 * 60 };

/**
 * The desktop app's passkey sign-in begins: a flow whose key only the app holds, and the
 * address of this server's own login page (PUBLIC_URL's when set, else the one the app
 * reached) for the system browser, where WebAuthn works. The page learns the flow's public
 * handle from the fragment, which no server, log or Referer sees.
 */
export async function desktopStart(ctx: Ctx, serverUrl: string, ip: string): Promise<PasskeyDesktopStart> {
  await ctx.rateLimiter.hit(`passkey-desktop-start:ip:${clientAddressKey(ip)}`, DESKTOP_START_LIMIT.perIp, DESKTOP_START_LIMIT.windowSeconds);
  const page = urlOf(serverUrl);
  // A page the browser cannot run WebAuthn on would only fail there: say so here, in the app.
  if (!page || !usableRpId(page)) throw badRequest(m.unavailable);
  const pageOrigin = page.origin;
  const { token: flowKey, hash: keyHash } = newOpaqueToken();
  const handle = randomBytes(24).toString('base64url');
  const now = ctx.clock.now();
  await ssoRepo.deleteOldFlows(ctx.database.db, new Date(now.getTime() - 24 * 3600_000));
  await ssoRepo.insertFlow(ctx.database.db, {
    purpose: 'passkey',
    keyHash,
    state: handle,
    // The OpenID columns say nothing for a passkey flow.
    nonce: '',
    codeVerifier: '',
    client: 'desktop',
    issuer: '',
    clientId: '',
    redirectUri: '',
    expiresAt: new Date(now.getTime() + SSO_FLOW_TTL_SECONDS * 1000),
  });
  return { url: `${pageOrigin}${clientRoutes.login}#${PASSKEY_DESKTOP_FRAGMENT}=${handle}`, flowKey, expiresIn: SSO_FLOW_TTL_SECONDS };
}

/**
 * The browser page's passkey answer for a desktop flow. Every rule of a passkey sign-in
 * holds (and the attempt counts toward the sign-in limit), but no session starts in the
 * browser: the flow is taken once and left with a one-time exchange code, which the app
 * redeems with its flow key. An unknown, expired or used handle is refused before the
 * passkey is looked at, so the refusal spends no challenge.
 */
export async function desktopLogin(ctx: Ctx, input: PasskeyDesktopLoginInput, rp: RelyingParty, ip: string): Promise<PasskeyDesktopCode> {
  await ctx.rateLimiter.hit(`login:ip:${clientAddressKey(ip)}`, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds);
  const db = ctx.database.db;
  const open = (flow: ssoRepo.SsoFlowRow | undefined): flow is ssoRepo.SsoFlowRow =>
    !!flow && flow.callbackAt === null && flow.expiresAt > ctx.clock.now();
  const flow = await ssoRepo.findFlowByState(db, input.flow, ['passkey']);
  if (!open(flow)) throw badRequest(m.unknownDesktopFlow);
  const user = await verifiedUser(ctx, input, rp, ip);
  if (!(await ssoRepo.claimCallback(db, flow.id, ctx.clock.now()))) throw badRequest(m.unknownDesktopFlow);
  const exchange = newOpaqueToken();
  await ssoRepo.setExchange(db, flow.id, {
    exchangeHash: exchange.hash,
    exchangeExpiresAt: new Date(ctx.clock.now().getTime() + SSO_EXCHANGE_TTL_SECONDS * 1000),
    userId: user.id,
  });
  return { exchangeCode: exchange.token };
}

/**
 * The library's refusals are plain Errors: the challenge's own (expired, used, another
 * user's or origin's) says to start again; anything else is a passkey that did not verify.
 * A database failure while taking the challenge is no refusal and goes on as the 500 it is.
 */
function refusal(error: unknown, state: { claimed: boolean; failure?: unknown }, status = 400): unknown {
  if (state.failure !== undefined || error instanceof AppError) return error;
  const challengeRefused = !state.claimed && error instanceof Error && /challenge/i.test(error.message);
  return new AppError(status, challengeRefused ? m.expired : m.notVerified);
}
