import { describe, expect, it } from 'vitest';
import { threadReplyViolation } from '@shared';
import { type LineState, allowedActions, canReply, violationOf } from '../../../server/src/modules/requests/line-rules';

const line = (over: Partial<LineState> = {}): LineState => ({ status: 'Open', isSpecial: false, departmentId: 3, workerId: null, ...over });

describe('what a service line allows in its state (SPEC §4)', () => {
  it('an open special line without a department may only get a department, or be rejected', () => {
    const special = line({ isSpecial: true, departmentId: null });
    expect(allowedActions(special)).toEqual(['assignDepartment', 'reject']);
    expect(violationOf(special, 'assignWorker')).toBe('needsDepartment');
    expect(violationOf(special, 'complete')).toBe('needsDepartment');
    // SPEC's reply field of Assign/Complete waits for the department; the thread's reply does not.
    expect(canReply(special)).toBe(false);
    expect(threadReplyViolation(special)).toBeNull();
    expect(threadReplyViolation(line({ isSpecial: true, departmentId: null, status: 'Rejected' }))).toBe('closed');
  });

  it('a special line with a department and no worker may get a worker, not a second department', () => {
    const special = line({ isSpecial: true, departmentId: 4 });
    expect(allowedActions(special)).toEqual(['assignWorker', 'reject']);
    expect(violationOf(special, 'assignDepartment')).toBe('departmentAlreadySet');
    expect(canReply(special)).toBe(true);
  });

  it('a non-special open line may get a worker but never a department; completing waits for the worker', () => {
    const plain = line();
    expect(allowedActions(plain)).toEqual(['assignWorker', 'reject']);
    expect(violationOf(plain, 'assignDepartment')).toBe('notSpecial');
    expect(violationOf(plain, 'complete')).toBe('assignPending');
  });

  it('an assigned line may be completed or rejected, not assigned again', () => {
    const assigned = line({ status: 'Assigned', workerId: 7 });
    expect(allowedActions(assigned)).toEqual(['complete', 'reject']);
    expect(violationOf(assigned, 'assignWorker')).toBe('workerAlreadySet');
  });

  it('nothing leaves Completed or Rejected', () => {
    for (const status of ['Completed', 'Rejected'] as const) {
      const closed = line({ status, workerId: 7, isSpecial: true });
      expect(allowedActions(closed)).toEqual([]);
      for (const action of ['assignDepartment', 'assignWorker', 'complete', 'reject'] as const)
        expect(violationOf(closed, action)).toBe('closed');
      expect(canReply(closed)).toBe(false);
    }
  });
});
