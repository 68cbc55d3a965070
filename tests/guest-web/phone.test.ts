import { describe, expect, it } from 'vitest';
import { DIAL_CODES } from '@shared/dial-codes';
import { isPhoneNumber } from '@shared/patterns';
import { DEFAULT_DIAL_CODE, asciiDigits, composePhone, phoneProblem } from '../../guest-web/src/service/phone';

describe('guest phone', () => {
  it('defaults to the Saudi code', () => {
    expect(DEFAULT_DIAL_CODE).toBe('+966');
  });

  it('stores the dial code followed by the number, tidied', () => {
    expect(composePhone('+966', ' 55  123 4567 ')).toBe('+966 55 123 4567');
    expect(composePhone('+20', '1001234567')).toBe('+20 1001234567');
    expect(composePhone('+966', '   ')).toBe('');
  });

  it('accepts the usual ways of writing a mobile number', () => {
    for (const number of ['55 123 4567', '551234567', '55-123-4567', '(55) 123.4567', '1001234567']) expect(phoneProblem('+966', number), number).toBeNull();
  });

  it('asks for the number when it is empty', () => {
    expect(phoneProblem('+966', '')).toBe('phoneRequired');
    expect(phoneProblem('+966', '  ')).toBe('phoneRequired');
  });

  it('rejects what the SPEC pattern rejects', () => {
    for (const number of ['abc', '55 123 4567 ext 2', '1234 5678 9012 3456 7890 1234 5678', '+966 55 123 4567', '55__12']) expect(phoneProblem('+966', number), number).toBe('phone');
  });

  it('every dial code in the picker composes a phone the server pattern accepts', () => {
    for (const { value } of DIAL_CODES) {
      expect(phoneProblem(value, '55 123 4567'), value).toBeNull();
      expect(isPhoneNumber(composePhone(value, '55 123 4567'))).toBe(true);
    }
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
  });

  it('refuses fewer than 6 digits and more than 15 with the country code (E.164)', () => {
    expect(phoneProblem('+966', '12345')).toBe('phoneShort');
    expect(phoneProblem('+966', '012345')).toBe('phoneShort');
    expect(phoneProblem('+966', '123456')).toBeNull();
    // +966 and 12 digits: 15 in all.
    expect(phoneProblem('+966', '1234 5678 9012')).toBeNull();
    expect(phoneProblem('+966', '1234 5678 9012 3')).toBe('phoneLong');
  });
});
