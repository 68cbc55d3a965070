const locale = (lang: string) => (lang === 'ar' ? 'ar-EG' : 'en-GB');

/** Formatters are costly to make (a list of 20 rows formats 80 dates per render): one per language and form. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale(lang)}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale(lang), options)));
  return made;
}

/** Dates shown in the user's language (SPEC §4 "dates are formatted for display"). */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A list cell's date, short enough for a column at 1366 px: day, month and
 * time, the year only when it is not this year ("23 Nov, 14:05"; "23 Nov 2025, 14:05").
 * The cell's tooltip gives formatDate's full form.
 */
export function formatListDate(value: string | null | undefined, lang: string, now = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const year = date.getFullYear() === now.getFullYear() ? undefined : 'numeric';
  return formatter(lang, { day: 'numeric', month: 'short', year, hour: 'numeric', minute: '2-digit' }).format(date);
}

/** A due time: the time alone when it falls today, else with its date. */
export function formatDueTime(value: string | Date, lang: string, now = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const sameDay = date.toDateString() === new Date(now).toDateString();
  return formatter(lang, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
