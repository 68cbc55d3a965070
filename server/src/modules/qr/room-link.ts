import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed room links: the QR link of a room carries `sig=<version>.<mac>`, an HMAC of hotel
 * and room under a key derived from the server secret and the hotel's key version.
 * AddRequest sends it back (header x-room-signature); printing new codes moves the version on.
 */
const MAC_LENGTH = 22;
const SIGNATURE = /^(\d{1,6})\.([\w-]{22})$/;

function mac(secret: string, hotelId: number, roomId: number, version: number): string {
  // A key of its own, so a room-link MAC can never stand in for a token signed with the secret.
  const key = createHash('sha256').update(`room-links:${secret}`).digest();
  return createHmac('sha256', key).update(`${hotelId}:${roomId}:${version}`).digest('base64url').slice(0, MAC_LENGTH);
}

export function signRoomLink(secret: string, hotelId: number, roomId: number, version: number): string {
  return `${version}.${mac(secret, hotelId, roomId, version)}`;
}

/** Whether `signature` is this room's under the hotel's current key version. */
export function verifyRoomLink(secret: string, hotelId: number, roomId: number, version: number, signature: string | undefined): boolean {
  if (!signature || signature.length > 40) return false;
  const match = SIGNATURE.exec(signature);
  if (!match || Number(match[1]) !== version) return false;
  const expected = Buffer.from(mac(secret, hotelId, roomId, version));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
