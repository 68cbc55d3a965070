import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from './client';

/** The least time between two probe writes of the health check (the server's clock). */
export const PROBE_INTERVAL_MS = 1_000;
/** The file the probe writes and removes in the data folder. */
export const PROBE_FILE = 'storage-probe.tmp';

export interface StorageProbeTarget {
  db: Db;
  dataDir: string;
  clock: Clock;
}

/**
 * Whether the server can write: a write that failed for lack of disk space marks it
 * unwritable (health answers 503 `storage: unwritable`, so a monitor sees it). It is
 * writable again when a call's write succeeds, or when the health check's own probe does:
 * while unwritable, a health call writes a small file in the data folder and, when the
 * database was what failed, one row of `storage_probe`, at most once a PROBE_INTERVAL_MS.
 * So a node its load balancer took out of rotation comes back by itself once there is room.
 */
export class StorageState {
  private full = false;
  /** The database's write failed (not only a file's): the probe writes to it too. */
  private databaseFull = false;
  private probing: Promise<void> | undefined;
  private lastProbeAt = Number.NEGATIVE_INFINITY;
  /** Told once each time the server can write again (the log says so). */
  onWritable?: (how: 'a call wrote' | 'the health probe wrote') => void;

  constructor(private readonly target?: StorageProbeTarget) {}

  get unwritable(): boolean {
    return this.full;
  }

  writeFailedForSpace(error?: unknown): void {
    this.full = true;
    // A file's ENOSPC leaves the database alone; a SQLSTATE 53xxx (or no error given) is the database's.
    if ((error as { code?: unknown } | undefined)?.code !== 'ENOSPC') this.databaseFull = true;
  }

  wrote(how: 'a call wrote' | 'the health probe wrote' = 'a call wrote'): void {
    if (!this.full) return;
    this.full = false;
    this.databaseFull = false;
    this.onWritable?.(how);
  }

  /**
   * While unwritable, tries the writes that failed (rate-limited; concurrent callers share one
   * try) and answers whether the server is writable now.
   */
  async probe(): Promise<boolean> {
    if (!this.full || !this.target) return !this.full;
    const now = this.target.clock.now().getTime();
    if (!this.probing && now - this.lastProbeAt >= PROBE_INTERVAL_MS) {
      this.lastProbeAt = now;
      this.probing = this.tryWrites(this.target).finally(() => (this.probing = undefined));
    }
    await this.probing;
    return !this.full;
  }

  private async tryWrites({ db, dataDir, clock }: StorageProbeTarget): Promise<void> {
    const database = this.databaseFull;
    try {
      const file = path.join(dataDir, PROBE_FILE);
      await writeFile(file, clock.now().toISOString(), { flush: true });
      await rm(file, { force: true });
      if (database) {
        await db.execute(
          sql`insert into storage_probe (id, written_at) values (1, ${clock.now().toISOString()}::timestamptz) on conflict (id) do update set written_at = excluded.written_at`,
        );
      }
    } catch {
      // Still no room (or another failure: then no write is known to succeed either).
      return;
    }
    this.wrote('the health probe wrote');
  }
}
