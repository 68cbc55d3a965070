#!/usr/bin/env node
// `npm start`: builds the clients when they are missing or older than their
// sources, then runs the server (PGlite in ./data unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const clients = [
  { src: ['renderer', 'shared'], out: 'dist/renderer/index.html', build: ['vite', 'build'] },
  { src: ['guest-web', 'shared'], out: 'dist/guest-web/index.html', build: ['vite', 'build', '--config', 'guest-web/vite.config.ts'] },
];
for (const c of clients) {
  const hasSource = c.src.every((d) => existsSync(d)) && existsSync(path.join(c.src[0], 'index.html'));
  if (!hasSource) continue;
  const built = existsSync(c.out) ? statSync(c.out).mtimeMs : 0;
  if (built < Math.max(...c.src.map(newest))) {
    console.log(`Building ${c.src[0]} …`);
    const r = spawnSync('npx', c.build, { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

// The server runs as a child; SIGINT/SIGTERM are passed on so it can finish
// requests in flight and close the database cleanly.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
