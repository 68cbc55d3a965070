/** The local midnight as ISO, so "today" is the user's day, not the server's. */
export function startOfLocalDay(now = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

/** Minutes as '45 min' or '2 h 5 min' (translated by the caller's keys). */
export function durationParts(minutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.round(minutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}
