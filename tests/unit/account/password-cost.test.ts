import { describe, expect, it } from 'vitest';
import { hashCost, hashPassword, PRODUCTION_HASH_COST, TEST_HASH_COST, verifyPassword } from '../../../server/src/security/password';

describe('the password hash work factor', () => {
  it('is the full one in any process but a test one', () => {
    expect(hashCost({})).toBe(PRODUCTION_HASH_COST);
    expect(hashCost({ HOTEL_TEST_FAST_HASH: '1' })).toBe(PRODUCTION_HASH_COST);
    expect(hashCost({ HOTEL_TEST_FAST_HASH: '1', NODE_ENV: 'production' })).toBe(PRODUCTION_HASH_COST);
    expect(hashCost({ NODE_ENV: 'test' })).toBe(PRODUCTION_HASH_COST);
    expect(hashCost({ HOTEL_TEST_FAST_HASH: '1', NODE_ENV: 'test' })).toBe(TEST_HASH_COST);
  });

  it('is stored in each hash, so a hash made with either verifies (and only with its password)', async () => {
    const hash = await hashPassword('Right-pass-1');
    expect(hash.split('$')[1]).toBe(String(hashCost(process.env)));
    const full = hash.replace(/^scrypt\$\d+\$/, `scrypt$${PRODUCTION_HASH_COST}$`);
    expect(await verifyPassword('Right-pass-1', hash)).toBe(true);
    expect(await verifyPassword('Wrong-pass-1', hash)).toBe(false);
    // The same salt and key under another N is another hash: N is read from the hash, not assumed.
    expect(await verifyPassword('Right-pass-1', full)).toBe(hash === full);
  });
});
