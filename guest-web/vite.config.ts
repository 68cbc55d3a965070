import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repo = path.resolve(import.meta.dirname, '..');

/**
 * The guest pages: served by the server under /guest/ (assets) and /Request/* (index.html).
 * Kept small for phones on hotel Wi-Fi: no zod, no UI kit, the Review page split off.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/guest/',
  publicDir: false,
  resolve: { alias: { '@shared': path.join(repo, 'shared') } },
  plugins: [react()],
  build: {
    outDir: path.join(repo, 'dist/guest-web'),
    emptyOutDir: true,
    target: 'es2020',
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
