import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@shared';
import { localize } from '../../i18n/localize';
import { route } from '../../http/route';
import { clientOf } from '../../http/client-info';
import { twoFactorMessages as m } from './two-factor.messages';
import * as twoFactor from './two-factor.service';

/** Only ever the header: a token in a URL ends up in logs, histories and proxies. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

export default async function routes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.loginTwoFactor, ({ body, request }) => twoFactor.loginWithCode(app.ctx, body, request.ip, clientOf(request)));

  route(app, endpoints.twoFactorStatus, ({ user }) => twoFactor.status(app.ctx, user));

  route(app, endpoints.twoFactorSetup, ({ user, request }) => twoFactor.setup(app.ctx, twoFactor.enrollerOf(user, bearerOf(request))));

  route(app, endpoints.twoFactorConfirm, ({ user, body, request }) =>
    twoFactor.confirm(app.ctx, twoFactor.enrollerOf(user, bearerOf(request)), body.code, request.ip),
  );

  route(app, endpoints.setRoleTwoFactor, async ({ body, lang, user, request }) => {
    await twoFactor.setRoleTwoFactor(app.ctx, user, body.roleId, body.requireTwoFactor, request.ip);
    return { message: localize(m.roleSaved, lang) };
  });

  route(app, endpoints.resetUserTwoFactor, async ({ body, user, lang, request }) => {
    await twoFactor.resetUserTwoFactor(app.ctx, user, body.userId, request.ip);
    return { message: localize(m.reset, lang) };
  });
}
