import { afterEach, vi } from 'vitest';

// Importing the real 'electron' outside Electron fails (no binary here): every test gets the fake.
vi.mock('electron', () => import('./fakes/electron'));

afterEach(async () => {
  const fake = await import('./fakes/electron');
  fake.resetFakeElectron();
  const { setCurrentLang } = await import('../../electron/i18n');
  setCurrentLang('en');
});
