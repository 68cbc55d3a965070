import { clientAddressKey } from '../../http/client-address';
import { randomInt } from 'node:crypto';
import { type DeviceSession, type Language, type MessageResponse, type PairingCodeResponse, type WorkerDevice, PAIRING_ALPHABET, PAIRING_CODE_LENGTH } from '@shared';
import type { AppContext } from '../../context';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { localize } from '../../i18n/localize';
import { hashPassword, verifyPassword } from '../../security/password';
import type { DevicePrincipal } from '../../security/device-tokens';
import { hashToken, newOpaqueToken } from '../../security/tokens';
import { byUser } from '../../security/actor';
import type { Principal } from '../../security/tokens';
import { canManageWorker } from '../../access/scope';
import { workMessages as m } from './work.messages';
import * as repo from './work.repository';
import { announceDeviceChange } from './work-events';
import { refreshTokenState } from '../account/account.rules';

/** Pairing a worker's phone without e-mail, its credential's rotation, its PIN. */

export const PAIRING_TTL_MS = 10 * 60_000;
/** Wrong tries against one live code before it is burnt. */
export const CODE_MAX_TRIES = 5;
/** Wrong PINs in a row before the phone is unpaired. */
export const PIN_MAX_TRIES = 5;
/** The window of the per-address limit on Pair (config.pairRateLimit; every process counts together). */
const PAIR_WINDOW_SECONDS = 600;
const CREDENTIAL_TTL_MS = 180 * 86_400_000;
/** The code's first letters find its row (so wrong tries count against it); the rest is the secret, kept hashed. */
const SELECTOR_LENGTH = 3;

const drawCode = () => Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');
const secretHashOf = (code: string) => hashToken(`pairing:${code}`);

/** The worker, if it exists and the supervisor may reach it; otherwise 404 (existence is not revealed). */
async function reachableWorker(ctx: AppContext, user: Principal, workerId: number) {
  const worker = await repo.workerById(ctx.database.db, workerId);
  if (!worker || !canManageWorker(user, worker)) throw notFound(m.workerNotFound);
  return worker;
}

export async function createPairingCode(ctx: AppContext, user: Principal, workerId: number, now = ctx.clock.now()): Promise<PairingCodeResponse> {
  await reachableWorker(ctx, user, workerId);
  const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS);
  for (;;) {
    const code = drawCode();
    const stored = await ctx.database.db.transaction(async (tx) => {
      await repo.endStaleCodes(tx, workerId, now);
      return repo.insertPairingCode(tx, { workerId, selector: code.slice(0, SELECTOR_LENGTH), secretHash: secretHashOf(code), expiresAt, createdBy: byUser(user) });
    });
    if (stored) return { code, expiresAt: expiresAt.toISOString() };
  }
}

async function session(ctx: AppContext, device: { id: string; workerId: number; workerName: string }, credential: string, locked: boolean): Promise<DeviceSession> {
  return {
    deviceId: device.id,
    workerId: device.workerId,
    workerName: device.workerName,
    deviceCredential: credential,
    accessToken: await ctx.deviceTokens.sign({ deviceId: device.id, workerId: device.workerId }),
    expiresInSeconds: ctx.deviceTokens.ttlSeconds,
    locked,
  };
}

export async function pair(ctx: AppContext, input: { code: string; deviceName: string }, address: string, now = ctx.clock.now()): Promise<DeviceSession> {
  await ctx.rateLimiter.hit(`work-pair:${clientAddressKey(address)}`, ctx.config.pairRateLimit, PAIR_WINDOW_SECONDS);
  const code = input.code;
  if (code.length !== PAIRING_CODE_LENGTH) throw badRequest(m.codeInvalid);
  const credential = newOpaqueToken();
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const row = await repo.lockLiveCode(tx, code.slice(0, SELECTOR_LENGTH));
    if (!row) return undefined;
    if (row.expiresAt.getTime() <= now.getTime()) {
      await repo.endCode(tx, row.id, now);
      return undefined;
    }
    if (row.secretHash !== secretHashOf(code)) {
      await repo.recordWrongCode(tx, row.id, CODE_MAX_TRIES, now);
      return undefined;
    }
    await repo.endCode(tx, row.id, now);
    const worker = (await repo.workerById(tx, row.workerId))!;
    const deviceId = await repo.insertDevice(tx, { workerId: worker.id, name: input.deviceName.trim(), createdBy: row.createdBy });
    await repo.insertCredential(tx, deviceId, credential.hash, new Date(now.getTime() + CREDENTIAL_TTL_MS));
    return { id: deviceId, workerId: worker.id, workerName: worker.name, locked: worker.pinHash !== null };
  });
  // Thrown after the transaction, so a wrong try's count is kept.
  if (!outcome) throw badRequest(m.codeInvalid);
  return session(ctx, outcome, credential.token, outcome.locked);
}

