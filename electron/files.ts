import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserWindow, OpenDialogOptions, OpenDialogReturnValue, SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import { z } from 'zod';
import { handle, type SenderCheck } from './ipc';
import { IpcChannel, type OpenFileAnswer, type SaveFileAnswer } from '../shared/desktop/ipc';
import { t, type MessageKey } from './i18n';

/** The parts of Electron's dialog module used here. */
export interface DialogLike {
  showSaveDialog(window: BrowserWindow, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  showOpenDialog(window: BrowserWindow, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
}

export interface FileSystemLike {
  writeFile(file: string, data: Uint8Array): Promise<void>;
  readFile(file: string): Promise<Uint8Array>;
  stat(file: string): Promise<{ size: number }>;
}

export interface FilesDeps {
  dialog: DialogLike;
  getWindow: () => BrowserWindow | undefined;
  /** Where the Save dialog starts (the user's Downloads folder). */
  defaultDir: () => string;
  fs?: FileSystemLike;
}

export const MAX_OPEN_BYTES = 25 * 1024 * 1024;

const nodeFs: FileSystemLike = { writeFile, readFile, stat };

export const FileFilters = z
  .array(z.object({ name: z.string().min(1).max(100), extensions: z.array(z.string().regex(/^(\*|[A-Za-z0-9]{1,10})$/)).min(1).max(20) }))
  .max(10);
export type FileFilters = z.infer<typeof FileFilters>;

/** Windows and macOS refuse some characters in names; a suggested name must not pick the folder either. */
export function safeFileName(name: string): string {
  const base = name.replace(/[\\/]/g, '_').replace(/[<>:"|?*\u0000-\u001f]/g, '_').trim();
  const cleaned = base.replace(/^\.+/, '').slice(0, 200);
  return cleaned || 'file';
}

/** The user-facing reason for a failed read or write, from the OS error code. */
export function fileErrorMessage(error: unknown, action: 'write' | 'read'): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const locked = code === 'EBUSY' || code === 'EPERM' || code === 'EACCES';
  let key: MessageKey = action === 'write' ? 'file.failed' : 'file.readFailed';
  if (locked) key = action === 'write' ? 'file.busy' : 'file.readBusy';
  else if (code === 'ENOSPC') key = 'file.diskFull';
  else if (code === 'ENOENT') key = 'file.notFound';
  return t(key);
}

export async function saveFile(suggestedName: string, bytes: Uint8Array, filters: FileFilters | undefined, deps: FilesDeps): Promise<SaveFileAnswer> {
  const window = deps.getWindow();
  if (!window) return { saved: false };
  const name = safeFileName(suggestedName);
  const result = await deps.dialog.showSaveDialog(window, {
    title: t('dialog.saveTitle'),
    defaultPath: path.join(deps.defaultDir(), name),
    filters: filters?.length ? filters : undefined,
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  });
  if (result.canceled || !result.filePath) return { saved: false };
  try {
    await (deps.fs ?? nodeFs).writeFile(result.filePath, bytes);
    return { saved: true, path: result.filePath };
  } catch (error) {
    return { error: fileErrorMessage(error, 'write') };
  }
}

export async function openFile(filters: FileFilters, deps: FilesDeps): Promise<OpenFileAnswer> {
  const window = deps.getWindow();
  if (!window) return { cancelled: true };
  const result = await deps.dialog.showOpenDialog(window, { title: t('dialog.openTitle'), filters, properties: ['openFile'] });
  const file = result.filePaths[0];
  if (result.canceled || !file) return { cancelled: true };
  // The GTK dialog lets a user type any name: the filter is a hint there, so check again.
  const allowed = filters.flatMap((f) => f.extensions.map((e) => e.toLowerCase()));
  const ext = path.extname(file).slice(1).toLowerCase();
  if (allowed.length && !allowed.includes('*') && !allowed.includes(ext)) {
    return { error: t('file.wrongType', { extensions: allowed.map((e) => `.${e}`).join(', ') }) };
  }
  const fs = deps.fs ?? nodeFs;
  try {
    if ((await fs.stat(file)).size > MAX_OPEN_BYTES) return { error: t('file.tooLarge', { limit: MAX_OPEN_BYTES / 1024 / 1024 }) };
    const bytes = await fs.readFile(file);
    // A copy of exactly the file: IPC clones a view's whole backing buffer, which may be a shared pool.
    return { name: path.basename(file), bytes: new Uint8Array(bytes) };
  } catch (error) {
    return { error: fileErrorMessage(error, 'read') };
  }
}

export function setupFiles(isTrusted: SenderCheck, deps: FilesDeps): void {
  const Bytes = z.instanceof(Uint8Array).refine((b) => b.byteLength <= 200 * 1024 * 1024);
  handle(IpcChannel.saveFile, z.tuple([z.string().min(1).max(255), Bytes, FileFilters.optional()]), isTrusted, (name, bytes, filters) =>
    saveFile(name, bytes, filters, deps),
  );
  handle(IpcChannel.openFile, z.tuple([FileFilters]), isTrusted, (filters) => openFile(filters, deps));
}
