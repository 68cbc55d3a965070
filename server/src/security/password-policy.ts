import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/** The ~50,000 passwords most often found in breaches (zxcvbn-ts's list, lowercase), read on first use. */
function commonPasswords(): Set<string> {
  return (common ??= new Set(dictionary['passwords-common']));
}

/**
 * Whether a password is one attackers try first: on the breached-password list as
 * typed in any case, or once the digits and symbols people add at the end are taken
 * off ('Password1!', 'sunshine2024').
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return stem.length >= 4 && stem !== lower && list.has(stem);
}
