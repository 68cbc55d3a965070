import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/client';
import { databaseCode, isStorageFull, loggableError } from '../db/errors';
import { pgliteUnavailableReason } from '../db/pglite-worker';
import { AppError } from '../http/errors';
import { RETRY_AFTER_SECONDS } from '../http/lifecycle';
import { validationError } from '../http/validation';
import { common } from '../i18n/common.messages';
import { langOf } from '../i18n/localize';

/** The one error handler: a message in the caller's language, never a 5xx's details. Not encapsulated: it answers for every route. */
export default fp(
  async function errorHandler(app) {
    const ctx = app.ctx;
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const lang = langOf(request);
      const appError = toAppError(error, request.method);
      // Never the error itself: a database error carries the query's parameters (a guest's personal data).
      if (appError.statusCode === 503 && isStorageFull(error)) {
        ctx.storage.writeFailedForSpace(error);
        request.log.error({ err: loggableError(error) }, 'disk full: the database cannot write');
      } else if (appError.statusCode === 503) {
        request.log.warn({ err: loggableError(error) }, 'database unavailable');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      } else if (appError.statusCode >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
      return reply.status(appError.statusCode).send(appError.body(lang));
    });
  },
  { name: 'error-handler' },
);

/** Every error a client can cause becomes a 4xx with a message; anything else is a 500 without details. */
function toAppError(error: FastifyError | AppError, method: string): AppError {
  if (error instanceof AppError) return error;
  // PGlite's worker thread is being started again (it ended, or this call ran past the time bound).
  const pglite = pgliteUnavailableReason(error);
  if (pglite) return new AppError(503, pglite === 'timeout' ? common.databaseTooSlow : common.databaseRestarting);
  if (isDatabaseUnavailable(error)) return new AppError(503, common.databaseUnavailable);
  if (isStorageFull(error)) return new AppError(503, common.storageFull);
  const validation = (error as FastifyError & { validation?: unknown }).validation;
  if (validation && Array.isArray(validation)) {
    // fastify-type-provider-zod keeps the zod issue's fields in params, minus path and code.
    const issues = validation.map((v: { keyword?: string; message?: string; instancePath?: string; params?: Record<string, unknown> }) => ({
      ...v.params,
      code: v.keyword,
      message: v.message,
      path: (v.instancePath ?? '').split('/').filter(Boolean),
    }));
    return validationError(issues as never);
  }
  const pgCode = databaseCode(error);
  if (pgCode === '23505') return new AppError(409, common.duplicateValue);
  if (pgCode === '23503') return method === 'DELETE' ? new AppError(409, common.inUse) : new AppError(400, common.referenceMissing);
  if (pgCode === '22P02' || pgCode === '22003' || pgCode === '22021') return new AppError(400, common.validation);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, common.badJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, common.tooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, common.unsupportedMedia);
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return new AppError(404, common.notFound);
  if (status >= 400 && status < 500) return new AppError(status, common.validation);
  return new AppError(500, common.serverError);
}
