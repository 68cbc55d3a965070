import { describe, expect, it } from 'vitest';
import {
  type RoutingCandidate,
  type RoutingLine,
  type RoutingRule,
  decide,
  isOnShift,
  parseClockTime,
  ruleFor,
  rosterCovers,
} from '../../../shared/routing';

/** A fixed clock: every decision below is made at this moment. */
const NOW = new Date('2026-03-04T10:00:00Z'); // a Wednesday, 13:00 in Riyadh
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

const rule = (over: Partial<RoutingRule> = {}): RoutingRule => ({
  id: 1,
  scope: 'service',
  scopeId: 10,
  autoRoute: true,
  departmentId: null,
  maxOpenTasks: 5,
  acceptMinutes: 3,
  maxReoffers: 2,
  ...over,
});
const line = (over: Partial<RoutingLine> = {}): RoutingLine => ({
  status: 'Open',
  departmentId: 7,
  isSpecial: false,
  zone: null,
  workerId: null,
  acceptedAt: null,
  routing: null,
  ...over,
});
const worker = (workerId: number, over: Partial<RoutingCandidate> = {}): RoutingCandidate => ({
  workerId,
  onShift: true,
  openTasks: 0,
  zones: [],
  idleSince: minutesAgo(10),
  ...over,
});

describe('which rule applies', () => {
  const rules = [
    { id: 1, scope: 'department' as const, scopeId: 7 },
    { id: 2, scope: 'group' as const, scopeId: 3 },
    { id: 3, scope: 'service' as const, scopeId: 10 },
  ];
  it('the service’s own, else its group’s, else its department’s, else none', () => {
    expect(ruleFor(rules, { serviceId: 10, serviceGroupId: 3, serviceDepartmentId: 7 })?.id).toBe(3);
    expect(ruleFor(rules, { serviceId: 11, serviceGroupId: 3, serviceDepartmentId: 7 })?.id).toBe(2);
    expect(ruleFor(rules, { serviceId: 11, serviceGroupId: 4, serviceDepartmentId: 7 })?.id).toBe(1);
    expect(ruleFor(rules, { serviceId: 11, serviceGroupId: 4, serviceDepartmentId: 8 })).toBeUndefined();
  });
});

describe('routing a new line', () => {
  it('does nothing without a rule or with auto-routing off (routing is off by default)', () => {
    expect(decide(line(), undefined, [worker(1)], NOW)).toEqual({ action: 'none' });
    expect(decide(line(), rule({ autoRoute: false }), [worker(1)], NOW)).toEqual({ action: 'none' });
  });

  it('goes to the on-shift worker with the fewest open tasks', () => {
    const d = decide(line(), rule(), [worker(1, { openTasks: 2 }), worker(2, { openTasks: 1 }), worker(3, { openTasks: 0, onShift: false })], NOW);
    expect(d).toMatchObject({ action: 'assign', workerId: 2, reason: 'load', reoffer: false });
  });

  it('breaks a tie for the worker idle longest (never busy first)', () => {
    expect(decide(line(), rule(), [worker(1, { idleSince: minutesAgo(5) }), worker(2, { idleSince: minutesAgo(50) })], NOW)).toMatchObject({ workerId: 2 });
    expect(decide(line(), rule(), [worker(1, { idleSince: minutesAgo(50) }), worker(2, { idleSince: null })], NOW)).toMatchObject({ workerId: 2 });
  });

  it('prefers a worker covering the room’s zone, even a busier one, and says so', () => {
    const d = decide(line({ zone: 'East' }), rule(), [worker(1), worker(2, { openTasks: 3, zones: ['East'] })], NOW);
    expect(d).toMatchObject({ action: 'assign', workerId: 2, reason: 'zone', detail: { zone: 'East', openTasks: 3 } });
    // Nobody covers the zone: the load decides.
    expect(decide(line({ zone: 'West' }), rule(), [worker(1), worker(2, { openTasks: 3, zones: ['East'] })], NOW)).toMatchObject({ workerId: 1, reason: 'load' });
  });

  it('passes by workers at the cap; waits, saying why, when nobody can take it', () => {
    expect(decide(line(), rule({ maxOpenTasks: 2 }), [worker(1, { openTasks: 2 }), worker(2, { openTasks: 1 })], NOW)).toMatchObject({ workerId: 2 });
    expect(decide(line(), rule({ maxOpenTasks: 2 }), [worker(1, { openTasks: 2 })], NOW)).toEqual({ action: 'wait', reason: 'all-at-cap', detail: { onShift: 1, atCap: 1 } });
    expect(decide(line(), rule(), [worker(1, { onShift: false })], NOW)).toMatchObject({ action: 'wait', reason: 'nobody-on-shift' });
    expect(decide(line(), rule(), [], NOW)).toMatchObject({ action: 'wait', reason: 'nobody-on-shift' });
  });

  it('a Special Request goes to the rule’s department, or waits for a person', () => {
    const special = line({ departmentId: null, isSpecial: true });
    expect(decide(special, rule({ departmentId: 9 }), [worker(1)], NOW)).toEqual({ action: 'department', departmentId: 9 });
    expect(decide(special, rule(), [worker(1)], NOW)).toMatchObject({ action: 'wait', reason: 'special-needs-person' });
  });

  it('leaves a person’s assignment, an accepted offer and closed or escalated lines alone', () => {
    expect(decide(line({ status: 'Assigned', workerId: 4 }), rule(), [worker(1)], NOW)).toEqual({ action: 'none' });
    const accepted = line({ status: 'Assigned', workerId: 1, acceptedAt: minutesAgo(5), routing: { state: 'offered', offeredWorkerIds: [1], offeredAt: minutesAgo(10) } });
    expect(decide(accepted, rule(), [worker(2)], NOW)).toEqual({ action: 'none' });
    expect(decide(line({ status: 'Completed' }), rule(), [worker(1)], NOW)).toEqual({ action: 'none' });
    expect(decide(line({ routing: { state: 'escalated', offeredWorkerIds: [1], offeredAt: null } }), rule(), [worker(2)], NOW)).toEqual({ action: 'none' });
  });

  it('does not give a line back to a worker who already had it', () => {
    const returned = line({ routing: { state: 'offered', offeredWorkerIds: [1], offeredAt: minutesAgo(1) } });
    expect(decide(returned, rule(), [worker(1), worker(2, { openTasks: 4 })], NOW)).toMatchObject({ workerId: 2 });
    expect(decide(returned, rule(), [worker(1)], NOW)).toMatchObject({ action: 'wait', reason: 'nobody-else' });
  });
});

