import type { AppContext } from '../../context';
import type { Localized } from '../../i18n/localize';
import { mailFailureKindOf, mailFailures } from '../../mail/mail-failure';
import { expireOtherPasswordTokens, markPasswordTokenFailed } from '../sign-in/sign-in.repository';
import { type IssuedLink, issuePasswordLink, sendPasswordLink, type LinkRecipient } from '../sign-in/password-links';

/** On failure, why in plain words (never the SMTP server's own text). */
export type InvitationResult = { sent: true } | { sent: false; reason: Localized };

/**
 * A fresh single-use invitation: every earlier link of the user stops working first, so
 * at most one is ever usable and the list's state describes that one.
 */
async function freshInvitation(ctx: AppContext, user: LinkRecipient, delivery: 'email' | 'link', issuedBy: number): Promise<IssuedLink> {
  return ctx.database.db.transaction(async (tx) => {
    await expireOtherPasswordTokens(tx, user.id);
    return issuePasswordLink(ctx, tx, user, 'invite', { delivery, issuedBy });
  });
}

/**
 * E-mails a fresh invitation (7 days) in the user's language. Call it after the user's
 * row is committed. It never throws: a mail failure must not undo the user; the link is
 * recorded as failed with the reason, so the list shows it and the admin can resend or
 * copy the link instead. `issuedBy` is the administrator it goes out for: the link
 * works only while the user holds nothing beyond their rights.
 */
export async function inviteUser(ctx: AppContext, user: LinkRecipient, issuedBy: number): Promise<InvitationResult> {
  let tokenId: number | undefined;
  try {
    const issued = await freshInvitation(ctx, user, 'email', issuedBy);
    tokenId = issued.tokenId;
    await sendPasswordLink(ctx, user, 'invite', issued.link);
    return { sent: true };
  } catch (error) {
    const kind = mailFailureKindOf(error);
    if (tokenId !== undefined) await markPasswordTokenFailed(ctx.database.db, tokenId, kind).catch(() => undefined);
    return { sent: false, reason: mailFailures[kind] };
  }
}

/**
 * The link an invitation e-mail would carry, for an administrator to pass on by other
 * means. It is a credential: made fresh for this call (the earlier links stop working),
 * answered once and never logged or listed.
 */
export function invitationLink(ctx: AppContext, user: LinkRecipient, issuedBy: number): Promise<IssuedLink> {
  return freshInvitation(ctx, user, 'link', issuedBy);
}
