import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';

/**
 * PGlite is one process's database: two servers opening the same folder would corrupt
 * it. The lock is a Unix domain socket bound in the data folder for the holder's whole
 * life, not a file with a process number: a process in another container (another PID
 * namespace) on the same volume cannot see that number, but it can connect to the
 * socket. A socket file nobody listens on (its holder was killed) refuses connections
 * and is taken over.
 */
export const LOCK_SOCKET = 'server-lock.sock';

/** Linux's limit on a socket path (sun_path, 108 bytes with its terminating zero). */
const MAX_SOCKET_PATH = 107;

export class DataDirInUseError extends Error {}

type Holder = { alive: true; pid?: number } | { alive: false };

/** Asks whoever listens on the socket for its process number; none listening: not alive. */
function probe(file: string): Promise<Holder> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(socketPath(file));
    // A holder that accepts but does not answer (busy, or not this server) still holds the lock.
    const timer = setTimeout(() => finish({ alive: true }), 2000);
    const finish = (holder: Holder) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(holder);
    };
    socket.on('data', (chunk) => void (answer += chunk.toString()));
    socket.on('end', () => finish({ alive: true, pid: Number(answer.trim()) || undefined }));
    // ECONNREFUSED (nobody listens: stale), ENOENT (no lock), ENOTSOCK and the like (not a socket).
    socket.on('error', () => finish({ alive: false }));
  });
}

/** The shortest spelling of a socket's path, which may not exceed MAX_SOCKET_PATH bytes. */
function socketPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  const shortest = Buffer.byteLength(relative) < Buffer.byteLength(file) ? relative : file;
  if (Buffer.byteLength(shortest) > MAX_SOCKET_PATH) {
    throw new Error(`The data folder's path is too long for its lock (a socket path has at most ${MAX_SOCKET_PATH} bytes): ${file}. Use a shorter HOTEL_DATA_DIR.`);
  }
  return shortest.includes('/') ? shortest : `./${shortest}`;
}

function inUse(dataDir: string, holder: { pid?: number }): DataDirInUseError {
  const who = holder.pid ? `pid ${holder.pid}, as that process sees itself` : 'a live process';
  return new DataDirInUseError(`Another server (${who}) is using the data folder ${dataDir}. Stop it first.`);
}

/**
 * Takes the data folder for this process until the returned function is called (or the
 * process ends, however it ends). Refuses with DataDirInUseError while another holds it.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(path.resolve(dataDir), LOCK_SOCKET);
  socketPath(file); // A path too long fails here, before anything is touched.
  for (let attempt = 0; attempt < 5; attempt++) {
    const holder = await probe(file);
    if (holder.alive) throw inUse(dataDir, holder);
    await removeStale(dataDir, file);
    // Bound under a name of its own, then linked into place: link fails if another
    // process got there first, so two starting together cannot both hold the folder.
    const own = path.join(path.resolve(dataDir), `server-lock.${randomBytes(6).toString('hex')}.sock`);
    const server = await listen(own);
    try {
      linkSync(own, file);
    } catch (error) {
      server.close();
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    } finally {
      unlinkQuietly(own);
    }
    const { ino } = statSync(file);
    return () => {
      server.close();
      // Only our own socket: never one another process has since put there.
      try {
        if (statSync(file).ino === ino) unlinkSync(file);
      } catch {
        // Already gone.
      }
    };
  }
  throw new DataDirInUseError(`The data folder ${dataDir} is being taken by another process. Try again.`);
}

function listen(socket: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((peer) => {
      // A prober that hangs up before the answer (EPIPE, ECONNRESET) must not crash the holder.
      peer.on('error', () => undefined);
      peer.end(`${process.pid}\n`);
    });
    server.on('error', reject);
    server.listen(socketPath(socket), () => {
      server.off('error', reject);
      // The lock must not keep the process alive.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Moves a stale socket aside (an atomic rename: of several processes only one gets it),
 * then checks what it moved: if a live holder had replaced the stale one meanwhile, it is
 * put back (link refuses to replace anything), and the folder is in use.
 */
async function removeStale(dataDir: string, file: string): Promise<void> {
  const aside = `${file}.stale-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // No lock, or another process moved it first.
  }
  const moved = await probe(aside);
  if (moved.alive) {
    try {
      linkSync(aside, file);
    } catch {
      // Another process has already put a socket there.
    }
    unlinkQuietly(aside);
    throw inUse(dataDir, moved);
  }
  unlinkQuietly(aside);
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
