import { describe, expect, it } from 'vitest';
import { LINE_STATUSES, type LineStatus, isClosed } from '@shared';
import { OPEN_REQUEST_STATUSES, requestStatusOf } from '../../../server/src/modules/requests/request-status';
import { canSeeLine, canSeeRequest } from '../../../server/src/access/scope';

describe('the request status follows its lines (DESIGN)', () => {
  it.each([
    [['Open', 'Open'], 'Open'],
    [['Open', 'Assigned'], 'In Progress'],
    [['Open', 'Completed'], 'In Progress'],
    [['Rejected', 'Open'], 'In Progress'],
    [['Assigned', 'Assigned'], 'In Progress'],
    [['Completed', 'Rejected'], 'Completed'],
    [['Completed', 'Completed'], 'Completed'],
    [['Rejected', 'Rejected'], 'Rejected'],
    [['Rejected'], 'Rejected'],
  ] as const)('%j → %s', (lines, expected) => {
    expect(requestStatusOf(lines)).toBe(expected);
  });
});

describe('a request has an open line exactly when its status is one of OPEN_REQUEST_STATUSES', () => {
  it('for every request of one to three lines in any statuses', () => {
    const requests: LineStatus[][] = [];
    for (const a of LINE_STATUSES) {
      requests.push([a]);
      for (const b of LINE_STATUSES) {
        requests.push([a, b]);
        for (const c of LINE_STATUSES) requests.push([a, b, c]);
      }
    }
    for (const lines of requests) {
      const hasOpenLine = lines.some((s) => !isClosed(s));
      expect((OPEN_REQUEST_STATUSES as readonly string[]).includes(requestStatusOf(lines)), lines.join(',')).toBe(hasOpenLine);
    }
  });
});

describe('staff scope', () => {
  const clerk = { isAdmin: false, hotelIds: [1], departmentIds: [10] };
  it('sees requests of its hotels only; an admin sees all', () => {
    expect(canSeeRequest(clerk, { hotelId: 1 })).toBe(true);
    expect(canSeeRequest(clerk, { hotelId: 2 })).toBe(false);
    expect(canSeeRequest({ ...clerk, isAdmin: true }, { hotelId: 2 })).toBe(true);
  });
  it('sees lines of its departments in its hotels, and lines still waiting for a department', () => {
    expect(canSeeLine(clerk, { hotelId: 1, departmentId: 10 })).toBe(true);
    expect(canSeeLine(clerk, { hotelId: 1, departmentId: 11 })).toBe(false);
    expect(canSeeLine(clerk, { hotelId: 1, departmentId: null })).toBe(true);
    expect(canSeeLine(clerk, { hotelId: 2, departmentId: 10 })).toBe(false);
  });
});
