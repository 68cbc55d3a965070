import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { Localized } from '../../../i18n/localize';
import { webhookMessages as m } from './webhooks.messages';

/**
 * Where a webhook may post. The server posts to whatever an administrator names, so a
 * target inside the hotel's network (loopback, private, link-local, the cloud metadata
 * address) is refused unless the operator allows it; the check runs on the addresses the
 * connection is made to (not only when the URL is saved), so a name that later resolves
 * inside the network is refused as well.
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

function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/** Whether the URL's host resolves, and only to addresses the rules allow. */
export async function addressProblem(raw: string, rules: TargetRules): Promise<Localized | null> {
  if (rules.allowPrivate) return null;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookupAll(host);
  } catch {
    return m.urlUnresolved;
  }
  return addresses.some((a) => isPrivateAddress(a.address)) ? m.urlPrivate : null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of the connection a delivery makes: the addresses are checked as they are
 * used, so the name cannot resolve to a public address at save time and to a private one
 * when the event is sent.
 */
export function guardedLookup(rules: TargetRules) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!rules.allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        const refused: NodeJS.ErrnoException = new Error(`webhook target ${hostname} resolves to a private address`);
        refused.code = 'EPRIVATE';
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
