import { z } from 'zod';
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, hasControlCharacters } from '../patterns';

/** `abort`: a too-long string never reaches the pattern (by default zod runs every check). */
export const Email = z
  .string()
  .trim()
  .max(254, { abort: true })
  .regex(EMAIL_PATTERN, { message: 'email' })
  // The pattern refuses spaces but not bidi overrides or zero-width characters.
  .refine((s) => !hasControlCharacters(s), { message: 'email' });

export const LoginInput = z.object({
  email: Email,
  password: z.string().min(1).max(1024),
  /** A device remembered at an earlier code step ("Remember this device"): the code step is skipped. */
  deviceTrustToken: z.string().max(512).optional(),
});
export const LoginResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** `Section.Item` for every item the user may view: drives menu and routes. */
  permissions: z.array(z.string()),
  /** Every `Section.Item.Action` claim held, so the UI can hide what the user cannot do. */
  claims: z.array(z.string()),
  userRoles: z.array(z.string()),
  userName: z.string(),
  userEmail: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number(),
  /** Given once, when the code step asked to remember this device: the client keeps it for its next sign-ins. */
  deviceTrustToken: z.string().optional(),
});

export const RefreshTokenInput = z.object({
  accessToken: z.string().max(4096).optional().default(''),
  refreshToken: z.string().min(1).max(512),
});
export const RefreshTokenResponse = z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number() });

export const LogoutInput = z.object({ refreshToken: z.string().max(512).optional() });
export const ForgotPasswordInput = z.object({ email: Email });
export const ResetPasswordInput = z.object({
  email: Email,
  token: z.string().min(1).max(512),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(256),
});

export type LoginInput = z.infer<typeof LoginInput>;
export type LoginResponse = z.infer<typeof LoginResponse>;
export type RefreshTokenInput = z.infer<typeof RefreshTokenInput>;
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponse>;
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;
