import type { TFunction } from 'i18next';
import { ApiError } from '../api';

/** One place that turns a failed call into words: the server's message when it sent one, else ours. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return t('errors.network');
    if (error.kind === 'notFound') return t('errors.notFound');
    if (error.serverMessage) return error.serverMessage;
  }
  return t('errors.server');
}
