/** The report period: presets counted in the user's own days, sent as instants with the time zone. */
export const PRESETS = ['today', 'days7', 'days30', 'month'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Period {
  /** 'YYYY-MM-DD', both days included. */
  fromDay: string;
  toDay: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** 'YYYY-MM-DD' → local midnight of that day. */
export function localDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export function presetPeriod(preset: Preset, now = new Date()): Period {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const back = (days: number) => dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days));
  switch (preset) {
    case 'today':
      return { fromDay: dayOf(today), toDay: dayOf(today) };
    case 'days7':
      return { fromDay: back(6), toDay: dayOf(today) };
    case 'days30':
      return { fromDay: back(29), toDay: dayOf(today) };
    case 'month':
      return { fromDay: dayOf(new Date(today.getFullYear(), today.getMonth(), 1)), toDay: dayOf(today) };
  }
}

/** The query of a period: [start of the first day, start of the day after the last) in the user's zone. */
export function periodQuery(period: Period): { from: string; to: string; timeZone?: string } {
  const start = localDay(period.fromDay);
  const last = localDay(period.toDay);
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { from: start.toISOString(), to: end.toISOString(), ...(timeZone ? { timeZone } : {}) };
}

/** Which preset a period equals (to highlight it), if any. */
export function presetOf(period: Period, now = new Date()): Preset | undefined {
  return PRESETS.find((p) => {
    const q = presetPeriod(p, now);
    return q.fromDay === period.fromDay && q.toDay === period.toDay;
  });
}
