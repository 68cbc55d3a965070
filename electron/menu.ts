import { Menu, type MenuItemConstructorOptions } from 'electron';
import { z } from 'zod';
import { handle, type SenderCheck } from './ipc';
import { IpcChannel, type Lang } from '../shared/desktop/ipc';
import { currentLang, setCurrentLang, translate } from './i18n';

export interface MenuOptions {
  appName: string;
  isMac: boolean;
  isDev: boolean;
}

/** The native menu in the given language; roles keep the OS behaviour (copy and paste on macOS need the Edit menu). */
export function buildMenuTemplate(lang: Lang, options: MenuOptions): MenuItemConstructorOptions[] {
  const tr = (key: Parameters<typeof translate>[1]) => translate(lang, key, { name: options.appName });
  const template: MenuItemConstructorOptions[] = [];
  if (options.isMac) {
    template.push({
      label: options.appName,
      submenu: [{ role: 'about', label: tr('menu.about') }, { type: 'separator' }, { role: 'hide', label: tr('menu.hide') }, { role: 'quit', label: tr('menu.quit') }],
    });
  } else {
    template.push({ label: tr('menu.file'), submenu: [{ role: 'quit', label: tr('menu.quit') }] });
  }
  template.push(
    {
      label: tr('menu.edit'),
      submenu: [
        { role: 'undo', label: tr('menu.undo') },
        { role: 'redo', label: tr('menu.redo') },
        { type: 'separator' },
        { role: 'cut', label: tr('menu.cut') },
        { role: 'copy', label: tr('menu.copy') },
        { role: 'paste', label: tr('menu.paste') },
        { role: 'selectAll', label: tr('menu.selectAll') },
      ],
    },
    {
      label: tr('menu.view'),
      submenu: [
        { role: 'reload', label: tr('menu.reload') },
        ...(options.isDev ? [{ role: 'toggleDevTools', label: tr('menu.devTools') } as const] : []),
        { type: 'separator' },
        { role: 'resetZoom', label: tr('menu.resetZoom') },
        { role: 'zoomIn', label: tr('menu.zoomIn') },
        { role: 'zoomOut', label: tr('menu.zoomOut') },
        { type: 'separator' },
        { role: 'togglefullscreen', label: tr('menu.fullScreen') },
      ],
    },
    { label: tr('menu.window'), submenu: [{ role: 'minimize', label: tr('menu.minimize') }, { role: 'close', label: tr('menu.close') }] },
  );
  return template;
}

export function applyLanguage(lang: Lang, options: MenuOptions): void {
  setCurrentLang(lang);
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(lang, options)));
}

export function setupLanguage(isTrusted: SenderCheck, options: MenuOptions, remember: (lang: Lang) => void): void {
  applyLanguage(currentLang(), options);
  handle(IpcChannel.setLanguage, z.tuple([z.enum(['en', 'ar'])]), isTrusted, (lang) => {
    if (lang === currentLang()) return;
    applyLanguage(lang, options);
    remember(lang);
  });
}
