// Checks made before anything slow or lasting happens (a build, a database set up, a
// first admin created): whether the port can be taken and the data folder written.
// The server runs them before it opens the database, and `npm start` (scripts/preflight.mjs)
// before it builds, so a taken port costs a second and one clear line, never a lost admin password.
// Node's own modules only: `npm start` compiles this file alone, before the server is built.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** A sentence saying why the server cannot listen on host:port, or null when it can. */
export function portProblem(port: number, host: string): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === 'EADDRINUSE') resolve(`Port ${port} is already in use (${where}): stop the program using it, or start with another port (PORT=8081 npm start).`);
      else if (error.code === 'EACCES') resolve(`Not allowed to listen on port ${port} (${where}): use a port above 1023 (PORT=8080 npm start).`);
      else if (error.code === 'EADDRNOTAVAIL') resolve(`This machine has no address ${host}: set HOST to one of its addresses, or leave it unset.`);
      else resolve(`Cannot listen on ${where}: ${error.message}`);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/** A sentence saying why the data folder cannot be written, or null when it can. */
export function dataDirProblem(dataDir: string): string | null {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(probe, '', { mode: 0o600 });
    rmSync(probe);
    return null;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    return `Cannot write the data folder ${dataDir} (${failure.code ?? failure.message}): give this user write access to it, or set HOTEL_DATA_DIR to a folder it owns.`;
  }
}
