import { z } from 'zod';
import { Id, Timestamp } from './common';
import { LoginResponse } from './account';

/** How long the token of a sign-in's second step lives (seconds). */
export const TWO_FACTOR_TOKEN_TTL_SECONDS = 5 * 60;
/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * Login's answer when the password alone does not sign in: 'code' asks for a TOTP or
 * recovery code (LoginTwoFactor), 'enrol' allows only setting up two-factor sign-in
 * (the token is the bearer of TwoFactor/Setup and TwoFactor/Confirm, refused elsewhere).
 */
export const TwoFactorChallenge = z.object({
  twoFactor: z.enum(['code', 'enrol']),
  twoFactorToken: z.string(),
  expiresIn: z.number(),
  /** Present (true) when the hotel lets a device be remembered for REMEMBER_DEVICE_DAYS: the code step offers it. */
  rememberDevice: z.boolean().optional(),
});
export const LoginAnswer = z.union([LoginResponse, TwoFactorChallenge]);

/** A 6-digit code from the authenticator app, or a recovery code (xxxxx-xxxxx). */
export const TwoFactorCode = z.string().trim().min(1).max(32, { abort: true });
export const LoginTwoFactorInput = z.object({
  twoFactorToken: z.string().min(1).max(512),
  code: TwoFactorCode,
  /** "Remember this device": ignored unless the hotel allows it. */
  rememberDevice: z.boolean().optional(),
});
/** How long a remembered device skips the code step. */
export const REMEMBER_DEVICE_DAYS = 30;

export const TwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
/** The secret to add to an authenticator app: typed by hand, or as the otpauth:// URI a QR code carries. */
export const TwoFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string() });
export const TwoFactorConfirmInput = z.object({ code: TwoFactorCode });
/** The recovery codes, shown once; `session` when the enrolment was the second step of a sign-in. */
export const TwoFactorConfirmed = z.object({ recoveryCodes: z.array(z.string()), session: LoginResponse.optional() });

export const RoleTwoFactorInput = z.object({ roleId: Id, requireTwoFactor: z.boolean() });

export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'two-factor-failed',
  'two-factor-enrolled',
  'two-factor-reset',
  'recovery-code-used',
  'passkey-added',
  'passkey-removed',
  'passkey-sign-in',
  'sso-sign-in',
  'sso-link',
  'sso-refused',
  'session-ended',
  'all-sessions-ended',
] as const;
export const SecurityEventKind = z.enum(SECURITY_EVENT_KINDS);
export const SecurityEvent = z.object({
  id: z.number(),
  at: Timestamp,
  kind: SecurityEventKind,
  email: z.string(),
  /** Who did it when not the user themselves (an Admin's reset). */
  actorEmail: z.string().nullable(),
  ip: z.string(),
});
export const SECURITY_EVENTS_MAX_PAGE = 500;
export const SecurityEventsQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(SECURITY_EVENTS_MAX_PAGE).default(50),
});
export const SecurityEventsPage = z.object({ items: z.array(SecurityEvent), total: z.number() });

export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;
export type LoginAnswer = z.infer<typeof LoginAnswer>;
export type LoginTwoFactorInput = z.infer<typeof LoginTwoFactorInput>;
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;
export type TwoFactorConfirmed = z.infer<typeof TwoFactorConfirmed>;
export type SecurityEvent = z.infer<typeof SecurityEvent>;
export type SecurityEventKind = z.infer<typeof SecurityEventKind>;
export type SecurityEventsPage = z.infer<typeof SecurityEventsPage>;
