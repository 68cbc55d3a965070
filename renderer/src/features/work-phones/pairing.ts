/** The plain rules of the pairing dialog: the link a QR code holds, the code as read aloud, the time left. */

/**
 * The phone page's link with the code in the fragment: a fragment never leaves the phone,
 * so the code reaches no server or proxy log.
 */
export function pairLink(server: string, code: string): string {
  return `${server.replace(/\/+$/, '')}/Work#pair=${encodeURIComponent(code)}`;
}

/** 'BCDFGHJK' → 'BCDF GHJK': groups of four are easier to read out and type. */
export function groupCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Milliseconds left → 'm:ss' (never below 0:00). */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The latest of the worker's own steps on a phone, for a list cell: 'Started by Huda' / 'Accepted by Huda', or none. */
export function workerStep(row: { acceptedAt?: string | null; acceptedBy?: string | null; startedAt?: string | null; startedBy?: string | null }) {
  if (row.startedAt) return { key: 'phones.started' as const, worker: row.startedBy ?? '', at: row.startedAt };
  if (row.acceptedAt) return { key: 'phones.accepted' as const, worker: row.acceptedBy ?? '', at: row.acceptedAt };
  return undefined;
}
