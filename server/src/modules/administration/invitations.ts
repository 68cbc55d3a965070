import type { Language } from '@shared';
import type { AppContext } from '../../context';
import { createPasswordLink, sendPasswordLink, type LinkRecipient } from '../account/password-links';

export type InvitationResult = { sent: true; response: string } | { sent: false; error: string };

/**
 * Creates a single-use invitation (7 days) and e-mails its set-password link.
 * Call it after the user's row is committed. It never throws: a mail failure must
 * not undo the user (the admin can invite again), so the caller reports `sent: false`.
 */
export async function inviteUser(ctx: AppContext, user: LinkRecipient, lang: Language): Promise<InvitationResult> {
  try {
    const link = await createPasswordLink(ctx, ctx.database.db, user, 'invite');
    const response = await sendPasswordLink(ctx, user, 'invite', link, lang);
    return { sent: true, response };
  } catch (error) {
    return { sent: false, error: error instanceof Error ? error.message : String(error) };
  }
}
