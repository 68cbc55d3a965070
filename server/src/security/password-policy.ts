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

/**
 * Whether a password is built from its owner's e-mail: the address itself, or its
 * part before the @ (the first thing a guesser who knows the address tries). A local
 * part shorter than 3 characters is too common a string to forbid.
 */
export function containsEmail(password: string, email: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  const address = email.normalize('NFKC').toLowerCase();
  const local = address.split('@')[0] ?? '';
  return lower.includes(address) || (local.length >= 3 && lower.includes(local));
}

/**
 * Whether a password is just its owner's e-mail or the part before the @, give or take
 * the digits and symbols people add at the end ('frontdesk1!'). The narrower check for
 * the first admin's password from the environment, where a word like 'admin' may
 * rightly be part of a longer password.
 */
export function isEmailPassword(password: string, email: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  const address = email.normalize('NFKC').toLowerCase();
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return [lower, stem].some((p) => p === address || p === address.split('@')[0]);
}
