import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import { isAppUrl } from './app-url';
import { t } from './i18n';
import type { IpcChannelName } from '../shared/desktop/ipc';

/** Thrown to the caller when the sender is not ours or its arguments are bad. */
export class IpcRefusedError extends Error {}

export type SenderCheck = (event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>) => boolean;

/**
 * Only the app's own window, its top frame, showing the app's own pages, may call
 * the main process: an iframe or a page that got navigated elsewhere may not.
 */
export function trustedSender(getWindow: () => BrowserWindow | undefined): SenderCheck {
  return (event) => {
    const window = getWindow();
    if (!window || window.isDestroyed() || event.sender !== window.webContents) return false;
    const frame = event.senderFrame;
    return !!frame && frame.parent === null && isAppUrl(frame.url);
  };
}

/**
 * The body of every handler: sender check, then argument validation, then the plain
 * function. Exported so tests can drive it with fake events.
 */
export async function invokeChecked<A extends z.ZodTuple, R>(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  raw: unknown[],
  schema: A,
  isTrusted: SenderCheck,
  fn: (...args: z.output<A>) => R | Promise<R>,
): Promise<R> {
  if (!isTrusted(event)) throw new IpcRefusedError('Refused: the sender is not the app window.');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new IpcRefusedError(t('ipc.invalid'));
  return fn(...(parsed.data as z.output<A>));
}

export function handle<A extends z.ZodTuple, R>(
  channel: IpcChannelName,
  schema: A,
  isTrusted: SenderCheck,
  fn: (...args: z.output<A>) => R | Promise<R>,
): void {
  ipcMain.removeHandler(channel);
  ipcMain.handle(channel, (event, ...raw: unknown[]) => invokeChecked(event, raw, schema, isTrusted, fn));
}
