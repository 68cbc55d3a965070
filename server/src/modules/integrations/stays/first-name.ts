/** Leading words that are half of a compound given name ("Abdul Rahman", "عبد الله", "أبو بكر"). */
const COMPOUND_PREFIXES = new Set(['abd', 'abdul', 'abdel', 'abdal', 'abu', 'abou', 'عبد', 'أبو', 'ابو']);

/**
 * The first name in a name as the PMS gives it ("Layla Hassan" → "Layla"): what the public
 * guest page may show. A compound given name keeps both words ("عبد الله محمد" → "عبد الله").
 * A name written "Hassan, Layla" (family name first) gives the part after the comma.
 */
export function firstNameOf(name: string): string {
  const comma = name.split(/[,،]/);
  const given = comma.length > 1 && comma[1].trim() ? comma[1] : comma[0];
  const words = given.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  return words.length > 1 && COMPOUND_PREFIXES.has(words[0].toLowerCase()) ? `${words[0]} ${words[1]}` : words[0];
}
