import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { AppError } from '../../http/errors';
import { readMultipart, registerMultipart } from '../../http/multipart';
import { route } from '../../http/route';
import { excelMessages } from './excel.messages';
import { ExcelService, XLSX_TYPE } from './excel.service';
import type { Importer } from './importers/importer';
import { roomTypeImporter } from './importers/room-types';
import { roomImporter } from './importers/rooms';
import { serviceImporter } from './importers/services';
import { userImporter } from './importers/users';
import { workerImporter } from './importers/workers';
import { rosterImporter } from './importers/rosters';
import qrRoutes from '../qr/qr.routes';

/** A sheet of 20,000 rows is far below this; anything bigger is not a template. */
const SHEET_LIMITS = { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 };

export default async function routes(app: FastifyInstance): Promise<void> {
  await registerMultipart(app, SHEET_LIMITS);
  // The room QR sheet is the other printable download of the room screens; it lives in
  // its own module but is registered here so the shared module list stays untouched.
  await app.register(qrRoutes);
  const service = new ExcelService(app.ctx);

  const sheets = [
    [endpoints.roomTypeTemplate, endpoints.uploadRoomType, roomTypeImporter],
    [endpoints.roomTemplate, endpoints.uploadRoom, roomImporter],
    [endpoints.serviceTemplate, endpoints.uploadService, serviceImporter],
    [endpoints.workerTemplate, endpoints.uploadWorker, workerImporter],
    [endpoints.userTemplate, endpoints.uploadUser, userImporter],
    [endpoints.routingRosterTemplate, endpoints.uploadRoutingRoster, rosterImporter],
  ] as const;

  for (const [download, upload, importer] of sheets) {
    const sheet = importer as Importer<unknown, unknown, unknown>;
    route(app, download, async ({ user, lang, reply }) => {
      const bytes = await service.template(sheet, user, lang);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${sheet.spec.fileName}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    });
    route(app, upload, async ({ request, lang, user }) => {
      const form = await readMultipart(request, SHEET_LIMITS);
      const file = form.files[0];
      if (!file || file.bytes.length === 0) throw new AppError(400, excelMessages.noFile);
      return service.upload(sheet, file.bytes, lang, user);
    });
  }
}
