import { describe, expect, it } from 'vitest';
import { initialLanguage } from '../../guest-web/src/i18n';
import { myRequests, rememberRequest } from '../../guest-web/src/my-requests';
import { countryNames } from '../../guest-web/src/service/CustomerFields';
import { specialGroupLast } from '../../guest-web/src/service/service-search';
import { memoryStorage } from './memory-storage';

describe('a guest visit', () => {
  it('opens in Arabic unless English was chosen earlier in the same visit (sessionStorage)', () => {
    const session = memoryStorage();
    expect(initialLanguage(session)).toBe('ar');
    session.setItem('guest-language', JSON.stringify({ language: 'en', isRtl: false }));
    expect(initialLanguage(session)).toBe('en');
    session.setItem('guest-language', '{broken');
    expect(initialLanguage(session)).toBe('ar');
    // A new visit (a new tab, a new scan) has an empty sessionStorage: Arabic again,
    // whatever an older version of the page left in localStorage.
    localStorage.setItem('guest-language', JSON.stringify({ language: 'en', isRtl: false }));
    expect(initialLanguage(memoryStorage())).toBe('ar');
    expect(initialLanguage()).toBe('ar');
  });

  it('keeps "My requests" newest first, adds the code once known, and ignores damaged entries', () => {
    const local = memoryStorage();
    rememberRequest({ id: 'a1', at: '2026-01-01T10:00:00Z' }, local);
    rememberRequest({ id: 'b2', at: '2026-01-02T10:00:00Z' }, local);
    rememberRequest({ id: 'a1', code: 'REQ-1', at: '2026-03-01T00:00:00Z' }, local);
    expect(myRequests(local)).toEqual([
      { id: 'b2', at: '2026-01-02T10:00:00Z' },
      { id: 'a1', code: 'REQ-1', at: '2026-01-01T10:00:00Z' },
    ]);
    local.setItem('guest-my-requests', JSON.stringify([{ id: '../x?y', at: 'x' }, { id: 'ok', at: 'x' }, 5]));
    expect(myRequests(local)).toEqual([{ id: 'ok', at: 'x' }]);
    for (let i = 0; i < 30; i++) rememberRequest({ id: `r${i}`, at: 'x' }, local);
    expect(myRequests(local)).toHaveLength(20);
    expect(myRequests(local)[0].id).toBe('r29');
  });

  it('names the countries of a dial code with a Latin comma in English and an Arabic one in Arabic', () => {
    expect(countryNames('en', ['US', 'CA'], '')).toBe('United States, Canada');
    expect(countryNames('ar', ['US', 'CA'], '')).toContain('، ');
  });

  it('puts the Special Request group last, whatever the alphabet says', () => {
    const groups = [
      { name: 'أ Special', services: [{ id: 9, name: 'Special Request', isSpecial: true }] },
      { name: 'Housekeeping', services: [{ id: 3, name: 'Towels', isSpecial: false }] },
      { name: 'Food', services: [{ id: 4, name: 'Other', isSpecial: true }, { id: 5, name: 'Breakfast', isSpecial: false }] },
    ];
    expect(specialGroupLast(groups).map((g) => g.name)).toEqual(['Housekeeping', 'أ Special', 'Food']);
    expect(specialGroupLast(groups)[2].services.map((s) => s.id)).toEqual([5, 4]);
  });
});
