import path from 'node:path';
import electron, { type ElectronOptions } from 'vite-plugin-electron';

const root = path.resolve(import.meta.dirname, '..');
const alias = { '@shared': path.join(root, 'shared') };

/**
 * The two Electron bundles. Main is an ES module (package.json "type": "module");
 * the preload is CommonJS because a sandboxed preload cannot load ES modules.
 * vite-plugin-electron keeps electron and the Node built-ins external; everything
 * else (zod, electron-store) is bundled, so the installer needs no node_modules.
 */
export function electronTargets(outDir = path.join(root, 'dist-electron')): ElectronOptions[] {
  const common = { configFile: false as const, root, publicDir: false as const, resolve: { alias }, logLevel: 'warn' as const };
  return [
    {
      entry: path.join(root, 'electron/main.ts'),
      vite: {
        ...common,
        build: {
          outDir,
          emptyOutDir: false,
          minify: false,
          sourcemap: true,
          lib: { entry: path.join(root, 'electron/main.ts'), formats: ['es'], fileName: () => 'main.js' },
        },
      },
    },
    {
      vite: {
        ...common,
        build: {
          outDir,
          emptyOutDir: false,
          minify: false,
          sourcemap: 'inline',
          rolldownOptions: {
            input: path.join(root, 'electron/preload.ts'),
            platform: 'node',
            output: { format: 'cjs', codeSplitting: false, entryFileNames: 'preload.cjs' },
          },
        },
      },
    },
  ];
}

export function electronPlugins() {
  return electron(electronTargets());
}
