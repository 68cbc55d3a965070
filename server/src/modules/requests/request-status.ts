import type { LineStatus, RequestStatus } from '@shared';
import { isClosed } from '@shared';

/**
 * A request's status follows its lines (DESIGN): Open while every line is Open;
 * Rejected when every line is Rejected; Completed when every line is closed and at
 * least one Completed; In Progress otherwise (something moved, not all is closed).
 */
export function requestStatusOf(lines: readonly LineStatus[]): RequestStatus {
  if (lines.every((s) => s === 'Open')) return 'Open';
  if (lines.every((s) => s === 'Rejected')) return 'Rejected';
  if (lines.every(isClosed)) return 'Completed';
  return 'In Progress';
}
