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

/**
 * The request statuses of a request with an open line (Open or Assigned): by the rule above,
 * exactly those whose lines are not all closed. The Guests Requests "open" filter reads the
 * request's own status through its index instead of looking through every open line.
 */
export const OPEN_REQUEST_STATUSES = ['Open', 'In Progress'] as const satisfies readonly RequestStatus[];
