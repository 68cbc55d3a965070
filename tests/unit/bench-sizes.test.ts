import { describe, expect, it } from 'vitest';
import { parseSizes, sizeLabel } from '../../bench/lib/sizes';

describe("the CPU bench's list of database sizes", () => {
  it('keeps the default when the setting is unset or empty', () => {
    expect(parseSizes(undefined, [10_000])).toEqual([10_000]);
    expect(parseSizes(' ', [10_000])).toEqual([10_000]);
  });

  it('reads one size, a list, and k/M shorthands with separators', () => {
    expect(parseSizes('10000', [1])).toEqual([10_000]);
    expect(parseSizes('10000,100000,1000000', [1])).toEqual([10_000, 100_000, 1_000_000]);
    expect(parseSizes('10k, 100K,1M', [1])).toEqual([10_000, 100_000, 1_000_000]);
    expect(parseSizes('1_000_000,2.5k', [1])).toEqual([1_000_000, 2_500]);
  });

  it('refuses what is not a whole number of requests rather than measuring the default', () => {
    for (const bad of ['10x', '10000,', '-5', '1.5', 'abc', '1e6']) expect(() => parseSizes(bad, [10_000])).toThrow(/Not a number of requests/);
  });

  it('labels sizes short where they are round', () => {
    expect([10_000, 100_000, 1_000_000, 2_500, 1_500_000].map(sizeLabel)).toEqual(['10k', '100k', '1M', '2,500', '1500k']);
  });
});
