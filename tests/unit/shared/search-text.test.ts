import { describe, expect, it } from 'vitest';
import { foldSearchText, matchesSearch, searchTokens } from '@shared/search-text';

const finds = (term: string, text: string) => matchesSearch(searchTokens(term), foldSearchText(text));

describe('foldSearchText', () => {
  it('drops Arabic diacritics (tashkeel, shadda, superscript alef) and tatweel', () => {
    expect(foldSearchText('مُكَيِّف')).toBe('مكيف');
    expect(foldSearchText('مكيّف')).toBe('مكيف');
    expect(foldSearchText('رحمٰن')).toBe('رحمن');
    expect(foldSearchText('قـــهـوة')).toBe('قهوه');
  });

  it('reads every alef as a plain alef', () => {
    for (const word of ['أحمد', 'إحمد', 'آحمد', 'ٱحمد', 'احمد']) expect(foldSearchText(word)).toBe('احمد');
  });

  it('takes the hamza off its carriers', () => {
    expect(foldSearchText('مؤقت')).toBe('موقت');
    expect(foldSearchText('مائي')).toBe('مايي');
  });

  it('reads taa marbuta as haa and alef maqsura as yaa', () => {
    expect(foldSearchText('غرفة')).toBe(foldSearchText('غرفه'));
    expect(foldSearchText('مستشفى')).toBe(foldSearchText('مستشفي'));
  });

  it('folds Latin case and accents, digits and punctuation', () => {
    expect(foldSearchText('  Café  Crème ')).toBe('cafe creme');
    expect(foldSearchText('A/C, Wi-Fi')).toBe('a c wi fi');
    expect(foldSearchText('غرفة ١٠٢')).toBe('غرفه 102');
  });

  it('undoes presentation forms and ligatures', () => {
    expect(foldSearchText('ﻻ')).toBe('لا');
    expect(foldSearchText('ﬁx')).toBe('fix');
  });
});

describe('matchesSearch', () => {
  it('finds each word anywhere, in any order', () => {
    expect(finds('تنظيف غرفة', 'تنظيف الغرفة')).toBe(true);
    expect(finds('cleaning room', 'Room cleaning')).toBe(true);
    expect(finds('إصلاح', 'اصلاح التكييف')).toBe(true);
    expect(finds('towel pillow', 'Extra towels')).toBe(false);
  });

  it('takes a short word at the start of a word only, after the Arabic article too', () => {
    expect(finds('AC', 'Light bulb replacement')).toBe(false);
    expect(finds('AC', 'air conditioner AC')).toBe(true);
    expect(finds('شا', 'الشاي')).toBe(true);
    expect(finds('room c', 'Room service breakfast')).toBe(false);
  });

  it('an empty or punctuation-only term finds everything', () => {
    expect(searchTokens(' ، . ')).toEqual([]);
    expect(finds('', 'anything')).toBe(true);
  });

  it('stays linear on a long input', () => {
    const long = 'أ'.repeat(200_000);
    const start = performance.now();
    expect(finds(long, 'ا'.repeat(10))).toBe(false);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
