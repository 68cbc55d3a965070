import { TARGET_MINUTES_MAX } from '@shared';
import { asciiDigits } from '@shared/typed-text';

/**
 * A target field's text as the body sends it: empty is null (the next level's target
 * applies), digits a number; anything else goes as typed so the server refuses it in words.
 */
export function minutesOf(text: string): number | string | null {
  const value = asciiDigits(text.slice(0, 20).trim());
  if (!value) return null;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** What is wrong with a target field's text, by the server's rule (a whole number from 1 to a week), or null. */
export function minutesProblem(text: string): 'wholeMinutes' | 'range' | null {
  const value = minutesOf(text);
  if (value === null) return null;
  if (typeof value === 'string') return /^-\d+$/.test(value) ? 'range' : 'wholeMinutes';
  return value < 1 || value > TARGET_MINUTES_MAX ? 'range' : null;
}
