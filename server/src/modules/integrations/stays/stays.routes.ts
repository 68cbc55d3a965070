import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROOM_SIGNATURE_HEADER, STAY_SIGNATURE_HEADER, STAY_TIMESTAMP_HEADER, endpoints } from '@shared';
import { route } from '../../../http/route';
import * as service from './stays.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as sent (this plugin's routes only): the stay signature is over these bytes. */
    rawBody?: string;
  }
}

/** The PMS's stay events (signed, no token) and the screen's stay secret. */
export default async function staysRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // Within this plugin only: the body is kept as sent before it is parsed.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
  route(app, endpoints.stayEvent, ({ body, request, lang }) =>
    service.takeStayEvent(ctx, body, { raw: request.rawBody ?? '', timestamp: header(request, STAY_TIMESTAMP_HEADER), signature: header(request, STAY_SIGNATURE_HEADER) }, lang),
  );
  route(app, endpoints.guestRoomStay, ({ query, request }) => service.guestRoomStay(ctx, query.hotelId, query.roomId, header(request, ROOM_SIGNATURE_HEADER)));
  route(app, endpoints.staySecret, ({ user, body, lang }) => service.newStaySecret(ctx, user, body.hotelId, lang));
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
