import { existsSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

/**
 * The admin renderer (browser and Electron window) and, when electron/ has its
 * entry points, the Electron main and preload bundles (vite-plugin-electron).
 * The guest pages have their own config: guest-web/vite.config.ts.
 */
export default defineConfig(async () => {
  const plugins: PluginOption[] = [react()];
  if (existsSync(path.resolve(import.meta.dirname, 'electron/main.ts')) && !process.env.VITEST) {
    const { electronPlugins } = await import('./electron/vite-plugins');
    plugins.push(...electronPlugins());
  }
  return {
    root: path.resolve(import.meta.dirname, 'renderer'),
    base: '/',
    publicDir: false as const,
    resolve: { alias: { '@shared': path.resolve(import.meta.dirname, 'shared') } },
    plugins,
    build: {
      outDir: path.resolve(import.meta.dirname, 'dist/renderer'),
      emptyOutDir: true,
      chunkSizeWarningLimit: 2000,
    },
    server: { proxy: { '/api': 'http://localhost:8080' } },
  };
});
