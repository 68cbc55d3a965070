import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDueTime } from '../../table/format';
import { useNow } from '../../ui/use-now';

/** Whole minutes from `since` to `now`; null without a start (nothing open). */
export function ageMinutes(since: string | null, now: number): number | null {
  if (!since) return null;
  const start = Date.parse(since);
  return Number.isNaN(start) ? null : Math.max(0, Math.floor((now - start) / 60_000));
}

/**
 * A due time as a list cell shows it, relative to now ("in 12 min", "late 5 min"): what a
 * desk needs at a glance; the clock time is the cell's tooltip. Also what search and the
 * width fit read.
 */
export function relativeDueText(t: TFunction, dueAt: string | Date | null, now: number): string {
  if (!dueAt) return '';
  const due = new Date(dueAt).getTime();
  if (Number.isNaN(due)) return '';
  // Whole minutes, rounded towards the due time: "in 1 min" until it is due, "late 1 min" one minute after.
  const left = due - now;
  if (left > 0) return t('queue.dueIn', { duration: ageText(t, Math.ceil(left / 60_000)) });
  const late = Math.floor(-left / 60_000);
  return late === 0 ? t('queue.dueNow') : t('queue.lateBy', { duration: ageText(t, late) });
}

/** '12 min', '2 h 5 min', '3 d 4 h' in the user's language. */
export function ageText(t: TFunction, minutes: number | null): string {
  if (minutes === null) return '';
  // Each part is counted on its own so it takes its own plural form (Arabic: "ساعتان و5 دقائق").
  const minutesPart = (count: number) => t('queue.ageMinutes', { count });
  const hoursPart = (count: number) => t('queue.ageHoursPart', { count });
  if (minutes < 60) return minutesPart(minutes);
  if (minutes < 24 * 60) return t('queue.ageHours', { hours: hoursPart(Math.floor(minutes / 60)), minutes: minutesPart(minutes % 60) });
  return t('queue.ageDays', { days: t('queue.ageDaysPart', { count: Math.floor(minutes / 1440) }), hours: hoursPart(Math.floor((minutes % 1440) / 60)) });
}

/** How long something has waited (the list's Age column), moving with the clock without a reload. */
export function AgeCell({ since }: { since: string | null }) {
  const { t } = useTranslation();
  const now = useNow();
  const minutes = ageMinutes(since, now);
  if (minutes === null) return null;
  return <span data-testid="age">{ageText(t, minutes)}</span>;
}

/**
 * A request's age (its oldest open line's) in a badge coloured by its earliest due time:
 * plain while there is time, red once it has passed (the server's isOverdue, or this
 * computer's clock reaching it). The due time is the badge's tooltip and accessible name
 * ("Due 21:45" / "Late since 21:45"): one column, so the list still fits 1366 px.
 */
export function RequestAgeCell({ since, dueAt, isOverdue }: { since: string | null; dueAt: string | null; isOverdue: boolean }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const minutes = ageMinutes(since, now);
  if (minutes === null) return null;
  const age = ageText(t, minutes);
  if (!dueAt) return <span data-testid="age">{age}</span>;
  const late = isOverdue || Date.parse(dueAt) <= now;
  const time = formatDueTime(dueAt, i18n.language, now);
  const due = late ? t('queue.lateSince', { time }) : t('queue.dueAt', { time });
  return (
    <Badge
      appearance={late ? 'filled' : 'tint'}
      color={late ? 'danger' : 'informative'}
      data-testid="due-badge"
      data-level={late ? 'red' : 'ok'}
      title={due}
      aria-label={`${age}, ${due}`}
    >
      <span data-testid="age">{age}</span>
    </Badge>
  );
}
