import { afterEach, vi } from 'vitest';

type FakeElectron = typeof import('./fakes/electron');

// Importing the real 'electron' outside Electron fails (no binary here): every test gets the fake.
// One instance per test file, even across vi.resetModules(), so a test and the modules it
// re-imports (main, preload) see the same fake.
vi.mock('electron', async () => {
  const scope = globalThis as { fakeElectron?: FakeElectron };
  scope.fakeElectron ??= await import('./fakes/electron');
  return scope.fakeElectron;
});

afterEach(async () => {
  const fake = (await import('electron')) as unknown as FakeElectron;
  fake.resetFakeElectron();
  const { setCurrentLang } = await import('../../electron/i18n');
  setCurrentLang('en');
});
