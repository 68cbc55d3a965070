import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BookingRoomFields, Id, Lang, endpoints, optionalText } from '@shared';
import { readMultipart, registerMultipart } from '../../http/multipart';
import { route } from '../../http/route';
import { validationError } from '../../http/validation';
import { common } from '../../i18n/common.messages';
import { localize, parseLang } from '../../i18n/localize';
import { checkImages, createFormInput } from './booking-room-rules';
import { BookingRoomsService } from './booking-rooms.service';

/** DESIGN: 10 MB per image; ten images per form keeps one request's memory bounded. */
const IMAGE_LIMITS = { fileSize: 10 * 1024 * 1024, files: 10, fields: 40 };

const ScreenUpdate = z.object({
  id: Id,
  nameAr: optionalText(200).optional(),
  nameEn: optionalText(200).optional(),
  roomTypeCode: z.string().trim().max(50).optional(),
  language: Lang.optional(),
});

/** Booking rooms: the JSON calls of SPEC §7, the screen's multipart create/update, and the image bytes. */
export default async function routes(app: FastifyInstance): Promise<void> {
  await registerMultipart(app, IMAGE_LIMITS);
  const service = new BookingRoomsService(app.ctx.database.db);
  const calls = endpoints.bookingRoom;

  route(app, calls.list, async ({ user, query, reply, lang }) => {
    const { items, total } = await service.list(query, user, lang);
    reply.header('X-Total-Count', String(total));
    return items;
  });
  route(app, calls.add, async ({ body, user, lang }) => ({
    message: localize(common.added, lang),
    id: await service.add(body.bookingRoom, user),
  }));
  route(app, calls.edit, async ({ params, body, user, lang }) => {
    await service.edit(params.id, body.bookingRoom, user);
    return { message: localize(common.updated, lang), id: params.id };
  });

  route(app, calls.create, async ({ request, user, lang }) => {
    const form = await readMultipart(request, IMAGE_LIMITS);
    const fields = BookingRoomFields.safeParse(createFormInput(form));
    if (!fields.success) throw validationError(fields.error.issues);
    const id = await service.add(fields.data, user, checkImages(form.files));
    return { message: localize(common.added, lang), id };
  });

  route(app, calls.update, async ({ request, user, lang }) => {
    const form = await readMultipart(request, IMAGE_LIMITS);
    const one = (name: string) => form.fields[name]?.at(-1);
    const input = ScreenUpdate.safeParse({
      id: one('id'),
      nameAr: one('nameAr'),
      nameEn: one('nameEn'),
      roomTypeCode: one('roomTypeCode'),
      language: one('language') || undefined,
    });
    if (!input.success) throw validationError(input.error.issues);
    const { id, language, ...names } = input.data;
    await service.editFromScreen(id, names, user, checkImages(form.files));
    // The screen says its language in the form; ?lang, when given, still wins.
    const answerLang = (request.query as { lang?: string }).lang ? lang : parseLang(language);
    return { message: localize(common.updated, answerLang), id };
  });

  route(app, calls.image, async ({ params, request, reply }) => {
    const image = await service.image(params.id);
    // An image never changes once stored (edits add new ones), so it may be cached for good.
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', image.etag).type(image.contentType);
    if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
    return reply.send(image.bytes);
  });
}
