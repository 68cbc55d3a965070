import { clientAddressKey } from '../../http/client-address';
import { type GuestMessageInput, type Language, type MessageResponse, threadReplyViolation } from '@shared';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { localize } from '../../i18n/localize';
import { guestMessageMessages as gm } from './guest-messages.messages';
import { announcing } from '../../live/announce';
import { insertMessage } from './messages.repository';
import { isUuid, iso } from './requests.mappers';
import { requestMessages as m } from './requests.messages';
import { lineSummary, lockLine, updateLine } from './requests.repository';
import { stayEnded } from '../integrations/stays/stays.repository';
import { stayMessages } from '../integrations/stays/stays.messages';

/** The guest's answer on a line of their request, from the tracking page (no login: the request id is the key). */

const WINDOW_SECONDS = 600;
/** How many characters of the guest's message a desk's toast shows. */
const PREVIEW_CHARS = 60;

export async function addGuestMessage(ctx: AppContext, input: GuestMessageInput, ip: string, lang: Language): Promise<MessageResponse> {
  const { config } = ctx;
  // The address first: a stranger guessing request ids is held back before any lookup.
  if (config.rateLimitsEnabled) await ctx.rateLimiter.hit(`guest-message:${clientAddressKey(ip)}`, config.guestMessageAddressLimit, WINDOW_SECONDS);
  if (!isUuid(input.id)) throw notFound(m.requestNotFound);
  if (config.rateLimitsEnabled) await ctx.rateLimiter.hit(`guest-message-request:${input.id.toLowerCase()}`, config.guestMessageRequestLimit, WINDOW_SECONDS);
  const text = input.text.trim();
  const at = ctx.clock.now();
  return announcing(ctx, async (tx, announce) => {
    // Locked, so a message and a Complete sent at once are served in turn: none lands on a closed line.
    const line = await lockLine(tx, input.requestDetailsId);
    // Another request's line answers like an unknown one: the guest learns nothing of it.
    if (!line || line.requestId.toLowerCase() !== input.id.toLowerCase()) throw notFound(gm.lineNotInRequest);
    if (threadReplyViolation(line)) throw conflict(gm.lineClosed);
    if (await stayEnded(tx, line.requestId)) throw conflict(stayMessages.guestCheckedOut);
    const id = await insertMessage(tx, { lineId: line.id, kind: 'guest', text, at });
    await updateLine(tx, line.id, { guestUnreadAt: at }, at);
    const summary = await lineSummary(tx, line.id);
    const preview = text.replace(/\s+/g, ' ');
    await announce({
      type: 'live',
      live: {
        type: 'guest-message',
        requestId: line.requestId,
        requestCode: line.requestCode,
        hotelId: line.hotelId,
        departmentIds: [line.departmentId],
        lineId: line.id,
        statusName: line.status,
        at: iso(at),
        guestMessage: { ...summary, preview: preview.length > PREVIEW_CHARS ? `${preview.slice(0, PREVIEW_CHARS).replace(/\s+\S*$/, '')}…` : preview },
      },
    });
    return { message: localize(gm.sent, lang), id };
  });
}
