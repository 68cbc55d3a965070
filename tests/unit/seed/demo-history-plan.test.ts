import { describe, expect, it } from 'vitest';
import { REPEAT_FAULT, metTarget } from '@shared';
import { type PlanMasterData, planDemoHistory, seededRandom } from '../../../server/src/seed/demo-history.plan';

/** A small chain shaped like the demo's: two hotels, a service per department and a Special Request. */
function masterData(): PlanMasterData {
  const rooms = (base: number) => ['101', '107', '204', '312', '405'].map((number, i) => ({ id: base + i, number }));
  const departments = { HK: 1, MNT: 2, FNB: 3, FO: 4, GR: 5 };
  const targets = (ack: number | null, done: number | null) => new Map([1, 2].map((h) => [h, { acknowledgeMinutes: ack, completeMinutes: done }]));
  return {
    hotels: [
      { id: 1, code: 'NAK-RUH', rooms: rooms(100) },
      { id: 2, code: 'NAK-JED', rooms: rooms(200) },
    ],
    services: [
      { id: 10, code: 'HK-TWL', departmentId: 1, isSpecial: false, targets: targets(5, 20) },
      { id: 11, code: 'MNT-AC', departmentId: 2, isSpecial: false, targets: targets(10, 60) },
      { id: 12, code: 'MNT-PLB', departmentId: 2, isSpecial: false, targets: targets(10, 60) },
      { id: 13, code: 'MNT-TV', departmentId: 2, isSpecial: false, targets: targets(10, 60) },
      { id: 14, code: 'FNB-BRK', departmentId: 3, isSpecial: false, targets: targets(5, 40) },
      { id: 15, code: 'FD-TAXI', departmentId: 4, isSpecial: false, targets: targets(5, 15) },
      { id: 16, code: 'OTH-SPC', departmentId: null, isSpecial: true, targets: targets(10, 45) },
    ],
    departments,
    workers: new Map(Object.values(departments).map((d) => [d, [d * 100, d * 100 + 1]])),
    staff: new Map(Object.values(departments).map((d) => [d, d * 1000])),
  };
}

const NOW = new Date('2026-03-15T10:30:00Z');

describe('the demo history plan', () => {
  it('is the same for the same seed and moment, and another seed makes another history', () => {
    const a = planDemoHistory(masterData(), NOW);
    expect(planDemoHistory(masterData(), NOW)).toEqual(a);
    expect(planDemoHistory(masterData(), NOW, 7)).not.toEqual(a);
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  });

  it('spans thirty days of both hotels, all in the past, oldest first', () => {
    const plan = planDemoHistory(masterData(), NOW);
    expect(plan.length).toBeGreaterThan(500);
    expect(plan.every((r) => r.createdAt < NOW && r.updatedAt <= NOW)).toBe(true);
    expect(NOW.getTime() - plan[0].createdAt.getTime()).toBeGreaterThan(29 * 86_400_000);
    expect(plan.every((r, i) => i === 0 || plan[i - 1].createdAt <= r.createdAt)).toBe(true);
    expect(new Set(plan.map((r) => r.hotelId))).toEqual(new Set([1, 2]));
  });

  it('moves every line only as the workflow allows: a worker before completion, a reason with a rejection, times in order', () => {
    for (const line of planDemoHistory(masterData(), NOW).flatMap((r) => r.lines)) {
      if (line.status === 'Completed') expect(line.workerId).not.toBeNull();
      if (line.status === 'Rejected') expect(line.rejectReason).toBeTruthy();
      if (line.status === 'Assigned') expect(line.acknowledgedAt).not.toBeNull();
      const times = [line.createdAt, line.acknowledgedAt, line.assignedAt, line.completedAt].filter((d): d is Date => d !== null);
      expect(times.every((d, i) => i === 0 || times[i - 1] <= d)).toBe(true);
      expect(line.messages.every((m) => m.at <= NOW)).toBe(true);
    }
  });

  it('misses some targets, not most, and escalates exactly the missed ones', () => {
    const lines = planDemoHistory(masterData(), NOW).flatMap((r) => r.lines).filter((l) => l.status === 'Completed');
    const late = lines.filter((l) => metTarget(l.completeDueAt, l.completedAt) === false);
    expect(late.length / lines.length).toBeGreaterThan(0.02);
    expect(late.length / lines.length).toBeLessThan(0.25);
    for (const line of lines) expect(line.escalations.some((e) => e.kind === 'complete')).toBe(metTarget(line.completeDueAt, line.completedAt) === false);
  });

  it('rates mostly 8 to 10 with a tail of low ones, each low one with a comment', () => {
    const rated = planDemoHistory(masterData(), NOW).filter((r) => r.rating !== null);
    const high = rated.filter((r) => r.rating! >= 8).length;
    const low = rated.filter((r) => r.rating! <= 6);
    expect(high / rated.length).toBeGreaterThan(0.6);
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((r) => r.review)).toBe(true);
    expect(rated.every((r) => r.status === 'Completed')).toBe(true);
  });

  it('has rooms where the same fault comes back within thirty days', () => {
    const plan = planDemoHistory(masterData(), NOW);
    const ac = plan.filter((r) => r.roomId === 102 && r.lines.some((l) => l.serviceId === 11));
    expect(ac.length).toBeGreaterThanOrEqual(REPEAT_FAULT.count);
  });
});
