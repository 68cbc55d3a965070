import { describe, expect, it } from 'vitest';
import type { WorkTask } from '@shared';
import { workEventsOf } from '../../../server/src/modules/work/work-events';
import { chained } from '../../../work-web/src/outbox';
import { fitWithin } from '../../../work-web/src/photo';
import type { OutboxItem } from '../../../work-web/src/store';
import { minutesLeft, taskView, waitingForAccept } from '../../../work-web/src/task-view';

const task = (over: Partial<WorkTask> = {}): WorkTask => ({
  lineId: 1,
  requestCode: 'R1',
  roomNumber: '101',
  hotelName: 'Hotel',
  serviceNameEn: 'Towels',
  serviceNameAr: 'مناشف',
  guestName: 'Layla',
  guestNote: '',
  status: 'Assigned',
  createdAt: '2026-01-01T10:00:00.000Z',
  ageMinutes: 5,
  dueAt: null,
  isOverdue: false,
  acceptedAt: null,
  startedAt: null,
  version: '2026-01-01T10:00:00.000Z',
  messages: [],
  ...over,
});
const item = (over: Partial<OutboxItem>): OutboxItem => ({ key: 'tap-1', action: 'accept', lineId: 1, label: { service: 'Towels', room: '101' }, createdAt: 0, ...over });

describe("the worker's phone", () => {
  it('shows a waiting tap as done on the phone, and a task rings only until it is accepted', () => {
    const t = task();
    expect(taskView(t, [])).toEqual({ accepted: false, started: false, finished: false, pending: [] });
    expect(taskView(t, [item({ action: 'accept' }), item({ action: 'start' })])).toMatchObject({ accepted: true, started: true, finished: false });
    expect(taskView(task({ acceptedAt: 'x', startedAt: 'x' }), [item({ action: 'done' })]).finished).toBe(true);
    expect(waitingForAccept([t, task({ lineId: 2, acceptedAt: 'x' })], [])).toEqual([t]);
    expect(waitingForAccept([t], [item({ action: 'accept' })])).toEqual([]);
  });

  it("sends a tap behind another waiting one on the same line without the line's old version", () => {
    const tap = { action: 'start' as const, lineId: 1, version: 'v1', label: { service: 'Towels', room: '101' } };
    expect(chained(tap, []).version).toBe('v1');
    expect(chained(tap, [item({ lineId: 2 })]).version).toBe('v1');
    expect(chained(tap, [item({ lineId: 1 })]).version).toBeUndefined();
  });

  it('counts minutes left to the due time, negative when overdue', () => {
    const now = Date.parse('2026-01-01T10:00:00.000Z');
    expect(minutesLeft({ dueAt: null }, now)).toBeNull();
    expect(minutesLeft({ dueAt: '2026-01-01T10:15:30.000Z' }, now)).toBe(15);
    expect(minutesLeft({ dueAt: '2026-01-01T09:59:00.000Z' }, now)).toBe(-1);
  });

  it("resizes a camera photo to at most 1280 px on its longer side, never up", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe("the phone's event stream", () => {
  const event = { departmentIds: [7], at: '2026-01-01T10:00:00.000Z' };
  const line = (over: Partial<{ id: number; workerId: number | null; departmentId: number | null; status: 'Open' | 'Assigned' | 'Completed' | 'Rejected' }>) => ({
    id: 1,
    workerId: null,
    departmentId: 7,
    status: 'Open' as const,
    ...over,
  });

  it("tells a worker of its own line, and of one that leaves it, but never of another worker's", () => {
    const known = new Set<number>();
    expect(workEventsOf([line({ workerId: 5, status: 'Assigned' })], event, 5, known, undefined)).toEqual([{ type: 'task', data: { lineId: 1, at: event.at } }]);
    expect(known.has(1)).toBe(true);
    expect(workEventsOf([line({ id: 2, workerId: 6, status: 'Assigned' })], event, 5, known, undefined)).toEqual([]);
    // Closed by the desk: the phone hears it once, to drop the task.
    expect(workEventsOf([line({ workerId: 5, status: 'Completed' })], event, 5, known, undefined)).toEqual([{ type: 'task', data: { lineId: 1, at: event.at } }]);
    expect(known.has(1)).toBe(false);
    expect(workEventsOf([line({ workerId: 5, status: 'Completed' })], event, 5, known, undefined)).toEqual([]);
  });

  it("tells the pool of its department's lines only", () => {
    expect(workEventsOf([line({})], event, 5, new Set(), 7)).toEqual([{ type: 'pool', data: { lineId: 1, at: event.at } }]);
    expect(workEventsOf([line({ departmentId: 8 })], { ...event, departmentIds: [8] }, 5, new Set(), 7)).toEqual([]);
  });
});
