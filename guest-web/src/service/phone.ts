import { DEFAULT_DIAL_CODE, isPhoneNumber } from '@shared/patterns';
import { dialCodeOf } from '@shared/dial-codes';
import { asciiDigits, tidyPhone } from '@shared/typed-text';
import { phonePlan } from './phone-plan';

/** Before the plans load, only SPEC's pattern (checked by the caller) applies. */
const fitsNumberingPlan = (phone: string) => phonePlan()?.fitsNumberingPlan(phone) ?? true;

export { DEFAULT_DIAL_CODE };

/** E.164: a whole number (country code included) has at most 15 digits; fewer than 6 of the guest's own is no phone. */
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;

/**
 * The guest's part of the number, tidied: ASCII digits, single spaces, no trunk 0 (after
 * +966, 055… is 55…). Where the country's plan dials the 0 after the code (Italy's 06…,
 * Côte d'Ivoire's 01…), the 0 stays.
 */
export function localNumber(number: string, dialCode?: string): string {
  const tidy = tidyPhone(number);
  const stripped = tidy.replace(/^0+/, '').trimStart();
  const zeroIsPart = dialCode !== undefined && stripped !== tidy && fitsNumberingPlan(`${dialCode} ${tidy}`) && !fitsNumberingPlan(`${dialCode} ${stripped}`);
  return zeroIsPart ? tidy : stripped;
}

/** The stored phone is the dial code followed by the number (SPEC §5), e.g. '+966 55 123 4567'. */
export function composePhone(dialCode: string, number: string): string {
  const local = localNumber(number, dialCode);
  return local ? `${dialCode} ${local}` : '';
}

export type PhoneProblem = 'phoneRequired' | 'phone' | 'phoneShort' | 'phoneLong' | null;

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/**
 * A whole number typed into the number field ('+49 151 2345678', '0049 …'): its dial code
 * for the picker and the rest for the field; null when it does not start with a known code.
 */
export function splitInternational(number: string): { dialCode: string; number: string } | null {
  const typed = asciiDigits(number).trim().replace(/^00/, '+');
  const code = dialCodeOf(typed);
  if (!code) return null;
  let digitsLeft = code.value.length - 1;
  let i = 1;
  // Skip the code's digits, whatever separators the guest typed between them.
  while (digitsLeft > 0 && i < typed.length) if (/\d/.test(typed[i++])) digitsLeft--;
  return { dialCode: code.value, number: typed.slice(i).replace(/^[\s.-]+/, '') };
}

/** Checks what the server will check (the SPEC pattern, then the country's numbering plan) and the E.164 length. */
export function phoneProblem(dialCode: string, number: string): PhoneProblem {
  if (!asciiDigits(number).trim()) return 'phoneRequired';
  // A guest who types the country code again would store it twice.
  if (number.trim().startsWith('+')) return 'phone';
  const composed = composePhone(dialCode, number);
  if (composed.length > 30 || !isPhoneNumber(composed)) return 'phone';
  if (digitCount(localNumber(number)) < PHONE_MIN_DIGITS) return 'phoneShort';
  if (digitCount(composed) > PHONE_MAX_DIGITS) return 'phoneLong';
  if (!fitsNumberingPlan(composed)) return 'phone';
  return null;
}
