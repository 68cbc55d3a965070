import type { CreateRequestForGuestInput, CreateRequestForGuestResponse, Language } from '@shared';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { localize } from '../../i18n/localize';
import type { Principal } from '../../security/tokens';
import { enqueueTrackingLink } from '../service-levels/guest-mail';
import { requestMessages as m } from './requests.messages';
import { fileRequest } from './requests.service';
import { canSeeRequest } from '../../access/scope';

/**
 * A request staff file for a room on a guest's behalf, taken by phone or at the desk. It
 * goes through the guest's own path (fileRequest): the same checks, clocks, alerts,
 * routing and escalation; only who may file it differs. A write follows the scope of its
 * read: the Request List shows a user the requests of their hotels (every line of them),
 * so they may file for those hotels only.
 */
export async function createForGuest(
  ctx: AppContext,
  user: Principal,
  input: CreateRequestForGuestInput,
  lang: Language,
): Promise<CreateRequestForGuestResponse> {
  if (!canSeeRequest(user, { hotelId: input.hotelId })) throw new AppError(403, m.hotelOutOfScope);
  const guestLanguage = input.guestLanguage ?? lang;
  // E-mail not set up: no link is e-mailed (the desk can show its QR instead).
  const emailLink = Boolean(input.emailLink && input.custEmail) && (await ctx.mailer.isSetUp());
  let linkEmailed = false;
  const created = await fileRequest(
    ctx,
    {
      channel: input.channel,
      hotelId: input.hotelId,
      roomId: input.roomId,
      custName: input.custName.trim(),
      custPhone: input.custPhone,
      custEmail: input.custEmail,
      note: input.note,
      services: input.services,
    },
    guestLanguage,
    {
      // Staff stand at the desk with the guest: the room is theirs to vouch for, no signed link needed.
      roomVerified: () => true,
      // The tracking link's e-mail is written with the request: it goes once filed, and is retried when refused.
      withRequest: emailLink
        ? async (tx, filed) => {
            linkEmailed = await enqueueTrackingLink(ctx, tx, filed.id);
          }
        : undefined,
    },
  );
  if (linkEmailed) ctx.outbound.nudge();
  return { message: localize(m.filedForGuest, lang, { code: created.requestCode }), id: created.id, linkEmailed };
}
