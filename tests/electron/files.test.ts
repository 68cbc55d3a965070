import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import { MAX_OPEN_BYTES, openFile, safeFileName, saveFile, type FilesDeps } from '../../electron/files';
import { setCurrentLang } from '../../electron/i18n';
import { appWindow } from './support';

const fake = electron as unknown as typeof import('./fakes/electron');
const excel = [{ name: 'Excel', extensions: ['xlsx', 'xls'] }];
const fsError = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

let dir: string;
let deps: FilesDeps;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hotel-files-'));
  deps = { dialog: fake.dialog as never, getWindow: appWindow().getWindow, defaultDir: () => dir };
});

describe('saving a file (template download, list export)', () => {
  it('offers the suggested name in the Downloads folder and writes the bytes where the user chose', async () => {
    const target = path.join(dir, 'chosen.xlsx');
    const dialog = vi.spyOn(fake.dialog, 'showSaveDialog').mockResolvedValue({ canceled: false, filePath: target });
    const answer = await saveFile('RoomTemplate.xlsx', new Uint8Array([80, 75, 3, 4]), excel, deps);
    expect(answer).toEqual({ saved: true, path: target });
    expect(readFileSync(target)).toEqual(Buffer.from([80, 75, 3, 4]));
    expect(dialog.mock.calls[0][1]).toMatchObject({ defaultPath: path.join(dir, 'RoomTemplate.xlsx'), filters: excel, title: 'Save file' });
  });

  it('writes nothing when the user cancels', async () => {
    vi.spyOn(fake.dialog, 'showSaveDialog').mockResolvedValue({ canceled: true, filePath: '' });
    const write = vi.fn();
    expect(await saveFile('RoomTemplate.xlsx', new Uint8Array(1), excel, { ...deps, fs: { writeFile: write, readFile: vi.fn(), stat: vi.fn() } })).toEqual({
      saved: false,
    });
    expect(write).not.toHaveBeenCalled();
  });

  it.each([
    ['EBUSY', 'en', 'The file is open in another program (such as Excel)'],
    ['EPERM', 'en', 'The file is open in another program (such as Excel)'],
    ['EACCES', 'ar', 'الملف مفتوح في برنامج آخر (مثل Excel)'],
    ['ENOSPC', 'en', 'The disk is full.'],
    ['ENOSPC', 'ar', 'القرص ممتلئ.'],
    ['EIO', 'en', 'The file could not be saved. Please try again.'],
  ] as const)('explains a %s write failure in %s', async (code, lang, message) => {
    setCurrentLang(lang);
    vi.spyOn(fake.dialog, 'showSaveDialog').mockResolvedValue({ canceled: false, filePath: path.join(dir, 'a.xlsx') });
    const fs = { writeFile: vi.fn().mockRejectedValue(fsError(code)), readFile: vi.fn(), stat: vi.fn() };
    const answer = await saveFile('a.xlsx', new Uint8Array(1), excel, { ...deps, fs });
    expect(answer).toEqual({ error: expect.stringContaining(message) });
  });

  it('reports a real failed write (the chosen path is a folder) instead of claiming success', async () => {
    vi.spyOn(fake.dialog, 'showSaveDialog').mockResolvedValue({ canceled: false, filePath: dir });
    expect(await saveFile('a.xlsx', new Uint8Array(1), excel, deps)).toEqual({ error: expect.any(String) });
  });

  it('keeps a suggested name from choosing the folder or using characters Windows refuses', () => {
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('Room:Template?.xlsx')).toBe('Room_Template_.xlsx');
    expect(safeFileName('...')).toBe('file');
  });
});

describe('opening a file (Excel upload)', () => {
  it('hands back the name and bytes of the chosen workbook, with the dialog filtered to Excel', async () => {
    const file = path.join(dir, 'rooms.xlsx');
    writeFileSync(file, Buffer.from('PK workbook'));
    const dialog = vi.spyOn(fake.dialog, 'showOpenDialog').mockResolvedValue({ canceled: false, filePaths: [file] });
    const answer = await openFile(excel, deps);
    expect(answer).toEqual({ name: 'rooms.xlsx', bytes: new Uint8Array(Buffer.from('PK workbook')) });
    expect(dialog.mock.calls[0][1]).toMatchObject({ filters: excel, properties: ['openFile'] });
  });

  it('answers cancelled when the user closes the dialog', async () => {
    vi.spyOn(fake.dialog, 'showOpenDialog').mockResolvedValue({ canceled: true, filePaths: [] });
    expect(await openFile(excel, deps)).toEqual({ cancelled: true });
  });

  it('refuses a file of another type typed into the dialog, naming the accepted types', async () => {
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'x');
    vi.spyOn(fake.dialog, 'showOpenDialog').mockResolvedValue({ canceled: false, filePaths: [file] });
    expect(await openFile(excel, deps)).toEqual({ error: 'This file type is not accepted. Choose a file ending in .xlsx, .xls.' });
  });

  it('refuses a file over the size limit without reading it', async () => {
    vi.spyOn(fake.dialog, 'showOpenDialog').mockResolvedValue({ canceled: false, filePaths: [path.join(dir, 'big.xlsx')] });
    const readFile = vi.fn();
    const answer = await openFile(excel, { ...deps, fs: { writeFile: vi.fn(), readFile, stat: async () => ({ size: MAX_OPEN_BYTES + 1 }) } });
    expect(answer).toEqual({ error: 'The file is too large (the limit is 25 MB).' });
    expect(readFile).not.toHaveBeenCalled();
  });

  it('explains a workbook locked by Excel, in Arabic when the app is in Arabic', async () => {
    setCurrentLang('ar');
    vi.spyOn(fake.dialog, 'showOpenDialog').mockResolvedValue({ canceled: false, filePaths: [path.join(dir, 'rooms.xlsx')] });
    const fs = { writeFile: vi.fn(), stat: async () => ({ size: 10 }), readFile: vi.fn().mockRejectedValue(fsError('EBUSY')) };
    expect(await openFile(excel, { ...deps, fs })).toEqual({ error: expect.stringContaining('تعذرت قراءة الملف') });
  });
});
