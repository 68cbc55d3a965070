/**
 * Whether the database can write: a write that failed for lack of disk space marks it
 * unwritable (health answers 503 `storage: unwritable`, so a monitor sees it), and the
 * next write that succeeds marks it writable again.
 */
export class StorageState {
  private full = false;

  get unwritable(): boolean {
    return this.full;
  }

  writeFailedForSpace(): void {
    this.full = true;
  }

  wrote(): void {
    this.full = false;
  }
}
