/** Dates shown in the user's language (SPEC §4 "dates are formatted for display"). */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A due time: the time alone when it falls today, else with its date. */
export function formatDueTime(value: string | Date, lang: string, now = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const sameDay = date.toDateString() === new Date(now).toDateString();
  const locale = lang === 'ar' ? 'ar-EG' : 'en-GB';
  return new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
