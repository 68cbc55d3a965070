import type { LiveEvent } from '@shared';
import type { AppContext } from '../../context';

/**
 * Announces a change that is already committed. A lost notification must not turn
 * the caller's successful answer into an error: screens re-read their data when
 * their stream reconnects, so the warning is enough.
 */
export async function announce(ctx: AppContext, event: LiveEvent): Promise<void> {
  // A new line, or a line that left a worker's hands (done, can't do, rejected, moved), may let
  // routing place a waiting line now: it should not wait for the next tick.
  if (event.type === 'request-created' || event.type === 'line-changed') ctx.routing.nudge();
  try {
    await ctx.events.publish(event);
  } catch (err) {
    process.emitWarning(`live event ${event.type} of ${event.requestCode} was not published: ${String(err)}`);
  }
}
