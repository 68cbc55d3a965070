import type { Language } from '@shared';
import type { AppContext } from '../../context';
import type { Localized } from '../../i18n/localize';
import { mailFailureOf } from '../../mail/mail-failure';
import { createPasswordLink, sendPasswordLink, type LinkRecipient } from '../account/password-links';

/** On failure, why in plain words (never the SMTP server's own text). */
export type InvitationResult = { sent: true } | { sent: false; reason: Localized };

/**
 * Creates a single-use invitation (7 days) and e-mails its set-password link.
 * Call it after the user's row is committed. It never throws: a mail failure must
 * not undo the user (the admin can invite again), so the caller reports `sent: false`.
 */
export async function inviteUser(ctx: AppContext, user: LinkRecipient, lang: Language): Promise<InvitationResult> {
  try {
    const link = await createPasswordLink(ctx, ctx.database.db, user, 'invite');
    await sendPasswordLink(ctx, user, 'invite', link, lang);
    return { sent: true };
  } catch (error) {
    return { sent: false, reason: mailFailureOf(error) };
  }
}
