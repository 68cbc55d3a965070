import { z } from 'zod';
import { Id, Timestamp } from './common';

/**
 * One signed-in device of a staff user: a refresh-token family, from the sign-in that
 * began it to its latest renewal. `current` marks the session of the caller's own token.
 */
export const SignedInDevice = z.object({
  id: z.string(),
  kind: z.enum(['desktop', 'browser']),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
  current: z.boolean(),
});
export const SignedInDevices = z.array(SignedInDevice);

/** A session id is a UUID; anything longer is refused before it is looked at. */
const SessionId = z.string().max(64, { abort: true }).uuid();
export const EndSessionInput = z.object({ sessionId: SessionId });
export const UserSessionsQuery = z.object({ userId: Id });
/** Without `sessionId` every session of the user ends (and any device remembered for two-factor). */
export const EndUserSessionsInput = z.object({ userId: Id, sessionId: SessionId.optional() });

export type SignedInDevice = z.infer<typeof SignedInDevice>;
export type EndSessionInput = z.infer<typeof EndSessionInput>;
export type EndUserSessionsInput = z.infer<typeof EndUserSessionsInput>;
