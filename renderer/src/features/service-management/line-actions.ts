import { LINE_ACTION_CLAIMS, allowedActions, canReply, type LineAction, type LineStatus } from '@shared';
import './strings';

/** What a line card needs to know about a line (RequestLine and ServiceDetails both have it). */
export interface CardLine {
  statusName: LineStatus;
  isSpecial: boolean;
  departmentId: number | null;
  workerId: number | null;
  reply: string | null;
}

export type ReplyMode = 'edit' | 'show' | 'hidden';

export interface CardActions {
  actions: LineAction[];
  reply: ReplyMode;
}


/**
 * The buttons a line card shows (SPEC §4): exactly what the shared line rules allow in
 * the line's state, and of those only what the user's claims let them do. The reply
 * box is editable while the line may still be answered, an existing reply is shown
 * read-only when the line is closed (an open line takes any number of replies),
 * and a special line still waiting for a department shows none.
 */
export function cardActions(line: CardLine, claims: readonly string[]): CardActions {
  const state = { status: line.statusName, isSpecial: line.isSpecial, departmentId: line.departmentId, workerId: line.workerId };
  const actions = allowedActions(state).filter((a) => claims.includes(LINE_ACTION_CLAIMS[a]));
  const reply: ReplyMode = canReply(state) ? 'edit' : line.reply ? 'show' : 'hidden';
  return { actions, reply };
}

/** The SPEC §5 message key for a missing choice or reason, or undefined when the input is enough. */
export function missingInput(action: LineAction, input: { departmentId?: number; workerId?: number; reason?: string }) {
  if (action === 'assignDepartment' && !input.departmentId) return 'line.selectDepartment' as const;
  if (action === 'assignWorker' && !input.workerId) return 'line.selectWorker' as const;
  if (action === 'reject' && !input.reason?.trim()) return 'line.enterReason' as const;
  return undefined;
}
