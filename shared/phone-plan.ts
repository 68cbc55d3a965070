/**
 * A guest's phone checked against its country's numbering plan (libphonenumber-js), on
 * top of SPEC §5's pattern, which stays the floor: a number must pass both. Shared so the
 * guest page and the server refuse the same numbers and show the same example. Zod-free:
 * the guest bundle loads it.
 */
import { type CountryCode, getExampleNumber, isValidPhoneNumber } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { DIAL_CODES, dialCodeOf } from './dial-codes';

export { dialCodeOf };

/**
 * A mobile number of the dial code's (first) country as a guest types it after the code,
 * e.g. '1512 3456789' for +49 and '50 123 4567' for +966; null when none is known.
 */
export function phoneExample(dialCode: string): string | null {
  const country = DIAL_CODES.find((d) => d.value === dialCode)?.countries[0];
  if (!country) return null;
  const example = getExampleNumber(country as CountryCode, examples);
  if (!example) return null;
  return example.formatInternational().slice(`+${example.countryCallingCode} `.length);
}

/**
 * Whether a whole number (dial code first, as stored) fits the numbering plan of a
 * country with that code. A number without a '+', or with a code the picker does not
 * offer, has only SPEC's pattern to pass.
 */
export function fitsNumberingPlan(phone: string): boolean {
  if (!dialCodeOf(phone)) return true;
  return isValidPhoneNumber(phone.trim());
}
