import { useTranslation } from 'react-i18next';
import { SCHEDULE_AHEAD_DAYS_MAX } from '@shared/service-levels';
import { FieldError, fieldA11y } from '../components/Field';

export interface ScheduleValue {
  /** The guest wants it at a time of their choosing (a wake-up call at 06:00), not as soon as possible. */
  scheduled: boolean;
  /** `2026-11-27`: today or a later day, up to SCHEDULE_AHEAD_DAYS_MAX on. */
  day: string;
  /** `06:00`, as the hotel's clocks show it. */
  time: string;
}

interface Props {
  id: string;
  value: ScheduleValue;
  onChange: (value: ScheduleValue) => void;
  error?: string;
  /** Today, where the guest is (at the hotel, so the hotel's day); the server checks against the hotel's own clock. */
  today?: Date;
}

const two = (n: number) => String(n).padStart(2, '0');
/** A local day as `YYYY-MM-DD`. */
export const dayKey = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;

/** The days one may choose: today, tomorrow, then each day up to the limit. */
export function scheduleDays(today: Date): string[] {
  return Array.from({ length: SCHEDULE_AHEAD_DAYS_MAX + 1 }, (_, i) => dayKey(new Date(today.getFullYear(), today.getMonth(), today.getDate() + i)));
}

/** A line's "at a time of my choosing": a switch, then the day and the time. */
export function ScheduleTime({ id, value, onChange, error, today = new Date() }: Props) {
  const { t, i18n } = useTranslation();
  const days = scheduleDays(today);
  const dayName = (key: string, i: number) => {
    if (i === 0) return t('schedule.today');
    if (i === 1) return t('schedule.tomorrow');
    const [y, m, d] = key.split('-').map(Number);
    return new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(y, m - 1, d));
  };
  return (
    <div className="field schedule-time">
      <label className="checkbox">
        <input
          type="checkbox"
          id={`${id}-scheduled`}
          checked={value.scheduled}
          onChange={(e) => onChange({ ...value, scheduled: e.target.checked, day: value.day || days[0] })}
        />
        {t('schedule.atTime')}
      </label>
      {value.scheduled && (
        <div className="row" role="group" aria-label={t('schedule.when')}>
          <div className="field">
            <label htmlFor={`${id}-day`}>{t('schedule.day')}</label>
            <select id={`${id}-day`} value={value.day || days[0]} onChange={(e) => onChange({ ...value, day: e.target.value })}>
              {days.map((key, i) => (
                <option key={key} value={key}>
                  {dayName(key, i)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-time`}>{t('schedule.time')}</label>
            <input id={`${id}-time`} type="time" dir="ltr" value={value.time} onChange={(e) => onChange({ ...value, time: e.target.value })} {...fieldA11y(`${id}-time`, error)} />
          </div>
        </div>
      )}
      {value.scheduled && <p className="muted">{t('schedule.hint')}</p>}
      <FieldError id={`${id}-time-error`} message={error} />
    </div>
  );
}
