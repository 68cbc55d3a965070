import type { LiveEvent } from '@shared';
import type { AppContext } from '../../context';

/**
 * Announces a change that is already committed. A lost notification must not turn
 * the caller's successful answer into an error: screens re-read their data when
 * their stream reconnects, so the warning is enough.
 */
export async function announce(ctx: AppContext, event: LiveEvent): Promise<void> {
  try {
    await ctx.events.publish(event);
  } catch (err) {
    process.emitWarning(`live event ${event.type} of ${event.requestCode} was not published: ${String(err)}`);
  }
}
