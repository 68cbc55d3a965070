import type { Listener } from '../../live/announce';
import { queueAssigned, queueOffered } from './push.service';

/**
 * The phones' listener of a committed change: the pushes (on the outbound queue) are written in the
 * change's transaction, so a process that dies right after the commit leaves them to another. A line
 * handed to a worker buzzes its phones; a line open in a department whose workers take open lines
 * (a new request's, a scheduled line's when it fires, one sent to a department, one given back) buzzes
 * that department's phones.
 */
export const pushListener: Listener = async (ctx, tx, change) => {
  let queued = 0;
  if (change.type === 'request.created' && change.offersOpenLines) queued += await queueOffered(ctx, tx, { requestId: change.requestId });
  // A scheduled line that fires is offered as a new one is.
  if (change.type === 'line.fired') queued += await queueOffered(ctx, tx, { lineId: change.line.id });
  if (change.type === 'line.changed') {
    if (change.handedTo !== undefined) queued += await queueAssigned(ctx, tx, change.handedTo, change.line.id);
    if (change.offered) queued += await queueOffered(ctx, tx, { lineId: change.line.id });
  }
  // Sent at once once committed (else the queue's next pass).
  return queued ? () => ctx.outbound.nudge() : undefined;
};
