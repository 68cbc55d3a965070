import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, type Endpoint, endpoints, isPhoneNumber } from '@shared';

/** The SPEC's own forms of the two patterns: the rules the linear ones must keep exactly. */
const SPEC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SPEC_PHONE = /^(\+?\d{1,3}[\s.-]?)?(\(?\d{1,4}\)?[\s.-]?)?(\d{1,4}[\s.-]?){1,5}\d{0,4}$/;

/** A small seeded generator, so a failure names a string that can be replayed. */
function strings(alphabet: string, maxLength: number, count: number, seed = 1): string[] {
  let state = seed;
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: count }, () => {
    let s = '';
    for (let i = Math.floor(next() * maxLength); i > 0; i--) s += alphabet[Math.floor(next() * alphabet.length)];
    return s;
  });
}

/** CPU milliseconds one call takes (the run is short, so a timer tick does not matter). */
function cpuMs(run: () => unknown): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

describe('e-mail pattern', () => {
  it('accepts and refuses exactly what the SPEC pattern does', () => {
    for (const s of strings('a@. \t', 12, 20_000)) expect(EMAIL_PATTERN.test(s), JSON.stringify(s)).toBe(SPEC_EMAIL.test(s));
    for (const s of ['a@b.c', 'first.last@hotel.example', 'x@.a.b', 'x@a..b']) expect(EMAIL_PATTERN.test(s), s).toBe(true);
    for (const s of ['a@b', 'a@.b', 'a@b.', '@b.c', 'a b@c.d', 'a@b@c.d']) expect(EMAIL_PATTERN.test(s), s).toBe(false);
  });

  it('takes linear time on inputs that made the SPEC form backtrack quadratically', () => {
    // The SPEC form needs minutes for the first of these.
    for (const s of [`a@a${'.'.repeat(1_000_000)}@`, `a@a${'.'.repeat(1_000_000)} `, `${'a'.repeat(1_000_000)}@`, 'a@.'.repeat(300_000)])
      expect(cpuMs(() => EMAIL_PATTERN.test(s))).toBeLessThan(100);
  });
});

describe('phone rule', () => {
  it('accepts and refuses exactly what the SPEC pattern does', () => {
    for (const s of [...strings('0123456789 .-()+x', 44, 8_000), ...strings('11 (+)', 44, 8_000, 7)])
      expect(isPhoneNumber(s), JSON.stringify(s)).toBe(SPEC_PHONE.test(s));
    for (const s of ['+966 55 123 4567', '(55) 123.4567', '1001234567', '+1 (234) 567-8901', '12 ']) expect(isPhoneNumber(s), s).toBe(true);
    for (const s of ['', '+', '()', '55__12', '1-2-3-4-5-6-7-8-9', '1'.repeat(32)]) expect(isPhoneNumber(s), s).toBe(false);
  });

  it('stays fast on the digit runs that make the SPEC form try thousands of splits', () => {
    // About a millisecond each for the SPEC form: a second for these thousand.
    const runs = Array.from({ length: 25 }, (_, n) => '1'.repeat(n + 15));
    const adversarial = [...runs.flatMap((r) => [`${r}x`, `+${r}x`, `${r} x`, `(${r}x`]), `+1${' 1'.repeat(500_000)}x`];
    const spent = cpuMs(() => {
      for (let i = 0; i < 10; i++) adversarial.forEach((s) => isPhoneNumber(s));
    });
    expect(spent).toBeLessThan(100);
  });
});

/** Every string a client can send (body, path or query of any call) carries a length cap. */
describe('contract', () => {
  function uncapped(schema: z.core.$ZodType, where: string): string[] {
    const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, any>;
    switch (def.type) {
      case 'string': {
        const capped = (def.checks ?? []).some((c: z.core.$ZodCheck) => c._zod.def.check === 'max_length' || c._zod.def.check === 'length_equals');
        return capped || def.format ? [] : [where];
      }
      case 'object':
        return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([k, v]) => uncapped(v, `${where}.${k}`));
      case 'array':
        return uncapped(def.element, `${where}[]`);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
        return uncapped(def.innerType, where);
      case 'pipe':
        return uncapped(def.in, where);
      case 'union':
        return (def.options as z.core.$ZodType[]).flatMap((o) => uncapped(o, where));
      default:
        return [];
    }
  }

  it('caps every string of every call input', () => {
    const inputs = Object.entries(endpoints).flatMap(([name, entry]) =>
      ('method' in entry ? [[name, entry] as const] : Object.entries(entry).map(([k, e]) => [`${name}.${k}`, e] as const)).flatMap(([n, e]) =>
        (['body', 'params', 'query'] as const).flatMap((part) => ((e as Endpoint)[part] ? uncapped((e as Endpoint)[part]!, `${n} ${part}`) : [])),
      ),
    );
    expect(inputs).toEqual([]);
  });
});
