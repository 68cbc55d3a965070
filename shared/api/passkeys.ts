import { z } from 'zod';
import { Id, Timestamp } from './common';

/** How long a passkey ceremony's challenge may be answered (seconds). */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;
export const PASSKEY_NAME_MAX = 60;
/** How many passkeys one user may keep. */
export const PASSKEYS_PER_USER_MAX = 20;

const B64Url = (max: number) => z.string().max(max, { abort: true }).regex(/^[A-Za-z0-9_-]*$/);

/**
 * The options the browser's WebAuthn call takes, as @simplewebauthn builds them. Their
 * shape belongs to the WebAuthn spec, so the contract names only the challenge.
 */
export const PasskeyOptions = z.looseObject({ challenge: z.string() });

const CredentialBase = {
  id: B64Url(1400),
  rawId: B64Url(1400),
  type: z.literal('public-key'),
  // The server asks for no extension but credProps (which the browser may report): any other is dropped.
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** navigator.credentials.create()'s answer, as @simplewebauthn/browser encodes it. */
export const PasskeyRegistrationResponse = z.object({
  ...CredentialBase,
  response: z.object({
    clientDataJSON: B64Url(8000),
    attestationObject: B64Url(64000),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: B64Url(8000).optional(),
    authenticatorData: B64Url(64000).optional(),
  }),
});

/** navigator.credentials.get()'s answer, as @simplewebauthn/browser encodes it. */
export const PasskeyAuthenticationResponse = z.object({
  ...CredentialBase,
  response: z.object({
    clientDataJSON: B64Url(8000),
    authenticatorData: B64Url(64000),
    signature: B64Url(2000),
    userHandle: B64Url(256).optional(),
  }),
});

export const PasskeyName = z.string().trim().min(1).max(PASSKEY_NAME_MAX, { abort: true });
export const PasskeyRegisterInput = z.object({ name: PasskeyName, response: PasskeyRegistrationResponse });
export const PasskeyLoginInput = z.object({ response: PasskeyAuthenticationResponse });

/**
 * The desktop app's passkey sign-in (Chromium refuses WebAuthn on the app's own scheme):
 * the ceremony runs in the system browser at `url`, the server's own login page, whose
 * fragment carries only the flow's public handle. `flowKey` stays in the app, and redeems
 * the exchange code the deep link brings back (at ssoComplete, as single sign-on's does).
 */
export const PasskeyDesktopStart = z.object({ url: z.string(), flowKey: z.string(), expiresIn: z.number() });
/** The browser page's answer: the handle of the flow it signs in for, and the passkey's signature. */
export const PasskeyDesktopLoginInput = z.object({ flow: z.string().min(1).max(128, { abort: true }).regex(/^[A-Za-z0-9_-]+$/), response: PasskeyAuthenticationResponse });
/** A one-time code for the app's deep link (hotel-desk://sso?code=…): worthless without the app's flow key. */
export const PasskeyDesktopCode = z.object({ exchangeCode: z.string() });

export const Passkey = z.object({
  id: Id,
  name: z.string(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp.nullable(),
  /** Synced to the user's other devices by its provider (iCloud Keychain, Google Password Manager). */
  backedUp: z.boolean(),
});

export type PasskeyOptions = z.infer<typeof PasskeyOptions>;
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponse>;
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponse>;
export type PasskeyRegisterInput = z.infer<typeof PasskeyRegisterInput>;
export type PasskeyLoginInput = z.infer<typeof PasskeyLoginInput>;
export type PasskeyDesktopStart = z.infer<typeof PasskeyDesktopStart>;
export type PasskeyDesktopLoginInput = z.infer<typeof PasskeyDesktopLoginInput>;
export type PasskeyDesktopCode = z.infer<typeof PasskeyDesktopCode>;
export type Passkey = z.infer<typeof Passkey>;
