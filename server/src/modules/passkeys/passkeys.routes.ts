import { clientOf } from '../../http/client-info';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { localize } from '../../i18n/localize';
import { route } from '../../http/route';
import { passkeyMessages as m } from './passkeys.messages';
import * as passkeys from './passkeys.service';
import { relyingPartyOf } from './relying-party';

export default async function routes(app: FastifyInstance): Promise<void> {
  const rp = (request: Parameters<typeof relyingPartyOf>[1]) => relyingPartyOf(app.ctx.config, request);

  route(app, endpoints.passkeyLoginOptions, ({ request }) => passkeys.loginOptions(app.ctx, rp(request), request.ip));

  route(app, endpoints.passkeyLogin, ({ body, request }) => passkeys.login(app.ctx, body, rp(request), request.ip, clientOf(request)));

  route(app, endpoints.passkeyDesktopStart, ({ request }) => {
    const publicUrl = app.ctx.config.publicUrlFromEnv ? app.ctx.config.publicUrl : undefined;
    return passkeys.desktopStart(app.ctx, publicUrl ?? `${request.protocol}://${request.host}`, request.ip);
  });

  route(app, endpoints.passkeyDesktopLogin, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return passkeys.desktopLogin(app.ctx, body, rp(request), request.ip);
  });

  route(app, endpoints.passkeys, ({ user }) => passkeys.list(app.ctx, user));

  route(app, endpoints.passkeyRegisterOptions, ({ user, request }) => passkeys.registerOptions(app.ctx, user, rp(request)));

  route(app, endpoints.passkeyRegister, async ({ user, body, request, lang }) => {
    await passkeys.register(app.ctx, user, body, rp(request), request.ip);
    return { message: localize(m.added, lang) };
  });

  route(app, endpoints.removePasskey, async ({ user, params, request, lang }) => {
    await passkeys.remove(app.ctx, user, params.id, request.ip);
    return { message: localize(m.removed, lang) };
  });
}
