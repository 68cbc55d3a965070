import { describe, expect, it } from 'vitest';
import { displayName, isolateLtr, ltrIn } from '../../../shared/display-names';

describe('the name a reader sees', () => {
  it('is the Arabic name for an Arabic reader, the English name otherwise', () => {
    const housekeeping = { name: 'Housekeeping', nameAr: 'التدبير المنزلي' };
    expect(displayName('ar', housekeeping)).toBe('التدبير المنزلي');
    expect(displayName('en', housekeeping)).toBe('Housekeeping');
  });

  it('falls back to the English name when the Arabic one is missing, null or blank', () => {
    for (const nameAr of [undefined, null, '', '   ']) expect(displayName('ar', { name: 'Front Office', nameAr })).toBe('Front Office');
  });
});

describe('left-to-right isolation of numbers in Arabic text', () => {
  it('wraps the text in LRI … PDI, once', () => {
    expect(isolateLtr('+966 55 123 4567')).toBe('\u2066+966 55 123 4567\u2069');
    expect(isolateLtr(isolateLtr('RQ-000123'))).toBe('\u2066RQ-000123\u2069');
    expect(isolateLtr('')).toBe('');
  });

  it('isolates only for an Arabic reader', () => {
    expect(ltrIn('ar', '101')).toBe('\u2066101\u2069');
    expect(ltrIn('en', '101')).toBe('101');
  });
});
