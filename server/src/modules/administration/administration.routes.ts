import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../http/route';
import { common } from '../../i18n/common.messages';
import { localize } from '../../i18n/localize';
import { adminMessages as m } from './administration.messages';
import * as emailSettings from './email-settings.service';
import * as roles from './roles.service';
import * as users from './users.service';

export default async function routes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.allUsers, ({ user, lang }) => users.listUsers(app.ctx, user, lang));

  route(app, endpoints.addUser, ({ body, user, lang }) => users.addUser(app.ctx, user, body, lang));

  route(app, endpoints.resendInvitation, ({ body, user, lang }) => users.resendInvitation(app.ctx, user, body, lang));

  route(app, endpoints.setUserLanguage, async ({ body, user, lang }) => {
    await users.setUserLanguage(app.ctx, user, body);
    return { message: localize(m.userLanguageSet, lang) };
  });

  route(app, endpoints.invitationLink, async ({ body, user, reply }) => {
    // A credential: never kept by a cache or proxy.
    reply.header('cache-control', 'no-store');
    return users.getInvitationLink(app.ctx, user, body);
  });

  route(app, endpoints.userRoles, ({ params, user }) => users.getUserRoles(app.ctx, user, params.id));

  route(app, endpoints.updateUserRoles, async ({ body, user, lang }) => {
    await users.updateUserRoles(app.ctx, user, body);
    return { message: localize(m.userRolesUpdated, lang) };
  });

  route(app, endpoints.setUserActive, async ({ body, user, lang }) => {
    await users.setUserActive(app.ctx, user, body);
    return { message: localize(body.isActive ? m.userSwitchedOn : m.userSwitchedOff, lang) };
  });

  route(app, endpoints.allRoles, () => roles.listRoles(app.ctx));

  route(app, endpoints.addRole, async ({ body, lang }) => ({ message: localize(common.added, lang), id: await roles.addRole(app.ctx, body) }));

  route(app, endpoints.roleClaims, ({ params }) => roles.getRoleClaims(app.ctx, params.id));

  route(app, endpoints.updateRoleClaims, async ({ body, user, lang }) => {
    await roles.updateRoleClaims(app.ctx, user, body);
    return { message: localize(m.rolePermissionsUpdated, lang) };
  });

  route(app, endpoints.emailSettings, () => emailSettings.getEmailSettings(app.ctx));

  route(app, endpoints.updateEmailSettings, async ({ body, user, lang }) => {
    await emailSettings.updateEmailSettings(app.ctx, user, body);
    return { message: localize(common.updated, lang) };
  });

  route(app, endpoints.sendTestEmail, async ({ body, lang }) => ({ message: await emailSettings.sendTestEmail(app.ctx, body.to, lang) }));
}
