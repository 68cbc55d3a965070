import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: two servers opening the same folder would
 * corrupt it. The server holds a lock file with its pid while it runs; a lock
 * left by a crashed process (pid gone) is taken over.
 */
const heldHere = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  const holder = heldHere.has(path.resolve(dataDir)) ? process.pid : lockHolder(dataDir);
  if (holder !== undefined) {
    throw new Error(`Another server (pid ${holder}) is using the data folder ${dataDir}. Stop it first.`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  rmSync(file, { force: true });
  writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
  heldHere.add(path.resolve(dataDir));
  return () => {
    heldHere.delete(path.resolve(dataDir));
    try {
      if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}

/** The pid of a live server holding the folder, if any. */
export function lockHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'server.lock'), 'utf8'));
    if (!pid || pid === process.pid) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}
