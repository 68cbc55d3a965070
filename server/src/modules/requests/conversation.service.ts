import { LINE_WRITE_CLAIMS, type Language, type MessageResponse, type ServiceMessageInput } from '@shared';
import type { AppContext } from '../../context';
import { conflict, forbidden, notFound } from '../../http/errors';
import { localize } from '../../i18n/localize';
import type { Principal } from '../../security/tokens';
import { byKey, byUser } from '../../security/actor';
import { threadReplyViolation } from '@shared';
import { announce } from './live-events';
import { insertMessage } from './messages.repository';
import { iso } from './requests.mappers';
import { requestMessages as m, violationMessages } from './requests.messages';
import { lockLine, updateLine } from './requests.repository';
import { canSeeLine } from '../../access/scope';
import { recordLineChanged, recordMessageAdded } from '../integrations/webhooks/outbox';
import { requestStatusOf } from './request-status';
import { lineStatuses } from './requests.repository';

/** Staff answering the guest on a line, or leaving a note for colleagues. */

export async function addMessage(ctx: AppContext, user: Principal, input: ServiceMessageInput, lang: Language): Promise<MessageResponse> {
  if (!LINE_WRITE_CLAIMS.some((claim) => user.claims.includes(claim))) throw forbidden();
  const { kind } = input;
  const text = input.text.trim();
  const at = ctx.clock.now();
  const { line, acknowledges, id } = await ctx.database.db.transaction(async (tx) => {
    // Locked, so a reply and a Complete sent at once are served in turn: no reply lands on a closed line.
    const line = await lockLine(tx, input.requestDetailsId);
    if (!line || !canSeeLine(user, line)) throw notFound(m.lineNotFound);
    // A note is for colleagues and may follow a line after it closed; a reply goes out while the line is open.
    const violation = kind === 'reply' ? threadReplyViolation(line) : null;
    if (violation) throw conflict(violationMessages[violation]);
    // Whoever answers the guest has seen the line: the first reply acknowledges it, as assigning a worker does.
    const acknowledges = kind === 'reply' && line.acknowledgedAt === null;
    if (acknowledges) {
      await updateLine(tx, line.id, { acknowledgedAt: at, acknowledgedBy: byUser(user), acknowledgedByKey: byKey(user) }, at);
      await recordLineChanged(ctx, tx, { ...line, acknowledgedAt: at }, 'acknowledge', requestStatusOf(await lineStatuses(tx, line.requestId)), at);
    }
    const id = await insertMessage(tx, { lineId: line.id, kind, text, userId: byUser(user), apiKeyId: byKey(user), at });
    await recordMessageAdded(ctx, tx, line, { id, kind, text }, at);
    return { line, acknowledges, id };
  });
  const aboutLine = {
    requestId: line.requestId,
    requestCode: line.requestCode,
    hotelId: line.hotelId,
    departmentIds: [line.departmentId],
    lineId: line.id,
    statusName: line.status,
    at: iso(at),
  };
  if (acknowledges) await announce(ctx, { type: 'line-acknowledged', ...aboutLine });
  await announce(ctx, { type: 'message-added', ...aboutLine, internal: kind === 'note' });
  return { message: localize(kind === 'note' ? m.noteAdded : m.replySent, lang), id };
}
