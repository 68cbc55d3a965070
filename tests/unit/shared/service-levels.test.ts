import { describe, expect, it } from 'vitest';
import { type ClockLine, acknowledgeViolation, clockOf, dueTimesOf, expectedBy, lineClock, metTarget, missedTargets, resolveTargets } from '@shared';

/** Every time here is on one fixed clock: minutes after 10:00 UTC on one day. */
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 10, 0) + minutes * 60_000);
const open = (over: Partial<ClockLine> = {}): ClockLine => ({
  status: 'Open',
  clockStartedAt: at(0),
  acknowledgedAt: null,
  acknowledgeDueAt: at(10),
  completeDueAt: at(40),
  ...over,
});

describe('targets: service, then group, then hotel', () => {
  it('takes each target from the first level that sets it', () => {
    expect(resolveTargets({ acknowledgeMinutes: 5, completeMinutes: null }, { acknowledgeMinutes: 7, completeMinutes: 30 }, { acknowledgeMinutes: 9, completeMinutes: 60 })).toEqual({
      acknowledgeMinutes: 5,
      completeMinutes: 30,
    });
    expect(resolveTargets({ acknowledgeMinutes: null, completeMinutes: null }, undefined, { acknowledgeMinutes: 9, completeMinutes: 60 })).toEqual({
      acknowledgeMinutes: 9,
      completeMinutes: 60,
    });
    expect(resolveTargets(null, {}, { acknowledgeMinutes: null })).toEqual({ acknowledgeMinutes: null, completeMinutes: null });
  });

  it('counts both targets from the start, with a shorter minute for fast clocks', () => {
    expect(dueTimesOf(at(0), { acknowledgeMinutes: 10, completeMinutes: 40 })).toEqual({ acknowledgeDueAt: at(10), completeDueAt: at(40) });
    expect(dueTimesOf(at(0), { acknowledgeMinutes: 10, completeMinutes: null }, 100)).toEqual({
      acknowledgeDueAt: new Date(at(0).getTime() + 1000),
      completeDueAt: null,
    });
    expect(dueTimesOf(null, { acknowledgeMinutes: 10, completeMinutes: 40 })).toEqual({ acknowledgeDueAt: null, completeDueAt: null });
  });
});

