import { isAxiosError } from 'axios';
import { SessionExpiredError } from '../api/http';
import { showToast } from './toast';

/** The server's message when it sent one (DESIGN: errors are `{ message }` in the caller's language). */
export function serverMessage(err: unknown): string | undefined {
  if (!isAxiosError(err)) return undefined;
  const data = err.response?.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message ? data.message : undefined;
}

export function errorMessage(err: unknown, fallback: string): string {
  return serverMessage(err) ?? fallback;
}

/** SPEC §8's common rule: show the server's message when present, else the fallback. */
export function handleError(err: unknown, fallback: string): void {
  // The expiry path has already told the user and left the page.
  if (err instanceof SessionExpiredError) return;
  showToast(errorMessage(err, fallback), 'error');
}

/** Success messages use the server's message with a fallback (SPEC §8). */
export function showSuccess(answer: unknown, fallback: string): void {
  const message = (answer as { message?: unknown } | undefined)?.message;
  showToast(typeof message === 'string' && message ? message : fallback, 'success');
}
