import { isAxiosError } from 'axios';
import { serverMessage } from '../feedback/handle-error';
import { i18next } from '../i18n';

/** SPEC §8's login catalogue: 401, 500, any other status, no answer. The server's message comes first. */
export function loginErrorMessage(err: unknown): string {
  const t = i18next.t;
  if (!isAxiosError(err) || !err.response) return t('login.network');
  const status = err.response.status;
  if (status === 401) return serverMessage(err) ?? t('login.wrong');
  if (status >= 500) return t('login.serverError');
  return serverMessage(err) ?? t('login.unknown', { status });
}
