/** The line rules of SPEC §4, shared so the server enforces and the admin app offers exactly the same actions. */
import type { Claim } from './permissions';
import { type LineStatus, isClosed } from './statuses';

/** What the workflow needs to know about a service line to decide what may happen to it. */
export interface LineState {
  status: LineStatus;
  /** A Special Request line: it goes to a department before a worker (SPEC §4). */
  isSpecial: boolean;
  departmentId: number | null;
  workerId: number | null;
}

export type LineAction = 'assignDepartment' | 'assignWorker' | 'complete' | 'reject';

/** The claim each line action needs: the server checks it, the admin app shows the button by it. */
export const LINE_ACTION_CLAIMS: Record<LineAction, Claim> = {
  assignDepartment: 'Service Management.Service List.Assign',
  assignWorker: 'Service Management.Service List.Assign',
  complete: 'Service Management.Service List.Complete',
  reject: 'Service Management.Service List.Reject',
};

/** Who may write on a line (a reply or a note): whoever could answer it by assigning or completing it. */
export const LINE_WRITE_CLAIMS: readonly Claim[] = [LINE_ACTION_CLAIMS.assignWorker, LINE_ACTION_CLAIMS.complete];

/** Why an action is refused; the service turns each into a message in both languages. */
export type LineViolation =
  | 'closed'
  | 'notSpecial'
  | 'departmentAlreadySet'
  | 'needsDepartment'
  | 'workerAlreadySet'
  | 'assignPending'
  | 'alreadyAcknowledged';

/** A Special Request line that no department has taken yet: nothing but a department may happen to it. */
export function needsDepartment(line: LineState): boolean {
  return line.isSpecial && line.departmentId === null;
}

/** The reason `action` is not allowed on `line` now, or null when it is. */
export function violationOf(line: LineState, action: LineAction): LineViolation | null {
  // Nothing leaves Completed or Rejected.
  if (isClosed(line.status)) return 'closed';
  switch (action) {
    case 'assignDepartment':
      if (!line.isSpecial) return 'notSpecial';
      if (line.departmentId !== null) return 'departmentAlreadySet';
      return null;
    case 'assignWorker':
      if (needsDepartment(line)) return 'needsDepartment';
      if (line.workerId !== null || line.status !== 'Open') return 'workerAlreadySet';
      return null;
    case 'complete':
      // SPEC §4: no assign action may be pending, i.e. the department (if special) and the worker are set.
      if (needsDepartment(line)) return 'needsDepartment';
      if (line.workerId === null) return 'assignPending';
      return null;
    case 'reject':
      return null;
  }
}

/** Every action the line allows in its state (what the admin screens offer). */
export function allowedActions(line: LineState): LineAction[] {
  const all: LineAction[] = ['assignDepartment', 'assignWorker', 'complete', 'reject'];
  return all.filter((action) => violationOf(line, action) === null);
}

/** Why the guest may not be answered on `line` now, or null when a reply may go out (SPEC §4's reply box). */
export function replyViolation(line: LineState): Extract<LineViolation, 'closed' | 'needsDepartment'> | null {
  if (isClosed(line.status)) return 'closed';
  if (needsDepartment(line)) return 'needsDepartment';
  return null;
}

/** The reply box is open while the line is not closed and not waiting for a department (SPEC §4). */
export function canReply(line: LineState): boolean {
  return replyViolation(line) === null;
}

/**
 * Why the guest may not get a message on the line's thread now, or null when they may:
 * until the line closes, a Special Request included before it has a department (the
 * request that most needs a person must be answerable from the start).
 */
export function threadReplyViolation(line: Pick<LineState, 'status'>): Extract<LineViolation, 'closed'> | null {
  return isClosed(line.status) ? 'closed' : null;
}

/**
 * Why the line cannot be acknowledged, or null when it can: it must be open and not be
 * acknowledged already (assigning a worker, or the first reply to the guest, acknowledges
 * it too). A Special Request can be acknowledged before it has a department: its clock
 * runs from creation.
 */
export function acknowledgeViolation(line: LineState & { acknowledgedAt: unknown }): LineViolation | null {
  if (isClosed(line.status)) return 'closed';
  if (line.acknowledgedAt !== null && line.acknowledgedAt !== undefined) return 'alreadyAcknowledged';
  return null;
}
