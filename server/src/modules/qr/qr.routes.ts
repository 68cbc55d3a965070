import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../http/route';
import { localize } from '../../i18n/localize';
import { qrMessages } from './qr.messages';
import { QrService } from './qr.service';

/** The printable QR sheet of one hotel's rooms. */
export default async function routes(app: FastifyInstance): Promise<void> {
  const service = new QrService(app.ctx.database.db, app.ctx.config.publicUrl, app.ctx.config.jwtSecret);

  route(app, endpoints.roomQrLinkInfo, async ({ request }) => service.linkInfo(request.socket.localPort ?? app.ctx.config.port));
  route(app, endpoints.roomQrSheet, async ({ query, user, reply, request }) => {
    const port = request.socket.localPort ?? app.ctx.config.port;
    const { fileName, pdf } = await service.roomSheet(query.hotelId, user, port, { baseUrl: query.baseUrl });
    // Hotel codes are free text: keep the plain filename ASCII and give the exact one as filename*.
    const ascii = fileName.replace(/[^\w.-]/g, '_');
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
  route(app, endpoints.rotateRoomQrCodes, async ({ body, user, request, lang }) => {
    const { hotelId, rooms, version } = await service.rotate(body.hotelId, user);
    // Every printed code of the hotel stops working: who did it, and to how many rooms, is on record.
    request.log.info({ userId: user.userId, hotelId, rooms, version }, 'room QR codes rotated');
    return { message: localize(qrMessages.rotated, lang, { count: rooms }), id: hotelId };
  });
}
