import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, GUEST_LIVE_EVENT_TYPES, type LiveEvent, guestProjection } from '../../../shared';

const event: LiveEvent = {
  type: 'line-changed',
  requestId: 'r-1',
  requestCode: 'REQ-7',
  hotelId: 3,
  departmentIds: [4, null],
  lineId: 9,
  statusName: 'In Progress',
  at: '2026-11-27T04:00:00.000Z',
};

describe('live events contract', () => {
  it('the guest hears its own request, without hotel, department or code', () => {
    const seen = guestProjection(event, 'r-1');
    expect(seen).toEqual({ type: 'line-changed', requestId: 'r-1', lineId: 9, statusName: 'In Progress', at: event.at });
    expect(Object.keys(seen!)).not.toEqual(expect.arrayContaining(['hotelId']));
  });

  it('the guest hears nothing of another request, an internal note or an escalation', () => {
    expect(guestProjection(event, 'r-2')).toBeUndefined();
    expect(guestProjection({ ...event, type: 'message-added', internal: true }, 'r-1')).toBeUndefined();
    expect(guestProjection({ ...event, type: 'line-escalated' }, 'r-1')).toBeUndefined();
  });

  it('the guest stream names every event type but the staff-only ones (an escalation, a low rating alert)', () => {
    expect([...GUEST_LIVE_EVENT_TYPES].sort()).toEqual(EVENT_TYPES.filter((t) => t !== 'line-escalated' && t !== 'low-rating').sort());
  });
});
