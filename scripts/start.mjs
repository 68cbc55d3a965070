#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (the two clients with
// Vite, the server with esbuild into dist-server/), then runs the built server IN THIS
// PROCESS: there is no child to leave behind. Production may run
// `node dist-server/main.js` directly (the Dockerfile and the systemd unit do).
// A tree without sources or build tools (`npm ci --omit=dev` after a build) runs
// what is built.
//
// `node scripts/start.mjs backup|restore|admin [args]` runs that command-line tool the same way
// (`npm run backup`, `npm run restore`, `npm run admin -- reset-password EMAIL`).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadPreflight } from './preflight.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);
const TOOLS = ['backup', 'restore', 'admin'];
const tool = TOOLS.includes(process.argv[2]) ? process.argv.splice(2, 1)[0] : undefined;

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Whether `out` is missing or older than any file under `sources`; false when the sources are not here. */
function stale(out, sources) {
  if (!sources.every((d) => existsSync(d))) return false;
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  return built < Math.max(...sources.map(newest));
}

const hasPackage = (name) => existsSync(at(path.join('node_modules', name, 'package.json')));

/** A build step as a child; a stop signal meanwhile ends it and this process. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root });
    const stop = (signal) => child.kill(signal);
    process.on('SIGINT', stop).on('SIGTERM', stop);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      if (code !== 0) process.exit(code ?? (signal === 'SIGINT' ? 130 : 143));
      resolve();
    });
  });
}

async function buildWhatIsStale() {
  const clients = [
    { name: 'renderer', out: 'dist/renderer/index.html', build: ['vite', 'build'] },
    { name: 'guest-web', out: 'dist/guest-web/index.html', build: ['vite', 'build', '--config', 'guest-web/vite.config.ts'] },
    { name: 'work-web', out: 'dist/work-web/index.html', build: ['vite', 'build', '--config', 'work-web/vite.config.ts'] },
  ];
  for (const c of clients) {
    // The phone pages are built from clients-kit/ too (their shell, i18n set-up and calls).
    const sources = [at(c.name), at('shared'), ...(c.name === 'renderer' ? [] : [at('clients-kit')])];
    if (!existsSync(at(path.join(c.name, 'index.html'))) || !stale(at(c.out), sources)) continue;
    if (!hasPackage('vite')) {
      console.warn(`${c.name} is not built or older than its sources, and Vite is not installed (npm ci --omit=dev?): serving ${existsSync(at(c.out)) ? 'the older build' : 'no ' + c.name + ' pages'}.`);
      continue;
    }
    console.log(`Building ${c.name} …`);
    await run(process.execPath, [at('node_modules/vite/bin/vite.js'), ...c.build.slice(1)]);
  }
  if (stale(at('dist-server/main.js'), [at('server/src'), at('shared')])) {
    if (hasPackage('esbuild')) {
      const { buildServer } = await import('./build-server.mjs');
      await buildServer();
    } else if (existsSync(at('dist-server/main.js'))) {
      console.warn('dist-server/ is older than the server sources and esbuild is not installed: running the older build.');
    }
  }
  if (!existsSync(at('dist-server/main.js'))) {
    console.error('dist-server/main.js is missing. Build it where the dev dependencies are installed: npm ci && npm run build');
    process.exit(1);
  }
}

/**
 * npm runs this script through `sh -c`, and a SIGTERM to npm reaches only that shell,
 * which dies without passing it on. When the process that started this one is gone,
 * stop as if we had been told to: the server's own SIGTERM handling closes it cleanly.
 */
function stopWhenOrphaned() {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      process.kill(process.pid, 'SIGTERM');
    }
  }, 250);
  timer.unref();
}

/**
 * The server's port and data folder, checked before a build that can take minutes: a
 * taken port is said at once, before anything is built or the database is touched.
 * A value the server would refuse is left for its own message.
 */
async function preflight() {
  const checks = await loadPreflight();
  if (!checks) return;
  const { dataDirProblem, portProblem } = checks;
  const port = Number(process.env.PORT || 8080);
  const host = process.env.HOST || '0.0.0.0';
  const problems = [];
  if (Number.isInteger(port) && port >= 0 && port <= 65535) problems.push(await portProblem(port, host));
  if (!process.env.DATABASE_URL || !process.env.HOTEL_JWT_SECRET) problems.push(dataDirProblem(path.resolve(process.env.HOTEL_DATA_DIR || './data')));
  const problem = problems.find(Boolean);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

if (!tool) await preflight();
await buildWhatIsStale();
stopWhenOrphaned();
await import(pathToFileURL(at(`dist-server/${tool ?? 'main'}.js`)).href);
