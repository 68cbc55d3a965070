import { describe, expect, it } from 'vitest';
import { isSteerable, systemClock, testClockFromEnv } from '../../server/src/clock';

/** The browser tests' fast clock can never be switched on outside tests. */
describe('the test-only server clock (HOTEL_TEST_CLOCK)', () => {
  it('is ignored unless NODE_ENV is test', () => {
    for (const NODE_ENV of [undefined, 'production', 'development', 'TEST'])
      expect(testClockFromEnv({ NODE_ENV, HOTEL_TEST_CLOCK: '2026-11-27T02:30:00Z@20' })).toBeUndefined();
  });

  it('starts at the instant given and runs at the rate given', () => {
    let real = 1_000_000;
    const clock = testClockFromEnv({ NODE_ENV: 'test', HOTEL_TEST_CLOCK: '2026-11-27T02:30:00Z@20' }, () => real)!;
    expect(clock.now().toISOString()).toBe('2026-11-27T02:30:00.000Z');
    real += 3_000;
    expect(clock.now().toISOString()).toBe('2026-11-27T02:31:00.000Z');
  });

  it('with the real instant its start stands for, processes started at different moments read one clock', () => {
    const env = { NODE_ENV: 'test', HOTEL_TEST_CLOCK: '2026-11-27T08:00:00Z@60@1000000' };
    const early = testClockFromEnv(env, () => 1_000_000)!;
    let real = 1_005_000;
    const late = testClockFromEnv(env, () => real)!;
    expect(late.now().toISOString()).toBe('2026-11-27T08:05:00.000Z');
    real += 1_000;
    expect(late.now().toISOString()).toBe('2026-11-27T08:06:00.000Z');
    expect(early.now().toISOString()).toBe('2026-11-27T08:00:00.000Z');
  });

  it('moves forward when the test says, at the rate given from there on (rate 1: the real pace)', () => {
    let real = 1_000_000;
    const clock = testClockFromEnv({ NODE_ENV: 'test', HOTEL_TEST_CLOCK: '2026-11-27T02:30:00Z@1' }, () => real)!;
    clock.advance(5 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-11-27T02:35:00.000Z');
    real += 2_000;
    expect(clock.now().toISOString()).toBe('2026-11-27T02:35:02.000Z');
    expect(isSteerable(clock)).toBe(true);
    expect(isSteerable(systemClock)).toBe(false);
  });

  it('refuses a malformed value rather than run on a wrong clock', () => {
    expect(() => testClockFromEnv({ NODE_ENV: 'test', HOTEL_TEST_CLOCK: 'soon@fast' })).toThrow(/HOTEL_TEST_CLOCK/);
  });
});
