import { describe, expect, it } from 'vitest';
import { ApaleoReservation, stayOutcome } from '../../../server/src/modules/integrations/apaleo/apaleo-reservation';

const base = ApaleoReservation.parse({
  id: 'XPGMSXGF-1',
  status: 'InHouse',
  property: { id: 'MUC', code: 'MUC', name: 'Munich' },
  unit: { id: 'MUC-101', name: '101', description: 'Single', unitGroupId: 'MUC-SGL' },
  arrival: '2026-11-27T15:00:00+01:00',
  departure: '2026-11-30T11:00:00+01:00',
  primaryGuest: { firstName: ' Layla ', lastName: 'Hassan', email: 'layla@example.com', preferredLanguage: 'AR' },
  totalGrossAmount: { amount: 320, currency: 'EUR' },
});

/** apaleo's reservation onto the stay operations: which one, and with what. */
describe('apaleo reservation → stay change', () => {
  it('an in-house reservation checks in, or moves a stay already open here', () => {
    expect(stayOutcome(base, false)).toEqual({
      kind: 'change',
      change: {
        type: 'check-in',
        stayId: 'XPGMSXGF-1',
        roomNumber: '101',
        guest: { name: 'Layla Hassan', language: 'ar', email: 'layla@example.com' },
        arrival: '2026-11-27T15:00:00+01:00',
        departure: '2026-11-30T11:00:00+01:00',
      },
    });
    expect(stayOutcome({ ...base, unit: { id: 'MUC-102', name: '102' } }, true)).toMatchObject({ kind: 'change', change: { type: 'room-move', roomNumber: '102' } });
  });

  it('in house without a unit is refused; checked out closes only a stay open here; other statuses change nothing', () => {
    expect(stayOutcome({ ...base, unit: undefined }, false)).toEqual({ kind: 'no-unit' });
    expect(stayOutcome({ ...base, status: 'CheckedOut' }, true)).toMatchObject({ kind: 'change', change: { type: 'check-out' } });
    expect(stayOutcome({ ...base, status: 'CheckedOut' }, false)).toEqual({ kind: 'nothing' });
    for (const status of ['Confirmed', 'Canceled', 'NoShow']) expect(stayOutcome({ ...base, status }, true)).toEqual({ kind: 'nothing' });
  });

  it('a guest with only a last name, or none, still gets a name', () => {
    expect(stayOutcome({ ...base, primaryGuest: { lastName: 'Hassan' } }, false)).toMatchObject({ change: { guest: { name: 'Hassan', language: '', email: '' } } });
    expect(stayOutcome({ ...base, primaryGuest: undefined }, false)).toMatchObject({ change: { guest: { name: 'XPGMSXGF-1' } } });
  });

  it('caps what apaleo sends before it is used', () => {
    expect(ApaleoReservation.safeParse({ ...base, unit: { id: 'x', name: '1'.repeat(10_000) } }).success).toBe(false);
    expect(ApaleoReservation.safeParse({ ...base, primaryGuest: { lastName: 'L'.repeat(10_000) } }).success).toBe(false);
  });
});
