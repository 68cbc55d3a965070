import type { Principal } from '../../security/tokens';

/**
 * Who sees what (DESIGN): an admin sees everything; other staff see the requests of
 * their hotels, and the service lines of their departments within those hotels.
 * A line that has no department yet (a Special Request waiting for one) is visible
 * to every user of its hotel, or nobody could hand it to a department.
 */
export type Scope = Pick<Principal, 'isAdmin' | 'hotelIds' | 'departmentIds'>;

export function canSeeRequest(user: Scope, request: { hotelId: number }): boolean {
  return user.isAdmin || user.hotelIds.includes(request.hotelId);
}

export function canSeeLine(user: Scope, line: { hotelId: number; departmentId: number | null }): boolean {
  if (user.isAdmin) return true;
  if (!user.hotelIds.includes(line.hotelId)) return false;
  return line.departmentId === null || user.departmentIds.includes(line.departmentId);
}
