import { DEFAULT_DIAL_CODE, isPhoneNumber } from '@shared/patterns';
import { dialCodeOf, fitsNumberingPlan, phoneExample } from '@shared/phone-plan';
import { tidyPhone } from '@shared/typed-text';

/**
 * The phone a clerk typed, as the server stores it: the dial code first (00 read as +;
 * none given: the hotel's default, without the trunk 0), checked like the guest page
 * checks it: SPEC's pattern, then the country's numbering plan. Empty stays empty.
 */
export function deskPhone(typed: string): { phone: string; problem: boolean; example: string } {
  const tidy = tidyPhone(typed).replace(/^00/, '+');
  const phone = !tidy ? '' : tidy.startsWith('+') ? tidy : `${DEFAULT_DIAL_CODE} ${tidy.replace(/^0+/, '')}`;
  const code = dialCodeOf(phone)?.value ?? DEFAULT_DIAL_CODE;
  const example = `${code} ${phoneExample(code) ?? ''}`.trim();
  const problem = phone !== '' && (phone.length > 30 || !isPhoneNumber(phone) || !fitsNumberingPlan(phone));
  return { phone, problem, example };
}
