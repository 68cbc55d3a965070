import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds the database, the token-signing secret and backups: only the
 * server's own account may read it. At every start the folder and everything in it
 * (also what an older version made world-readable) become 0700 for folders and 0600
 * for files; symbolic links are left alone (chmod would follow them out of the folder).
 */
export function secureDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(entry, 0o700);
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else if ((stat.mode & 0o777) !== 0o600) {
      chmodSync(entry, 0o600);
    }
  };
  visit(dataDir);
}
