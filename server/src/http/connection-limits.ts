import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientAddressKey } from './client-address';

/** Descriptors kept for everything but client sockets: the database, SMTP, files, logs. */
const RESERVED_DESCRIPTORS = 256;
/** Where the soft limit is unknown (not Linux). */
const FALLBACK_MAX_CONNECTIONS = 4000;

/**
 * The soft limit on open file descriptors (RLIMIT_NOFILE) of this process, from
 * /proc/self/limits (Node has no getrlimit); undefined where it cannot be read or is unlimited.
 */
export function openFileSoftLimit(limitsFile = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The default cap on open client connections: below the process's descriptor limit,
 * with room left for the database pool, SMTP and files, so a flood of sockets can
 * make new connections wait but never starves the server of descriptors.
 */
export function defaultMaxConnections(softLimit = openFileSoftLimit()): number {
  if (softLimit === undefined) return FALLBACK_MAX_CONNECTIONS;
  return Math.max(32, Math.min(softLimit - RESERVED_DESCRIPTORS, Math.floor(softLimit * 0.8)));
}

/**
 * Caps the server's open connections in all (Node refuses past maxConnections) and
 * per client address (IPv6 by /64). A socket over its address's cap is destroyed the
 * moment it is accepted, before a byte of it is parsed, so one address flooding the
 * server with half-sent requests leaves room for everyone else's health checks and
 * staff calls.
 */
export function limitConnections(server: Server, limits: { total: number; perAddress: number }): void {
  server.maxConnections = limits.total;
  const open = new Map<string, number>();
  // Ahead of Node's own listener, which starts the HTTP parser on the socket.
  server.prependListener('connection', (socket: Socket) => {
    const key = clientAddressKey(socket.remoteAddress);
    const count = open.get(key) ?? 0;
    if (count >= limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
