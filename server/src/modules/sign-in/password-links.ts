import type { Language } from '@shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { localize } from '../../i18n/localize';
import type { MailMessage } from '../../mail/mailer';
import { newOpaqueToken } from '../../security/tokens';
import { signInMail } from './sign-in.mail';
import { insertPasswordToken } from './sign-in.repository';

export type PasswordTokenPurpose = 'invite' | 'reset';

/** How long a link stays usable: an invitation waits for the new user, a reset is done at once. */
export const PASSWORD_TOKEN_TTL_SECONDS: Record<PasswordTokenPurpose, number> = {
  invite: 7 * 24 * 3600,
  reset: 3600,
};

export interface LinkRecipient {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The e-mail is written, and the link's page opens, in this language. */
  language: Language;
}

export interface IssuedLink {
  link: string;
  tokenId: number;
  expiresAt: Date;
}

/**
 * Stores a single-use token (only its hash) and returns the link the user follows.
 * `delivery` records how it goes out ('link': handed to an administrator, no e-mail);
 * `issuedBy` the administrator it went out for (none: the user asked for it).
 */
export async function issuePasswordLink(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  db: DbOrTx,
  user: LinkRecipient,
  purpose: PasswordTokenPurpose,
  options: { now?: Date; delivery?: 'email' | 'link'; issuedBy?: number } = {},
): Promise<IssuedLink> {
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date((options.now ?? ctx.clock.now()).getTime() + PASSWORD_TOKEN_TTL_SECONDS[purpose] * 1000);
  const tokenId = await insertPasswordToken(db, { userId: user.id, purpose, tokenHash: hash, expiresAt, delivery: options.delivery ?? 'email', issuedBy: options.issuedBy ?? null });
  return { link: passwordLink(ctx.config.publicUrl, user.email, token, user.language), tokenId, expiresAt };
}

export async function createPasswordLink(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  db: DbOrTx,
  user: LinkRecipient,
  purpose: PasswordTokenPurpose,
  now = ctx.clock.now(),
): Promise<string> {
  return (await issuePasswordLink(ctx, db, user, purpose, { now })).link;
}

/**
 * The reset screen's address (SPEC §1: /Dashboard/ResetPassword reads email and token);
 * `lang` opens the page in the recipient's language.
 */
export function passwordLink(publicUrl: string, email: string, token: string, lang?: Language): string {
  const query = new URLSearchParams({ email, token, ...(lang ? { lang } : {}) });
  return `${publicUrl}/Dashboard/ResetPassword?${query.toString()}`;
}

/** The e-mail of a link, in the user's language. */
export function passwordLinkMail(user: LinkRecipient, purpose: PasswordTokenPurpose, link: string): MailMessage {
  const lang = user.language;
  const texts = purpose === 'invite' ? signInMail.invite : signInMail.reset;
  const params = { name: `${user.firstName} ${user.lastName}`.trim(), link, hours: PASSWORD_TOKEN_TTL_SECONDS[purpose] / 3600 };
  return { to: user.email, subject: localize(texts.subject, lang, params), text: localize(texts.body, lang, params) };
}

/** E-mails a link in the user's language; throws what the mailer throws. */
export async function sendPasswordLink(
  ctx: Pick<AppContext, 'mailer' | 'config'>,
  user: LinkRecipient,
  purpose: PasswordTokenPurpose,
  link: string,
): Promise<string> {
  return ctx.mailer.send(passwordLinkMail(user, purpose, link));
}
