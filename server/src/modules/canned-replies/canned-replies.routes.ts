import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { common } from '../../i18n/common.messages';
import { defineMessages, localize } from '../../i18n/localize';
import * as repo from './canned-replies.repository';

const m = defineMessages({
  notFound: { en: 'This canned reply was not found', ar: 'هذا الرد الجاهز غير موجود' },
});

/**
 * Canned replies: whoever writes on a line (Assign or Complete) reads them to insert into a
 * reply; the claims of Administration.Canned Replies manage them (the list's claims are in the contract). Short texts, few rows:
 * the whole list, oldest first, so the picker keeps an order the Admin chose by adding.
 */
export default async function cannedRepliesRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.ctx.database.db;

  route(app, endpoints.cannedReplies.list, async () => (await repo.listCannedReplies(db())).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));

  route(app, endpoints.cannedReplies.add, async ({ body, lang }) => ({ message: localize(common.added, lang), id: await repo.insertCannedReply(db(), trimmed(body)) }));

  route(app, endpoints.cannedReplies.edit, async ({ params, body, lang }) => {
    if (!(await repo.updateCannedReply(db(), params.id, trimmed(body)))) throw notFound(m.notFound);
    return { message: localize(common.updated, lang), id: params.id };
  });

  route(app, endpoints.cannedReplies.remove, async ({ params, lang }) => {
    if (!(await repo.deleteCannedReply(db(), params.id))) throw notFound(m.notFound);
    return { message: localize(common.removed, lang), id: params.id };
  });
}

const trimmed = (input: { textEn: string; textAr: string }) => ({ textEn: input.textEn.trim(), textAr: input.textAr.trim() });
