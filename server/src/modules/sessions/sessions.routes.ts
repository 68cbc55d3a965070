import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { localize } from '../../i18n/localize';
import { route } from '../../http/route';
import { sessionMessages as m } from './sessions.messages';
import * as sessions from './sessions.service';

export default async function routes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.mySessions, ({ user }) => sessions.listMySessions(app.ctx, user));

  route(app, endpoints.endMySession, async ({ body, user, lang, request }) => {
    await sessions.endMySession(app.ctx, user, body.sessionId, request.ip);
    return { message: localize(m.sessionEnded, lang) };
  });

  route(app, endpoints.userSessions, ({ query, user }) => sessions.listUserSessions(app.ctx, user, query.userId));

  route(app, endpoints.endUserSessions, async ({ body, user, lang, request }) => {
    const ended = await sessions.endUserSessions(app.ctx, user, body, request.ip);
    return { message: localize(ended === 'all' ? m.allSessionsEnded : m.sessionEnded, lang) };
  });
}
