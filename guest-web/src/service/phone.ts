import { DEFAULT_DIAL_CODE, PHONE_PATTERN } from '@shared/patterns';

export { DEFAULT_DIAL_CODE };

/** The stored phone is the dial code followed by the number (SPEC §5), e.g. '+966 55 123 4567'. */
export function composePhone(dialCode: string, number: string): string {
  const local = number.trim().replace(/\s+/g, ' ');
  return local ? `${dialCode} ${local}` : '';
}

export type PhoneProblem = 'phoneRequired' | 'phone' | null;

/** Checks what the server will check: the composed phone against the SPEC pattern. */
export function phoneProblem(dialCode: string, number: string): PhoneProblem {
  const composed = composePhone(dialCode, number);
  if (!composed) return 'phoneRequired';
  // A guest who types the country code again would store it twice.
  if (number.trim().startsWith('+')) return 'phone';
  return PHONE_PATTERN.test(composed) && composed.length <= 30 ? null : 'phone';
}
