import type { FastifyInstance } from 'fastify';
import { endpoints, type Language } from '@shared';
import { route } from '../../http/route';
import { common } from '../../i18n/common.messages';
import { type Localized, localize } from '../../i18n/localize';
import type { EntityKey } from './basic-data.entities';
import { BasicDataService } from './basic-data.service';
import { LookupsService } from './lookups.service';

const ENTITY_KEYS = ['company', 'hotel', 'useType', 'roomType', 'room', 'serviceGroup', 'service', 'worker', 'department'] as const satisfies
  readonly EntityKey[];

const done = (message: Localized, lang: Language, id: number) => ({ message: localize(message, lang), id });

/** SPEC §7 Basic data: Add / GetAll / Edit / Remove of every entity, and the select data. */
export default async function routes(app: FastifyInstance): Promise<void> {
  const service = new BasicDataService(app.ctx.database.db);
  const lookups = new LookupsService(app.ctx.database.db);

  for (const key of ENTITY_KEYS) {
    const calls = endpoints[key];
    route(app, calls.add, async ({ body, user, lang }) => done(common.added, lang, await service.add(key, body, user)));
    route(app, calls.list, async ({ user, query, reply, lang }) => {
      const { items, total } = await service.list(key, query, user, lang);
      reply.header('X-Total-Count', String(total));
      return items as never;
    });
    route(app, calls.edit, async ({ params, body, user, lang }) => {
      await service.edit(key, params.id, body, user);
      return done(common.updated, lang, params.id);
    });
    route(app, calls.remove, async ({ params, user, lang }) => {
      await service.remove(key, params.id, user);
      return done(common.removed, lang, params.id);
    });
  }

  route(app, endpoints.generateCompanies, ({ lang }) => lookups.lookup('company', lang));
  route(app, endpoints.generateUseTypes, ({ lang }) => lookups.lookup('useType', lang));
  route(app, endpoints.generateRoomTypes, ({ lang }) => lookups.lookup('roomType', lang));
  route(app, endpoints.generateServiceGroups, ({ lang }) => lookups.lookup('serviceGroup', lang));
  route(app, endpoints.generateDepartments, ({ lang }) => lookups.lookup('department', lang));
  route(app, endpoints.generateHotels, ({ lang }) => lookups.lookup('hotel', lang));
  route(app, endpoints.generateRooms, ({ query }) => lookups.rooms(query.hotelId));
  route(app, endpoints.generateServices, ({ lang }) => lookups.services(lang));
  route(app, endpoints.facilities, ({ lang }) => lookups.facilities(lang));
}
