import { Checkbox, Field, Input, Select, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_AHEAD_DAYS_MAX } from '@shared/service-levels';

const useStyles = makeStyles({
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', columnGap: '10px', rowGap: '4px' },
  when: { display: 'flex', gap: '10px', alignItems: 'flex-start' },
  // The time reads left to right inside Arabic, as the hotel's clocks show it.
  time: { direction: 'ltr', minWidth: '120px' },
});

/** A line's asked-for time: as soon as possible, or a day and a time on the hotel's clocks. */
export interface LineSchedule {
  scheduled: boolean;
  /** `2026-11-27`: today or a later day, up to SCHEDULE_AHEAD_DAYS_MAX on. */
  day: string;
  /** `06:00`. */
  time: string;
}

export const ASAP: LineSchedule = { scheduled: false, day: '', time: '' };

const two = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;

/** The days the desk may choose: today, tomorrow, then each day up to the limit the server keeps. */
export function scheduleDays(today: Date): string[] {
  return Array.from({ length: SCHEDULE_AHEAD_DAYS_MAX + 1 }, (_, i) => dayKey(new Date(today.getFullYear(), today.getMonth(), today.getDate() + i)));
}

/** What the API takes for the line (`2026-11-27T06:00`), or nothing for as soon as possible. */
export const scheduledAtOf = (s: LineSchedule | undefined) => (s?.scheduled && s.day && s.time ? { scheduledAt: `${s.day}T${s.time}` } : {});

/** A chosen line scheduled without its time. */
export const missingTime = (s: LineSchedule | undefined) => !!s?.scheduled && !/^\d{2}:\d{2}$/.test(s.time);

interface Props {
  serviceName: string;
  value: LineSchedule;
  onChange(value: LineSchedule): void;
  /** The server's refusal (a past time, too far on) or a missing time. */
  error?: string;
  /** Today at the desk (which is at the hotel); the server checks against the hotel's own clock and zone. */
  today?: Date;
}

/** One chosen service's "at a time": a wake-up call at 06:00, cleaning at 14:00 tomorrow. */
export function ScheduleLine({ serviceName, value, onChange, error, today = new Date() }: Props) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const days = scheduleDays(today);
  const dayName = (key: string, i: number) => {
    if (i === 0) return t('desk.today');
    if (i === 1) return t('desk.tomorrow');
    const [y, m, d] = key.split('-').map(Number);
    return new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(y, m - 1, d));
  };
  return (
    <div role="group" aria-label={serviceName} className={styles.line} data-testid="new-request-schedule">
      <Checkbox
        checked={value.scheduled}
        onChange={(_, d) => onChange({ ...value, scheduled: d.checked === true, day: value.day || days[0] })}
        label={t('desk.atTime', { name: serviceName })}
      />
      {value.scheduled && (
        <div className={styles.when}>
          <Field label={t('desk.day')} size="small">
            <Select size="small" value={value.day || days[0]} onChange={(_, d) => onChange({ ...value, day: d.value })} data-testid="new-request-day">
              {days.map((key, i) => (
                <option key={key} value={key}>
                  {dayName(key, i)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('desk.time')} hint={t('desk.hotelTime')} size="small" validationMessage={error}>
            <Input
              size="small"
              type="time"
              className={styles.time}
              dir="ltr"
              value={value.time}
              onChange={(_, d) => onChange({ ...value, time: d.value })}
              data-testid="new-request-time"
            />
          </Field>
        </div>
      )}
    </div>
  );
}
