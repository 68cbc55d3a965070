import type { AppContext } from '../../context';

/**
 * What other modules do when the service levels act, registered by them (server.ts wires it at
 * start) so that this module imports none of them: a module that reaches back into the hub's
 * dependants would close an import cycle.
 */

type FiredListener = (ctx: AppContext, lineId: number) => Promise<void>;
type MailRetry = (ctx: AppContext, now: Date) => Promise<unknown>;

const firedListeners = new Map<string, FiredListener>();
const mailRetries = new Map<string, MailRetry>();

/** Called, after the commit, for each scheduled line the scheduler fired (e.g. phone offers). One per name. */
export function onScheduledLineFired(name: string, listener: FiredListener): void {
  firedListeners.set(name, listener);
}

/** Another module's e-mail retries, run by the scheduler's tick beside its own; `name` is what a failure logs. */
export function addMailRetry(name: string, retry: MailRetry): void {
  mailRetries.set(name, retry);
}

export async function scheduledLineFired(ctx: AppContext, lineId: number): Promise<void> {
  for (const listener of firedListeners.values()) await listener(ctx, lineId);
}

export function registeredMailRetries(): [string, MailRetry][] {
  return [...mailRetries];
}
