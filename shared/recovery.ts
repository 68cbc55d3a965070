/**
 * Service recovery: a guest who rated a stay at or below the hotel's threshold gets a
 * follow-up by a duty manager. The rules here are plain so both sides and the tests share them.
 */

/** A follow-up's steps: opened by the low rating, the guest contacted, the matter resolved (a recovered guest). */
export const RECOVERY_STATUSES = ['open', 'contacted', 'resolved'] as const;
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];

/** Ratings at or below this (of 10) open a follow-up when the hotel sets none. */
export const DEFAULT_RECOVERY_THRESHOLD = 4;
export const RECOVERY_THRESHOLD_MIN = 1;
export const RECOVERY_THRESHOLD_MAX = 9;

/** Whether a rating calls for a follow-up, given the hotel's threshold (null: the default). */
export function needsRecovery(rating: number, threshold: number | null): boolean {
  return rating <= (threshold ?? DEFAULT_RECOVERY_THRESHOLD);
}

/**
 * Why a follow-up cannot move from `from` to `to`, or null when it can. It only moves
 * forward (open → contacted → resolved, or straight to resolved); resolved is final, so
 * the count of recovered guests never goes back. Staying put (to change the note) is allowed
 * until resolved.
 */
export function followUpMoveViolation(from: RecoveryStatus, to: RecoveryStatus): 'resolved' | 'backwards' | null {
  if (from === 'resolved') return 'resolved';
  return RECOVERY_STATUSES.indexOf(to) < RECOVERY_STATUSES.indexOf(from) ? 'backwards' : null;
}
