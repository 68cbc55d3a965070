import type { AppContext } from '../../context';

/**
 * What other modules do when the service levels act, registered by them (server.ts wires it at
 * start) so that this module imports none of them: a module that reaches back into the hub's
 * dependants would close an import cycle. (What a fired or escalated line sets off, phone offers
 * and webhooks among it, is announced: live/announce.ts.)
 */

type MailRetry = (ctx: AppContext, now: Date) => Promise<unknown>;

const mailRetries = new Map<string, MailRetry>();

/** Another module's e-mail retries, run by the scheduler's tick beside its own; `name` is what a failure logs. */
export function addMailRetry(name: string, retry: MailRetry): void {
  mailRetries.set(name, retry);
}

export function registeredMailRetries(): [string, MailRetry][] {
  return [...mailRetries];
}
