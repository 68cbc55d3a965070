import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * The one guard on the server's outgoing HTTP (webhooks, Web Push): the server posts to
 * addresses others name (an administrator, a phone), so a target inside the hotel's
 * network (loopback, private, link-local, multicast, the cloud metadata address) is
 * refused unless the operator allows it. The check runs on the addresses the connection
 * is made to (guardedLookup: resolved, checked and used in one step, so the address is
 * pinned), not only when the URL is saved: a name that later resolves inside the network
 * is refused as well.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? blocked.check(mapped[1], 'ipv4') : blocked.check(address, 'ipv6');
}

export interface OutgoingRules {
  /** Loopback, private, link-local and multicast addresses allowed (an in-house receiver, tests). */
  allowPrivate: boolean;
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/** Whether the host resolves, and only to addresses the rules allow: 'unresolved', 'private', or null (fine). */
export async function hostProblem(host: string, rules: OutgoingRules): Promise<'unresolved' | 'private' | null> {
  if (rules.allowPrivate) return null;
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookupAll(host);
  } catch {
    return 'unresolved';
  }
  return addresses.some((a) => isPrivateAddress(a.address)) ? 'private' : null;
}

/** A literal address is not looked up, so the guard on the lookup does not see it: refused here. */
export function literalRefused(host: string, rules: OutgoingRules): boolean {
  return isIP(host) !== 0 && !rules.allowPrivate && isPrivateAddress(host);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of the connection a delivery makes: the addresses are checked as they are
 * used, so the name cannot resolve to a public address at save time and to a private one
 * when the event is sent.
 */
export function guardedLookup(rules: OutgoingRules) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!rules.allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        const refused: NodeJS.ErrnoException = new Error(`outgoing target ${hostname} resolves to a private address`);
        refused.code = 'EPRIVATE';
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * One POST through the guard: the literal address or the resolved one is checked and
 * connected to in one step; no redirect is followed; the answer's body is not read.
 * Answers the status code; rejects when refused, unreachable or past `timeoutMs`.
 */
export function guardedPost(
  raw: string,
  options: { headers: Record<string, string>; body?: Buffer; timeoutMs: number },
  rules: OutgoingRules,
): Promise<number> {
  const url = new URL(raw);
  if (literalRefused(hostOf(url), rules)) return Promise.reject(new Error('outgoing target is a private or local network address'));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(rules) as never,
        timeout: options.timeoutMs,
        headers: { ...options.headers, 'content-length': String(options.body?.length ?? 0) },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer in ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(options.body);
  });
}
