import { describe, expect, it } from 'vitest';
import { ALL_CLAIMS } from '@shared';
import { cardActions, missingInput, type CardLine } from '../../../renderer/src/features/service-management/line-actions';

const line = (over: Partial<CardLine> = {}): CardLine => ({ statusName: 'Open', isSpecial: false, departmentId: 3, workerId: null, reply: null, ...over });
const all: readonly string[] = ALL_CLAIMS;

describe('the actions a line card offers (SPEC §4)', () => {
  it('a special line without a department: only the department, and no reply box', () => {
    expect(cardActions(line({ isSpecial: true, departmentId: null }), all)).toEqual({ actions: ['assignDepartment', 'reject'], reply: 'hidden' });
  });

  it('a special line with a department and no worker: a worker (no department again), reply open', () => {
    expect(cardActions(line({ isSpecial: true, departmentId: 4 }), all)).toEqual({ actions: ['assignWorker', 'reject'], reply: 'edit' });
  });

  it('an open ordinary line without a worker: assign a worker; complete waits for it', () => {
    expect(cardActions(line(), all).actions).toEqual(['assignWorker', 'reject']);
  });

  it('an assigned line: complete or reject, nothing to assign', () => {
    expect(cardActions(line({ statusName: 'Assigned', workerId: 9 }), all)).toEqual({ actions: ['complete', 'reject'], reply: 'edit' });
  });

  it('closed lines offer nothing and show their reply read-only', () => {
    expect(cardActions(line({ statusName: 'Completed', workerId: 9, reply: 'Done' }), all)).toEqual({ actions: [], reply: 'show' });
    expect(cardActions(line({ statusName: 'Rejected', reply: 'No stock' }), all)).toEqual({ actions: [], reply: 'show' });
    expect(cardActions(line({ statusName: 'Completed', workerId: 9 }), all)).toEqual({ actions: [], reply: 'hidden' });
  });

  it('an open line takes another reply after one was sent (a thread, not one reply)', () => {
    expect(cardActions(line({ statusName: 'Assigned', workerId: 9, reply: 'Coming' }), all).reply).toBe('edit');
  });

  it("offers only what the user's claims allow", () => {
    const assignOnly = ['Service Management.Service List.Assign'];
    expect(cardActions(line({ statusName: 'Assigned', workerId: 9 }), assignOnly).actions).toEqual([]);
    expect(cardActions(line(), ['Service Management.Service List.Reject']).actions).toEqual(['reject']);
  });
});

describe('the choices an action needs (SPEC §5)', () => {
  it('names the missing department, worker or reason', () => {
    expect(missingInput('assignDepartment', {})).toBe('line.selectDepartment');
    expect(missingInput('assignWorker', {})).toBe('line.selectWorker');
    expect(missingInput('reject', { reason: '   ' })).toBe('line.enterReason');
    expect(missingInput('reject', { reason: 'Fully booked' })).toBeUndefined();
    expect(missingInput('assignWorker', { workerId: 2 })).toBeUndefined();
    expect(missingInput('complete', {})).toBeUndefined();
  });
});
