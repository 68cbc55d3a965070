import { z } from 'zod';
import type { StayChange } from '../stays/stays.service';

/**
 * The part of apaleo's reservation the stay needs, as the Booking API documents it
 * (api.apaleo.com/swagger, GET /booking/v1/reservations/{id} → ReservationModel):
 * `status` one of Confirmed | InHouse | CheckedOut | Canceled | NoShow; `property`
 * (EmbeddedPropertyModel: id); `unit` (EmbeddedUnitModel: id, name; absent until a unit
 * is assigned); `arrival` and `departure` (ISO 8601 date-times); `primaryGuest`
 * (GuestModel: firstName, lastName (required), email, preferredLanguage: ISO alpha-2).
 * Another system's answer: every string is capped, and fields not named are dropped.
 */
export const ApaleoReservation = z.object({
  id: z.string().min(1).max(100),
  status: z.string().max(30),
  property: z.object({ id: z.string().max(50) }),
  unit: z.object({ id: z.string().max(100), name: z.string().max(100).optional() }).optional(),
  arrival: z.string().max(40),
  departure: z.string().max(40),
  primaryGuest: z
    .object({
      firstName: z.string().max(200).optional(),
      lastName: z.string().max(200).optional(),
      email: z.string().max(254).optional(),
      preferredLanguage: z.string().max(10).optional(),
    })
    .optional(),
});
export type ApaleoReservation = z.infer<typeof ApaleoReservation>;

/** What to do with the reservation's state: a stay change, or nothing (not in house, and no stay open here to close). */
export type ReservationOutcome = { kind: 'change'; change: StayChange } | { kind: 'nothing' } | { kind: 'no-unit' };

/**
 * apaleo's truth onto the stay: in house → check-in (or, when the stay is already open
 * here, a move or a fresher copy of its details, which the room-move operation does);
 * checked out → check-out of an open stay. Any other status changes nothing.
 */
export function stayOutcome(reservation: ApaleoReservation, openHere: boolean): ReservationOutcome {
  const guest = reservation.primaryGuest ?? {};
  const name = [guest.firstName, guest.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ').slice(0, 200);
  const base = {
    stayId: reservation.id,
    // Never shortened: a cut name could match another room; a name the hotel has no room for is refused as unknown.
    roomNumber: (reservation.unit?.name ?? '').trim(),
    guest: { name: name || reservation.id, language: (guest.preferredLanguage ?? '').trim().toLowerCase(), email: (guest.email ?? '').trim() },
    arrival: reservation.arrival,
    departure: reservation.departure,
  };
  if (reservation.status === 'InHouse') {
    if (!base.roomNumber) return { kind: 'no-unit' };
    return { kind: 'change', change: { ...base, type: openHere ? 'room-move' : 'check-in' } };
  }
  if (reservation.status === 'CheckedOut' && openHere) return { kind: 'change', change: { ...base, type: 'check-out' } };
  return { kind: 'nothing' };
}
