import { clientOf } from '../../http/client-info';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SSO_EXCHANGE_TTL_SECONDS, endpoints } from '@shared';
import { localize } from '../../i18n/localize';
import { route } from '../../http/route';
import { ssoMessages as m } from './single-sign-on.messages';
import { callbackPage } from './single-sign-on.rules';
import * as sso from './single-sign-on.service';

/** The web app's exchange code: an HttpOnly cookie only the Complete call is sent, never a URL. */
const EXCHANGE_COOKIE = 'hotel_sso_exchange';
const COOKIE_PATH = '/api/Account/Sso/Complete';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}

export default async function routes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.ssoPublic, () => sso.publicInfo(app.ctx));

  route(app, endpoints.ssoStart, ({ body, request }) => sso.start(app.ctx, body.client, sso.redirectUriOf(app.ctx, originOf(request)), request.ip));

  route(app, endpoints.ssoCallback, async ({ query, request, reply }) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    try {
      const outcome = await sso.callback(app.ctx, query, request.ip);
      if (outcome.client === 'desktop') {
        return reply.type('text/html; charset=utf-8').send(callbackPage('desktop', outcome.link ? m.linkedReturn : m.returnToApp, {}, outcome.exchangeCode));
      }
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${EXCHANGE_COOKIE}=${outcome.exchangeCode}; Path=${COOKIE_PATH}; Max-Age=${SSO_EXCHANGE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
      // Back to the login page, which posts its flow key; the cookie goes with that POST.
      // A link goes back into the app, whose signed-in user posts it to Complete/Link.
      return reply.redirect(outcome.link ? '/Admin/Home?sso=linked' : '/Admin/Login?sso=done', 303);
    } catch (error) {
      if (!(error instanceof sso.SsoRefusal)) throw error;
      return reply.code(error.statusCode).type('text/html; charset=utf-8').send(callbackPage('refused', error.text, error.params as Record<string, string>));
    }
  });

  route(app, endpoints.ssoComplete, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    // Used or not, the cookie is spent.
    reply.header('set-cookie', `${EXCHANGE_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
    return sso.complete(app.ctx, body, cookieOf(request, EXCHANGE_COOKIE), request.ip, clientOf(request));
  });

  route(app, endpoints.ssoLink, ({ user }) => sso.linkStatus(app.ctx, user));

  route(app, endpoints.ssoLinkStart, ({ user, body, request }) =>
    sso.startLink(app.ctx, user, body.client, sso.redirectUriOf(app.ctx, originOf(request)), request.ip),
  );

  route(app, endpoints.ssoLinkComplete, async ({ user, body, request, reply, lang }) => {
    reply.header('cache-control', 'no-store');
    reply.header('set-cookie', `${EXCHANGE_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
    return sso.completeLink(app.ctx, user, body, cookieOf(request, EXCHANGE_COOKIE), request.ip, lang);
  });

  route(app, endpoints.ssoSettings, ({ request }) => sso.getSettings(app.ctx, sso.redirectUriOf(app.ctx, originOf(request))));

  route(app, endpoints.updateSsoSettings, async ({ body, user, lang }) => {
    await sso.updateSettings(app.ctx, user, body);
    return { message: localize(m.saved, lang) };
  });
}
