import { describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import { currentLang, translate } from '../../electron/i18n';
import { IpcChannel } from '../../shared/desktop/ipc';
import { buildMenuTemplate, setupLanguage } from '../../electron/menu';
import { appWindow } from './support';
import { trustedSender } from '../../electron/ipc';

const fake = electron as unknown as typeof import('./fakes/electron');
const labels = (template: any[]): string[] => template.flatMap((item) => [item.label, ...(item.submenu ? labels(item.submenu) : [])]).filter(Boolean);
const options = { appName: 'Hotel Desk', isMac: false, isDev: false };

describe('native menus follow the app language', () => {
  it('has English and Arabic labels for every item, and no developer tools in a release build', () => {
    expect(labels(buildMenuTemplate('en', options))).toEqual(expect.arrayContaining(['File', 'Edit', 'Copy', 'Paste', 'View', 'Window']));
    expect(labels(buildMenuTemplate('ar', options))).toEqual(expect.arrayContaining(['ملف', 'تحرير', 'نسخ', 'لصق', 'عرض', 'نافذة']));
    expect(labels(buildMenuTemplate('en', options))).not.toContain('Developer Tools');
    expect(labels(buildMenuTemplate('en', { ...options, isDev: true }))).toContain('Developer Tools');
    expect(labels(buildMenuTemplate('ar', { ...options, isMac: true }))[0]).toBe('Hotel Desk');
  });

  it('every string exists in both languages', () => {
    const ar = labels(buildMenuTemplate('ar', { ...options, isMac: true, isDev: true }));
    const en = labels(buildMenuTemplate('en', { ...options, isMac: true, isDev: true }));
    expect(ar).toHaveLength(en.length);
    expect(ar.filter((label, i) => label === en[i] && label !== 'Hotel Desk')).toEqual([]);
    expect(translate('ar', 'file.diskFull')).not.toBe(translate('en', 'file.diskFull'));
  });

  it('switches the menu and the dialog language when the renderer changes language, and remembers it', async () => {
    const w = appWindow();
    const remember = vi.fn();
    setupLanguage(trustedSender(w.getWindow), options, remember);
    expect(labels(fake.Menu.current!.template)).toContain('Edit');
    await fake.ipcMain.invoke(w.own, IpcChannel.setLanguage, 'ar');
    expect(labels(fake.Menu.current!.template)).toContain('تحرير');
    expect(currentLang()).toBe('ar');
    expect(remember).toHaveBeenCalledWith('ar');
  });
});
