import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@shared';

/**
 * `hgs_live_<keyId>_<secret>`: the key id (12 lower-case hex) finds the row by a unique
 * index; the secret (32 random bytes, base64url) is what proves the caller holds the key.
 */
const KEY_ID_LENGTH = 12;
const SHAPE = new RegExp(`^${API_KEY_PREFIX}([0-9a-f]{${KEY_ID_LENGTH}})_([A-Za-z0-9_-]{43})$`);
/** Longer than any key: a header of megabytes is not run through the pattern. */
const MAX_KEY_LENGTH = 100;

export function newApiKey(): { key: string; keyId: string; hash: string } {
  const keyId = randomBytes(KEY_ID_LENGTH / 2).toString('hex');
  const key = `${API_KEY_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}`;
  return { key, keyId, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key id of a well-formed key; undefined for anything else. */
export function keyIdOf(key: string): string | undefined {
  if (key.length > MAX_KEY_LENGTH) return undefined;
  return SHAPE.exec(key)?.[1];
}

export function hashMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
