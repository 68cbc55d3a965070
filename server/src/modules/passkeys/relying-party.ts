import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { badRequest } from '../../http/errors';
import { passkeyMessages as m } from './passkeys.messages';

/** Where a passkey ceremony happens: the page's origin and the host name passkeys are bound to. */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

/**
 * The relying party of a request, from the page's Origin header, accepted only when it is
 * the address the hotel configured (PUBLIC_URL) or this server's own address as the
 * request reached it, so a page elsewhere cannot choose the name passkeys are checked
 * against. WebAuthn itself refuses IP addresses as RP ID and pages that are not a secure
 * context: those are refused here too, with a message that says how to open the app instead.
 */
export function relyingPartyOf(config: Pick<Config, 'publicUrl' | 'publicUrlFromEnv'>, request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>): RelyingParty {
  const header = request.headers.origin;
  const origin = typeof header === 'string' ? originOf(header) : undefined;
  if (!origin) throw badRequest(m.unavailable);
  const configured = config.publicUrlFromEnv ? originOf(config.publicUrl)?.origin : undefined;
  const own = originOf(`${request.protocol}://${request.host}`)?.origin;
  if (origin.origin !== configured && origin.origin !== own) throw badRequest(m.unavailable);
  const rpId = usableRpId(origin);
  if (!rpId) throw badRequest(m.unavailable);
  return { origin: origin.origin, rpId };
}

function originOf(value: string): URL | undefined {
  if (value.length > 2048) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A host name (never an IP address) in a secure context: https, or http on localhost. */
export function usableRpId(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  if (!host || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return undefined;
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol !== 'https:' && !local) return undefined;
  return host;
}
