import { LINE_WRITE_CLAIMS, type Language, type MessageResponse, type ServiceMessageInput } from '@shared';
import type { AppContext } from '../../context';
import { conflict, forbidden, notFound } from '../../http/errors';
import { localize } from '../../i18n/localize';
import type { Principal } from '../../security/tokens';
import { byKey, byUser } from '../../security/actor';
import { threadReplyViolation } from '@shared';
import { insertMessage } from './messages.repository';
import { iso } from './requests.mappers';
import { requestMessages as m, violationMessages } from './requests.messages';
import { lockLine, updateLine } from './requests.repository';
import { canSeeLine } from '../../access/scope';
import { announcing } from '../../live/announce';
import { requestStatusOf } from './request-status';
import { lineStatuses } from './requests.repository';

/** Staff answering the guest on a line, or leaving a note for colleagues. */

export async function addMessage(ctx: AppContext, user: Principal, input: ServiceMessageInput, lang: Language): Promise<MessageResponse> {
  if (!LINE_WRITE_CLAIMS.some((claim) => user.claims.includes(claim))) throw forbidden();
  const { kind } = input;
  const text = input.text.trim();
  const at = ctx.clock.now();
  const id = await announcing(ctx, async (tx, announce) => {
    // Locked, so a reply and a Complete sent at once are served in turn: no reply lands on a closed line.
    const line = await lockLine(tx, input.requestDetailsId);
    if (!line || !canSeeLine(user, line)) throw notFound(m.lineNotFound);
    // A note is for colleagues and may follow a line after it closed; a reply goes out while the line is open.
    const violation = kind === 'reply' ? threadReplyViolation(line) : null;
    if (violation) throw conflict(violationMessages[violation]);
    // Whoever answers the guest has seen the line: the first reply acknowledges it, as assigning a worker does.
    const aboutLine = {
      requestId: line.requestId,
      requestCode: line.requestCode,
      hotelId: line.hotelId,
      departmentIds: [line.departmentId],
      lineId: line.id,
      statusName: line.status,
      at: iso(at),
    };
    if (kind === 'reply' && line.acknowledgedAt === null) {
      await updateLine(tx, line.id, { acknowledgedAt: at, acknowledgedBy: byUser(user), acknowledgedByKey: byKey(user) }, at);
      const requestStatus = requestStatusOf(await lineStatuses(tx, line.requestId));
      await announce({ type: 'line.changed', at, line: { ...line, acknowledgedAt: at }, change: 'acknowledge', requestStatus, live: { type: 'line-acknowledged', ...aboutLine } });
    }
    const id = await insertMessage(tx, { lineId: line.id, kind, text, userId: byUser(user), apiKeyId: byKey(user), at });
    await announce({ type: 'message.added', at, line, message: { id, kind, text }, live: { type: 'message-added', ...aboutLine, internal: kind === 'note' } });
    return id;
  });
  return { message: localize(kind === 'note' ? m.noteAdded : m.replySent, lang), id };
}
