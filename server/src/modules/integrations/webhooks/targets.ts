import { hostOf, hostProblem } from '../../../http/outgoing';
import type { Localized } from '../../../i18n/localize';
import { webhookMessages as m } from './webhooks.messages';

/** Where a webhook may post: https (plain http if the operator allows), checked by the shared outgoing guard (http/outgoing.ts). */
export interface TargetRules {
  allowPrivate: boolean;
  allowHttp: boolean;
}

/** The URL's own problem (scheme, credentials), before any name is resolved. */
export function urlProblem(raw: string, rules: TargetRules): Localized | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return m.urlInvalid;
  }
  if (url.protocol !== 'https:' && !(rules.allowHttp && url.protocol === 'http:')) return url.protocol === 'http:' ? m.urlNotHttps : m.urlInvalid;
  if (url.username || url.password) return m.urlCredentials;
  return null;
}

/** Whether the URL's host resolves, and only to addresses the rules allow (the shared outgoing guard). */
export async function addressProblem(raw: string, rules: TargetRules): Promise<Localized | null> {
  const problem = await hostProblem(hostOf(new URL(raw)), rules);
  return problem === 'unresolved' ? m.urlUnresolved : problem === 'private' ? m.urlPrivate : null;
}
