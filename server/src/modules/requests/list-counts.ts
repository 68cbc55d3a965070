import type { AppContext } from '../../context';

/**
 * Totals of the paged staff lists (X-Total-Count), kept per list, scope, filters and
 * search, so paging through one view counts its rows once instead of on every page.
 * Any live event (a request created, a line moved, a review) can change a total, so
 * each one empties this process's counts; every process hears every event. A short
 * lifetime bounds what a lost event could leave stale.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

export class ListCounts {
  private readonly entries = new Map<string, { total: number; at: number }>();
  // A count that began before an event must not be kept after it.
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at <= TTL_MS) return hit.total;
    const generation = this.generation;
    const total = await count();
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { total, at: this.now() });
    }
    return total;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

const perContext = new WeakMap<AppContext, ListCounts>();

/** The counts of one server (tests run several in one process). */
export function listCountsOf(ctx: AppContext): ListCounts {
  let counts = perContext.get(ctx);
  if (!counts) {
    const created = new ListCounts();
    ctx.events.subscribe(
      () => created.clear(),
      () => created.clear(),
    );
    perContext.set(ctx, created);
    counts = created;
  }
  return counts;
}
