import { beforeAll, describe, expect, it } from 'vitest';
import { DIAL_CODES } from '@shared/dial-codes';
import { isPhoneNumber } from '@shared/patterns';
import { phoneExample } from '@shared/phone-plan';
import { asciiDigits } from '@shared/typed-text';
import { DEFAULT_DIAL_CODE, composePhone, phoneProblem, splitInternational } from '../../guest-web/src/service/phone';
import { loadPhonePlan } from '../../guest-web/src/service/phone-plan';

describe('guest phone', () => {
  // The page loads the numbering plans after its first view; these checks need them.
  beforeAll(() => loadPhonePlan());
  it('defaults to the Saudi code', () => {
    expect(DEFAULT_DIAL_CODE).toBe('+966');
  });

  it('stores the dial code followed by the number, tidied', () => {
    expect(composePhone('+966', ' 55  123 4567 ')).toBe('+966 55 123 4567');
    expect(composePhone('+20', '1001234567')).toBe('+20 1001234567');
    expect(composePhone('+966', '   ')).toBe('');
  });

  it('accepts the usual ways of writing a mobile number', () => {
    for (const number of ['55 123 4567', '551234567', '55-123-4567', '(55) 123.4567']) expect(phoneProblem('+966', number), number).toBeNull();
    expect(phoneProblem('+20', '1001234567')).toBeNull();
  });

  it('asks for the number when it is empty', () => {
    expect(phoneProblem('+966', '')).toBe('phoneRequired');
    expect(phoneProblem('+966', '  ')).toBe('phoneRequired');
  });

  it('rejects what the SPEC pattern rejects', () => {
    for (const number of ['abc', '55 123 4567 ext 2', '1234 5678 9012 3456 7890 1234 5678', '+966 55 123 4567', '55__12']) expect(phoneProblem('+966', number), number).toBe('phone');
  });

  it("every dial code in the picker has an example of its country's plan that the server pattern accepts", () => {
    for (const { value } of DIAL_CODES) {
      const example = phoneExample(value)!;
      expect(phoneProblem(value, example), value).toBeNull();
      expect(isPhoneNumber(composePhone(value, example))).toBe(true);
    }
  });

  it("refuses a number its country's plan refuses, though SPEC's pattern takes it", () => {
    expect(isPhoneNumber('+966 12 345 678')).toBe(true);
    expect(phoneProblem('+966', '12 345 678')).toBe('phone');
    expect(phoneProblem('+44', '123456')).toBe('phone');
    expect(phoneProblem('+49', '151 2345678')).toBeNull();
  });

  it('splits a whole number typed into the field into the dial code and the rest', () => {
    expect(splitInternational('+49 151 2345678')).toEqual({ dialCode: '+49', number: '151 2345678' });
    expect(splitInternational('0044 7400 123456')).toEqual({ dialCode: '+44', number: '7400 123456' });
    expect(splitInternational('+9 66 55 123 4567')).toEqual({ dialCode: '+966', number: '55 123 4567' });
    expect(splitInternational('+999 1234')).toBeNull();
    expect(splitInternational('55 123 4567')).toBeNull();
  });

  it('stores Arabic-Indic and Persian digits as ASCII', () => {
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
    expect(composePhone('+966', '٥٥ ١٢٣ ٤٥٦٧')).toBe('+966 55 123 4567');
    expect(phoneProblem('+966', '٥٥ ١٢٣ ٤٥٦٧')).toBeNull();
  });

  it('drops the trunk 0 a guest types after the dial code', () => {
    expect(composePhone('+966', '055 123 4567')).toBe('+966 55 123 4567');
    expect(composePhone('+20', '01001234567')).toBe('+20 1001234567');
    expect(composePhone('+966', '٠٥٥١٢٣٤٥٦٧')).toBe('+966 551234567');
    // Unless the country dials it after the code.
    expect(composePhone('+39', '06 1234 5678')).toBe('+39 06 1234 5678');
    expect(composePhone('+225', '01 23 45 6789')).toBe('+225 01 23 45 6789');
  });

  it('refuses fewer than 6 digits and more than 15 with the country code (E.164)', () => {
    expect(phoneProblem('+966', '12345')).toBe('phoneShort');
    expect(phoneProblem('+966', '012345')).toBe('phoneShort');
    // Six digits are long enough; the Saudi plan then asks for more.
    expect(phoneProblem('+966', '123456')).toBe('phone');
    // +966 and 12 digits: 15 in all, within E.164 (the plan then refuses it); 16 are too many.
    expect(phoneProblem('+966', '1234 5678 9012')).toBe('phone');
    expect(phoneProblem('+966', '1234 5678 9012 3')).toBe('phoneLong');
  });
});