describe('the clock of a line', () => {
  it('is due for acknowledgement first, amber at 75%, red (overdue) at 100%', () => {
    expect(clockOf(open(), at(5))).toMatchObject({ dueAt: at(10), dueKind: 'acknowledge', isOverdue: false, level: 'ok', fraction: 0.5 });
    expect(clockOf(open(), at(7.4)).level).toBe('ok');
    expect(clockOf(open(), at(7.5)).level).toBe('amber');
    expect(clockOf(open(), at(10))).toMatchObject({ isOverdue: true, level: 'red' });
  });

  it('is due for completion once acknowledged, measured from the start', () => {
    const taken = open({ acknowledgedAt: at(3) });
    expect(clockOf(taken, at(20))).toMatchObject({ dueAt: at(40), dueKind: 'complete', isOverdue: false, level: 'ok', fraction: 0.5 });
    expect(clockOf(taken, at(30)).level).toBe('amber');
    expect(clockOf(taken, at(41))).toMatchObject({ isOverdue: true, level: 'red' });
    // An acknowledgement after its target no longer counts against the line: the next promise is completion.
    expect(clockOf(open({ acknowledgedAt: at(15) }), at(16))).toMatchObject({ dueKind: 'complete', isOverdue: false });
  });

  it('goes straight to completion without an acknowledge target', () => {
    expect(clockOf(open({ acknowledgeDueAt: null }), at(1))).toMatchObject({ dueAt: at(40), dueKind: 'complete' });
  });

  it('stops on Completed or Rejected, and does not run before it starts or without targets', () => {
    for (const status of ['Completed', 'Rejected'] as const) {
      expect(clockOf(open({ status }), at(100))).toEqual({ dueAt: null, dueKind: null, isOverdue: false, fraction: null, level: 'none' });
      expect(missedTargets(open({ status }), at(100))).toEqual([]);
      expect(expectedBy(open({ status }))).toBeNull();
    }
    expect(clockOf(open({ clockStartedAt: null, acknowledgeDueAt: null, completeDueAt: null }), at(100)).level).toBe('none');
    expect(clockOf(open({ acknowledgeDueAt: null, completeDueAt: null }), at(100)).isOverdue).toBe(false);
  });

  it('reads ISO strings as a client row carries them', () => {
    const row = { status: 'Assigned' as const, clockStartedAt: at(0).toISOString(), acknowledgedAt: at(1).toISOString(), acknowledgeDueAt: at(10).toISOString(), completeDueAt: at(40).toISOString() };
    expect(clockOf(row, at(39))).toMatchObject({ dueKind: 'complete', level: 'amber', isOverdue: false });
  });

  it('computes from (line, targets, now) in one call', () => {
    const clock = lineClock({ status: 'Open', clockStartedAt: at(0), acknowledgedAt: null }, { acknowledgeMinutes: 10, completeMinutes: 40 }, at(11));
    expect(clock).toMatchObject({ acknowledgeDueAt: at(10), completeDueAt: at(40), dueKind: 'acknowledge', isOverdue: true, level: 'red' });
  });

  it('lists the targets passed without their action (what the server escalates)', () => {
    expect(missedTargets(open(), at(9))).toEqual([]);
    expect(missedTargets(open(), at(10))).toEqual(['acknowledge']);
    expect(missedTargets(open(), at(40))).toEqual(['acknowledge', 'complete']);
    expect(missedTargets(open({ acknowledgedAt: at(2) }), at(40))).toEqual(['complete']);
  });

  it('tells the guest the completion due time while the line is open', () => {
    expect(expectedBy(open())).toEqual(at(40));
    expect(expectedBy(open({ completeDueAt: null }))).toBeNull();
  });

  it('says whether a finished line kept its promise', () => {
    expect(metTarget(at(40), at(39))).toBe(true);
    expect(metTarget(at(40), at(40))).toBe(true);
    expect(metTarget(at(40), at(41))).toBe(false);
    expect(metTarget(at(40), null)).toBe(false);
    expect(metTarget(null, at(1))).toBeNull();
  });
});

describe('acknowledging', () => {
  const line = { status: 'Open' as const, isSpecial: false, departmentId: 1, workerId: null, acknowledgedAt: null };
  it('needs an open line, acknowledged once; a Special Request before it has a department too', () => {
    expect(acknowledgeViolation(line)).toBeNull();
    expect(acknowledgeViolation({ ...line, acknowledgedAt: at(1) })).toBe('alreadyAcknowledged');
    expect(acknowledgeViolation({ ...line, status: 'Completed' })).toBe('closed');
    expect(acknowledgeViolation({ ...line, isSpecial: true, departmentId: null })).toBeNull();
  });

  it("a Special Request's clock runs from creation: with a fixed clock it turns amber, then overdue, before any department", () => {
    const targets = resolveTargets(null, null, { acknowledgeMinutes: 4, completeMinutes: 60 });
    const special = { status: 'Open' as const, clockStartedAt: at(0), acknowledgedAt: null };
    expect(lineClock(special, targets, at(1))).toMatchObject({ dueKind: 'acknowledge', dueAt: at(4), level: 'ok', isOverdue: false });
    expect(lineClock(special, targets, at(3))).toMatchObject({ level: 'amber', isOverdue: false });
    expect(lineClock(special, targets, at(4))).toMatchObject({ level: 'red', isOverdue: true });
    expect(missedTargets({ ...special, ...dueTimesOf(at(0), targets) }, at(5))).toEqual(['acknowledge']);
  });

  it('once acknowledged (by a reply, a worker or the button) the line is due for completion only', () => {
    const targets = resolveTargets({ acknowledgeMinutes: 4, completeMinutes: 60 });
    const replied = { status: 'Open' as const, clockStartedAt: at(0), acknowledgedAt: at(2) };
    expect(lineClock(replied, targets, at(5))).toMatchObject({ dueKind: 'complete', dueAt: at(60), isOverdue: false });
    expect(missedTargets({ ...replied, ...dueTimesOf(at(0), targets) }, at(5))).toEqual([]);
  });
});
