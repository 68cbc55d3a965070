import type { FastifyRequest } from 'fastify';
import { DESKTOP_ORIGIN } from './desktop-cors';

/** What a user's list of signed-in devices shows of the device a sign-in or renewal came from. */
export interface ClientInfo {
  kind: 'desktop' | 'browser';
  userAgent: string;
  ip: string;
}

/** Capped before it is stored: the header is whatever the caller sent. */
const USER_AGENT_MAX = 256;

export const unknownClient = (ip = ''): ClientInfo => ({ kind: 'browser', userAgent: '', ip });

/** The desktop app calls from its own origin (app://desk); anything else is a browser. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return {
    kind: request.headers.origin === DESKTOP_ORIGIN ? 'desktop' : 'browser',
    userAgent: (typeof agent === 'string' ? agent : '').slice(0, USER_AGENT_MAX),
    ip: request.ip.slice(0, 64),
  };
}
