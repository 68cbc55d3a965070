import { describe, expect, it } from 'vitest';
import { DIAL_CODES } from '@shared/dial-codes';
import { PHONE_PATTERN } from '@shared/patterns';
import { DEFAULT_DIAL_CODE, composePhone, phoneProblem } from '../../guest-web/src/service/phone';

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
      expect(PHONE_PATTERN.test(composePhone(value, '55 123 4567'))).toBe(true);
    }
  });
});
