import { COUNTRIES } from '@shared';

export interface CountryOption {
  value: string;
  label: string;
}

const decode = (s: string) => s.replace(/&amp;/g, '&');

/**
 * The fixed country list (SPEC §3) as options: one per stored name (the list has a
 * few duplicate names), unescaped, labelled in the user's language, sorted by label.
 */
export function countryOptions(lang: string): CountryOption[] {
  const byName = new Map<string, string>();
  for (const { code, name } of COUNTRIES) if (!byName.has(name)) byName.set(name, code);
  let display: Intl.DisplayNames | undefined;
  try {
    display = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    display = undefined;
  }
  const options = [...byName].map(([name, code]) => {
    const localized = lang === 'en' ? undefined : display?.of(code);
    return { value: name, label: decode(localized && localized !== code ? localized : name) };
  });
  return options.sort((a, b) => a.label.localeCompare(b.label, lang));
}

export function countryLabel(name: string, lang: string): string {
  if (lang === 'en') return decode(name);
  return countryOptions(lang).find((o) => o.value === name)?.label ?? decode(name);
}