describe('an offer not accepted', () => {
  const offered = (ids: number[], minutes: number) =>
    line({ status: 'Assigned', workerId: ids.at(-1)!, routing: { state: 'offered', offeredWorkerIds: ids, offeredAt: minutesAgo(minutes) } });
  const crew = [worker(1), worker(2), worker(3), worker(4)];

  it('stays with the worker until the accept time has passed', () => {
    expect(decide(offered([1], 2.99), rule(), crew, NOW)).toEqual({ action: 'none' });
  });

  it('then goes to the next worker, at most k times, then to the desk', () => {
    expect(decide(offered([1], 3), rule(), crew, NOW)).toMatchObject({ action: 'assign', workerId: 2, reoffer: true });
    expect(decide(offered([1, 2], 3), rule(), crew, NOW)).toMatchObject({ action: 'assign', workerId: 3, reoffer: true });
    expect(decide(offered([1, 2, 3], 3), rule(), crew, NOW)).toEqual({ action: 'escalate', reason: 'not-accepted', detail: { offers: 3 } });
    expect(decide(offered([1], 10), rule({ maxReoffers: 0 }), crew, NOW)).toMatchObject({ action: 'escalate', reason: 'not-accepted' });
    expect(decide(offered([1], 10), rule({ acceptMinutes: 15 }), crew, NOW)).toEqual({ action: 'none' });
  });

  it('goes to the desk at once when there is nobody else to offer it to', () => {
    expect(decide(offered([1], 5), rule(), [worker(1)], NOW)).toEqual({ action: 'escalate', reason: 'nobody-else', detail: { offers: 1 } });
  });
});

describe('who is on shift', () => {
  // Wednesday 13:00 in Riyadh (UTC+3); Wednesday 10:00 in UTC.
  const wed = 3;
  it('a roster row covers its hours in the hotel’s time zone', () => {
    expect(rosterCovers([{ weekday: wed, startMinute: 12 * 60, endMinute: 14 * 60 }], NOW, 'Asia/Riyadh')).toBe(true);
    expect(rosterCovers([{ weekday: wed, startMinute: 12 * 60, endMinute: 14 * 60 }], NOW, 'UTC')).toBe(false);
    expect(rosterCovers([{ weekday: wed - 1, startMinute: 12 * 60, endMinute: 14 * 60 }], NOW, 'Asia/Riyadh')).toBe(false);
  });

  it('a night shift runs past midnight into the next day', () => {
    const night = [{ weekday: 2, startMinute: 22 * 60, endMinute: 6 * 60 }];
    expect(rosterCovers(night, new Date('2026-03-04T01:00:00Z'), 'Asia/Riyadh')).toBe(true); // Wed 04:00
    expect(rosterCovers(night, new Date('2026-03-04T04:00:00Z'), 'Asia/Riyadh')).toBe(false); // Wed 07:00
    expect(rosterCovers(night, new Date('2026-03-03T19:30:00Z'), 'Asia/Riyadh')).toBe(true); // Tue 22:30
  });

  it('the worker’s switch (or the desk) beats the roster', () => {
    const roster = [{ weekday: wed, startMinute: 0, endMinute: 24 * 60 }];
    expect(isOnShift(null, roster, NOW, 'UTC')).toBe(true);
    expect(isOnShift('off', roster, NOW, 'UTC')).toBe(false);
    expect(isOnShift('on', [], NOW, 'UTC')).toBe(true);
  });

  it('reads times of day as HH:MM', () => {
    expect(parseClockTime('07:30')).toBe(450);
    expect(parseClockTime('24:00')).toBe(1440);
    for (const bad of ['7', '25:00', '12:60', 'noon', '']) expect(parseClockTime(bad)).toBeUndefined();
  });
});
