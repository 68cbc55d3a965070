import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Memory-hard password hashing with Node's own scrypt (DESIGN). The parameters are
 * stored in the hash, so they can be raised later without breaking old hashes.
 * N=2^15, r=8 uses 32 MiB per hash; it runs on libuv's thread pool, off the event loop.
 */

/** The work factor hotels get: about 40 ms a hash on a 2-core PC. */
export const PRODUCTION_HASH_COST = 2 ** 15;
/** The test suites' work factor: about 1 ms a hash. */
export const TEST_HASH_COST = 2 ** 10;

/**
 * The scrypt work factor (N). A test run signs in thousands of times, so its servers hash
 * cheaply, as Devise (`stretches = 1` in test) and Django's test settings do: only with
 * HOTEL_TEST_FAST_HASH=1 and NODE_ENV=test together; any other process ignores the
 * variable (as it does HOTEL_TEST_CLOCK). Each hash stores its own N, so either verifies.
 */
export function hashCost(env: NodeJS.ProcessEnv): number {
  return env.NODE_ENV === 'test' && env.HOTEL_TEST_FAST_HASH === '1' ? TEST_HASH_COST : PRODUCTION_HASH_COST;
}

const N = hashCost(process.env);
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so timing does not tell which e-mails exist.
    await derive(password, DUMMY_SALT, N, R, P);
    return false;
  }
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const DUMMY_SALT = randomBytes(16);