/**
 * Rotates the device credential like a staff refresh token: a reused one unpairs the
 * phone, unless it is a lost answer (presented again within the grace of its first use,
 * its successor never used), which gets a new successor in place of that one.
 */
export async function refresh(ctx: AppContext, credential: string, now = ctx.clock.now()): Promise<DeviceSession> {
  const next = newOpaqueToken();
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const found = await repo.lockCredential(tx, hashToken(credential));
    if (!found) return 'unknown' as const;
    const { credential: used, successorUsed } = found;
    const device = await repo.deviceById(tx, used.deviceId);
    if (!device || device.revokedAt) return 'unknown' as const;
    const reuse = { graceSeconds: ctx.config.refreshReuseGraceSeconds, successorUsed };
    const state = refreshTokenState({ expiresAt: used.expiresAt, usedAt: used.replacedAt, revokedAt: null }, now, reuse);
    if (state === 'reused') {
      // Someone holds a copy of an old credential: neither copy may go on.
      await repo.revokeDevice(tx, used.deviceId, now);
      return { reusedBy: used.deviceId };
    }
    if (state === 'grace') await repo.dropUnusedSuccessors(tx, device.id, used.id);
    else if (state !== 'valid' || !(await repo.useCredential(tx, used.id, now))) return 'unknown' as const;
    await repo.insertCredential(tx, device.id, next.hash, new Date(now.getTime() + CREDENTIAL_TTL_MS));
    return device;
  });
  if (outcome === 'unknown') throw unauthorized(m.credentialInvalid);
  if ('reusedBy' in outcome) {
    await announceDeviceChange(ctx, { deviceId: outcome.reusedBy });
    throw unauthorized(m.credentialInvalid);
  }
  return session(ctx, outcome, next.token, outcome.pinHash !== null && outcome.unlockedAt === null);
}

/** A shared phone: after Pair (and after a PIN change) the worker's PIN unlocks it. */
export async function unlock(ctx: AppContext, device: DevicePrincipal, pin: string, now = ctx.clock.now()): Promise<DeviceSession> {
  const row = await repo.deviceById(ctx.database.db, device.deviceId);
  if (!row || row.revokedAt) throw unauthorized(m.credentialInvalid);
  if (row.pinHash === null) throw badRequest(m.pinNotSet);
  if (!(await verifyPassword(pin, row.pinHash))) {
    const revoked = await repo.recordWrongPin(ctx.database.db, row.id, PIN_MAX_TRIES, now);
    if (revoked) {
      await announceDeviceChange(ctx, { deviceId: row.id });
      throw unauthorized(m.credentialInvalid);
    }
    throw badRequest(m.pinWrong);
  }
  await repo.setUnlocked(ctx.database.db, row.id, now);
  // The phone keeps its credential: Unlock answers a fresh access token and an empty deviceCredential.
  return session(ctx, row, '', false);
}

export async function setPin(ctx: AppContext, user: Principal, workerId: number, pin: string | null, lang: Language): Promise<MessageResponse> {
  await reachableWorker(ctx, user, workerId);
  const hash = pin === null ? null : await hashPassword(pin);
  await ctx.database.db.transaction((tx) => repo.setPin(tx, workerId, hash));
  await announceDeviceChange(ctx, { workerId });
  return { message: localize(pin === null ? m.pinRemoved : m.pinSet, lang), id: workerId };
}

export async function listDevices(ctx: AppContext, user: Principal, workerId: number): Promise<WorkerDevice[]> {
  await reachableWorker(ctx, user, workerId);
  const rows = await repo.devicesOf(ctx.database.db, workerId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function revokeDevice(ctx: AppContext, user: Principal, workerId: number, deviceId: string, lang: Language): Promise<MessageResponse> {
  await reachableWorker(ctx, user, workerId);
  if (!UUID.test(deviceId) || !(await repo.revokeWorkerDevice(ctx.database.db, workerId, deviceId, ctx.clock.now()))) throw notFound(m.deviceNotFound);
  await announceDeviceChange(ctx, { deviceId });
  return { message: localize(m.deviceRevoked, lang), id: workerId };
}

/** Read on every phone call (route.ts): revoked, locked by a PIN, or standing. */
export async function standing(ctx: AppContext, device: DevicePrincipal): Promise<'ok' | 'locked' | 'revoked'> {
  if (!UUID.test(device.deviceId)) return 'revoked';
  const row = await repo.deviceStanding(ctx.database.db, device.deviceId, device.workerId, ctx.clock.now());
  if (!row) return 'revoked';
  return row.locked ? 'locked' : 'ok';
}

