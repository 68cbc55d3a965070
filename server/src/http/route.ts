import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_KEY_PREFIX, type Claim, type Endpoint, type Language } from '@shared';
import { langOf } from '../i18n/localize';
import { currentPrincipal } from '../security/session-guard';
import { redeemDeviceStreamTicket, redeemStreamTicket } from '../security/stream-tickets.repository';
import { ENROLMENT_TOKEN_PREFIX, type Principal } from '../security/tokens';
import type { DevicePrincipal } from '../security/device-tokens';
import { AppError, forbidden, unauthorized } from './errors';
import { common } from '../i18n/common.messages';
import { apiKeyMessages } from '../modules/integrations/api-keys/api-keys.messages';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<E extends Endpoint> {
  body: Out<E['body']>;
  params: Out<E['params']>;
  query: Out<E['query']>;
  lang: Language;
  /** The signed-in caller; present on every staff route whose auth is not 'public'. */
  user: E['auth'] extends 'public' | 'device' ? Principal | undefined : Principal;
  /** The worker's phone; present on every route whose auth is 'device'. */
  device: E['auth'] extends 'device' ? DevicePrincipal : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Answer<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a device token's phone still stands (registered by the work module). */
    deviceStanding(device: DevicePrincipal): Promise<'ok' | 'locked' | 'revoked'>;
  }
  interface FastifyRequest {
    principal?: Principal;
    device?: DevicePrincipal;
    /** When a stream opened with a ticket must end (ms): the expiry of the token the ticket was got with. */
    authUntil?: number;
  }
}

/**
 * Registers one endpoint of the contract: its schemas validate the input, its
 * `auth` is checked before the handler runs, and whatever the handler returns is
 * the 200 answer (STYLE §2: the route does little more than call a service).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<Answer<E> | FastifyReply | void> | Answer<E>,
): void {
  const isJsonBody = endpoint.body && endpoint.kind !== 'multipart';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(isJsonBody ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.response ? { response: { 200: endpoint.response } } : {}),
      ...(endpoint.doc ? { description: endpoint.doc } : {}),
      // The OpenAPI document: staff calls take a staff token or an API key (never the person-only ones).
      ...(endpoint.auth === 'public' ? {} : { security: endpoint.auth === 'device' || PERSON_ONLY.test(endpoint.path) ? [{ bearer: [] }] : [{ bearer: [] }, { apiKey: [] }] }),
    },
    // onRequest: who the caller is is settled before the body is even read or validated.
    onRequest:
      endpoint.auth === 'public' ? optionalAuth : endpoint.auth === 'device' ? requireDevice(endpoint.kind === 'stream') : requireAuth(endpoint, endpoint.kind === 'stream'),
    handler: async (request, reply) => {
      const ctx = {
        body: request.body,
        params: request.params,
        query: request.query,
        lang: langOf(request),
        user: request.principal,
        device: request.device,
        request,
        reply,
      } as RouteContext<E>;
      return handler(ctx);
    },
  });
}

function bearerOf(request: FastifyRequest): string | undefined {
  // Only ever the header: a token in a URL ends up in logs, histories and proxies.
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/** An event stream's single-use ticket (EventSource cannot send headers): ?ticket=. */
function ticketOf(request: FastifyRequest): string | undefined {
  const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
  return typeof ticket === 'string' && ticket ? ticket : undefined;
}

async function optionalAuth(request: FastifyRequest): Promise<void> {
  const token = bearerOf(request);
  if (token) request.principal = await currentPrincipal(request.server.ctx, token);
}

/**
 * A worker's phone: its device token (a staff token has another key and fails here), or
 * on its event stream a single-use ticket got with one; its device not revoked, and unlocked when its worker has a PIN (see the work module).
 */
function requireDevice(stream: boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerOf(request);
    const ticket = !token && stream ? ticketOf(request) : undefined;
    if (!token && !ticket) throw unauthorized();
    const { ctx } = request.server;
    let device: DevicePrincipal | undefined;
    if (token) device = await ctx.deviceTokens.verify(token);
    else {
      const redeemed = await redeemDeviceStreamTicket(ctx.database.db, ticket!);
      device = redeemed?.device;
      request.authUntil = redeemed?.streamUntil;
    }
    if (!device) throw unauthorized(common.tokenInvalid);
    const standing = await request.server.deviceStanding(device);
    if (standing === 'revoked') throw unauthorized(common.deviceRevoked);
    // A locked phone may only give its PIN.
    if (standing === 'locked' && !request.url.toLowerCase().startsWith('/api/work/unlock')) throw new AppError(403, common.deviceLocked);
    request.device = device;
  };
}

/**
 * Staff routes an API key never opens, whatever its claims: a person's own account
 * (sign-out, two-factor) and the live event stream (an integration is told of changes
 * by webhooks, not by holding a stream open).
 */
const PERSON_ONLY = /^\/api\/(Account|Events)(\/|$)/;

function requireAuth(endpoint: Endpoint, stream = false) {
  const { auth } = endpoint;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerOf(request);
    const ticket = !token && stream ? ticketOf(request) : undefined;
    if (!token && !ticket) throw unauthorized();
    const { ctx } = request.server;
    let principal: Principal | undefined;
    if (token?.startsWith(API_KEY_PREFIX)) {
      // Another system: its key is found, rate-limited and scoped like a user (401 / 429 from there).
      principal = await ctx.apiKeys.authenticate(token, reply);
      if (PERSON_ONLY.test(endpoint.path)) throw new AppError(403, apiKeyMessages.keyNotForThis);
    }
    // Signed, unexpired, and its session not ended since (logout, password reset, role change).
    else if (token) principal = await currentPrincipal(ctx, token);
    else {
      // A ticket carries the principal of the token it was got with; its session is checked the same way.
      const redeemed = await redeemStreamTicket(ctx.database.db, ticket!, ctx.clock.now());
      principal = redeemed && (await ctx.sessions.isCurrent(redeemed.principal)) ? redeemed.principal : undefined;
      request.authUntil = redeemed?.streamUntil;
    }
    // An enrolment-only token is no session: it opens the enrolment's own routes and nothing else.
    if (!principal && token?.startsWith(ENROLMENT_TOKEN_PREFIX)) throw new AppError(403, common.twoFactorSetupRequired);
    if (!principal) throw unauthorized(common.tokenInvalid);
    request.principal = principal;
    if (auth !== 'user' && ![auth].flat().some((claim) => principal.claims.includes(claim))) throw forbidden();
  };
}

/** For routes whose claim depends on the input (e.g. the status being set). */
export function requireClaim(user: Principal, claim: Claim): void {
  if (!user.claims.includes(claim)) throw forbidden();
}
