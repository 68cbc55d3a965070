import type { Listener, LineForEvent } from '../../../live/announce';
import { recordWebhookEvent } from './outbox';
import { lineChangedData, requestCreatedData } from './event-data.repository';

/**
 * The webhooks' listener of a committed change: the event each subscription that wants it is
 * sent, stored in the change's transaction (the outbox), delivered later by the dispatcher.
 */
export const webhookListener: Listener = async (ctx, tx, change) => {
  switch (change.type) {
    case 'request.created':
      return recordWebhookEvent(ctx, tx, 'request.created', change, () => requestCreatedData(tx, change.requestId), change.at);
    case 'line.changed': {
      const { line, change: kind, requestStatus } = change;
      const scope = { hotelId: line.hotelId, requestId: line.requestId };
      // A line told by reference only is read as the change left it, and only when a subscription wants it.
      if (!('status' in line)) return recordWebhookEvent(ctx, tx, 'line.changed', scope, () => lineChangedData(tx, line.id, kind, requestStatus), change.at);
      return recordWebhookEvent(ctx, tx, 'line.changed', scope, lineChanged(line, kind, requestStatus), change.at);
    }
    case 'message.added': {
      const { line, message } = change;
      return recordWebhookEvent(
        ctx,
        tx,
        'message.added',
        { hotelId: line.hotelId, requestId: line.requestId, internal: message.kind === 'note' },
        { requestId: line.requestId, requestCode: line.requestCode, hotelId: line.hotelId, lineId: line.id, messageId: message.id, kind: message.kind, text: message.text },
        change.at,
      );
    }
    case 'line.overdue': {
      const { line, target, dueAt } = change;
      const ref = { requestId: line.requestId, requestCode: line.requestCode, hotelId: line.hotelId };
      return recordWebhookEvent(ctx, tx, 'line.overdue', ref, { ...ref, lineId: line.id, target, dueAt: dueAt.toISOString() }, change.at);
    }
    case 'review.added': {
      const ref = { requestId: change.requestId, requestCode: change.requestCode, hotelId: change.hotelId };
      return recordWebhookEvent(ctx, tx, 'review.added', change, { ...ref, rating: change.rating, feedback: change.feedback }, change.at);
    }
  }
};

function lineChanged(line: LineForEvent, change: Parameters<typeof lineChangedData>[2], requestStatus: Parameters<typeof lineChangedData>[3]) {
  return {
    requestId: line.requestId,
    requestCode: line.requestCode,
    hotelId: line.hotelId,
    lineId: line.id,
    change,
    status: line.status,
    requestStatus,
    departmentId: line.departmentId,
    workerId: line.workerId,
    acknowledgedAt: line.acknowledgedAt?.toISOString() ?? null,
  };
}
