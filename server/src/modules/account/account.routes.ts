import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { localize } from '../../i18n/localize';
import { route } from '../../http/route';
import { clientOf } from '../../http/client-info';
import { accountMessages as m } from './account.messages';
import * as account from './account.service';

export default async function routes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.login, ({ body, request }) => account.login(app.ctx, body, request.ip, clientOf(request)));

  route(app, endpoints.refreshToken, ({ body, request }) => account.refresh(app.ctx, body, clientOf(request)));

  route(app, endpoints.logout, async ({ body, user, lang }) => {
    await account.logout(app.ctx, user, body.refreshToken);
    return { message: localize(m.loggedOut, lang) };
  });

  route(app, endpoints.forgotPassword, async ({ body, lang, request }) => ({
    message: await account.forgotPassword(app.ctx, body, { ip: request.ip, lang, log: request.log }),
  }));

  route(app, endpoints.resetPassword, async ({ body, lang }) => {
    await account.resetPassword(app.ctx, body);
    return { message: localize(m.passwordReset, lang) };
  });
}
