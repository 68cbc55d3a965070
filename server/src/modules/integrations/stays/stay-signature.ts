import { createHmac, timingSafeEqual } from 'node:crypto';

/** `v1=` + hex HMAC-SHA256 of `<timestamp>.<raw body>`: the body as sent, byte for byte. */
export function staySignature(secret: string, timestamp: string, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export function signatureMatches(secret: string, timestamp: string, rawBody: string, given: string | undefined): boolean {
  if (!given || given.length > 200) return false;
  const expected = Buffer.from(staySignature(secret, timestamp, rawBody));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Whether a Unix-seconds timestamp is within `toleranceSeconds` of now (either side: clocks drift). */
export function timestampFresh(timestamp: string | undefined, now: Date, toleranceSeconds: number): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - now.getTime() / 1000) <= toleranceSeconds;
}
