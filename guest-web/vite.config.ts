import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

const repo = path.resolve(import.meta.dirname, '..');

/**
 * Writes .br and .gz beside every script and stylesheet: the server sends them as they are
 * (@fastify/static preCompressed), so a phone on hotel Wi-Fi downloads a third of the bytes
 * without the server compressing on every request.
 */
export function precompress(): Plugin {
  return {
    name: 'guest-precompress',
    apply: 'build',
    // After writing: earlier hooks still see placeholders that Vite fills in at the end.
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(options.dir!, fileName);
        const source = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The guest pages: served by the server under /guest/ (assets) and /Request/* (index.html).
 * Kept small for phones on hotel Wi-Fi: no zod, no UI kit, the Review page split off.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/guest/',
  // favicon.ico (drawn by build/icons/make-icon.mjs); the server answers /favicon.ico with it.
  publicDir: 'public',
  resolve: { alias: { '@shared': path.join(repo, 'shared') } },
  plugins: [react(), precompress()],
  build: {
    outDir: path.join(repo, 'dist/guest-web'),
    emptyOutDir: true,
    target: 'es2020',
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
