// `npm start` checks the port and the data folder before it builds: a build takes minutes, a
// taken port should cost a second and one clear line. The checks are the server's own
// (server/src/preflight.ts), run again by the server before it opens the database. Here they
// come from the source, compiled by esbuild (installed whenever a build may follow), or else
// from the build (dist-server/preflight.js, e.g. after `npm ci --omit=dev`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server's start checks (`portProblem`, `dataDirProblem`), or undefined when this tree has
 * neither the source and esbuild nor a built server: the server then checks on its own.
 */
export async function loadPreflight() {
  const source = path.join(root, 'server/src/preflight.ts');
  if (existsSync(source) && existsSync(path.join(root, 'node_modules/esbuild/package.json'))) {
    const { transform } = await import('esbuild');
    // The file imports Node's own modules only, which a data: module may load.
    const { code } = await transform(readFileSync(source, 'utf8'), { loader: 'ts', format: 'esm', target: 'node20.19' });
    return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  }
  const built = path.join(root, 'dist-server/preflight.js');
  return existsSync(built) ? import(pathToFileURL(built).href) : undefined;
}
