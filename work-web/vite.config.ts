import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../guest-web/vite.config';

const repo = path.resolve(import.meta.dirname, '..');

/**
 * The workers' phone page: served by the server under /Work/ (assets, manifest, service
 * worker, whose scope is /Work/). Small like the guest pages: no zod, no UI kit.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/Work/',
  // manifest.webmanifest, the icon and sw.js keep their names: the manifest and the service worker are found by them.
  publicDir: 'public',
  resolve: { alias: { '@shared': path.join(repo, 'shared') } },
  plugins: [react(), precompress()],
  build: {
    outDir: path.join(repo, 'dist/work-web'),
    emptyOutDir: true,
    target: 'es2020',
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
