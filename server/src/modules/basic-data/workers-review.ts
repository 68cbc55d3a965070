import type { DbOrTx } from '../../db/client';
import { workersToReview } from './basic-data.repository';

/** How many workers the start log names at most (then "and N more"). */
const NAMED = 50;

/**
 * The start log's line about workers the upgrade to worker hotels (migration 0043) gave
 * every hotel because they had served none: until someone saves each on the Worker
 * screen (choosing its hotels), every start names them. Undefined when there is none.
 */
export async function workersToReviewLine(db: DbOrTx): Promise<string | undefined> {
  const rows = await workersToReview(db);
  if (!rows.length) return undefined;
  const named = rows.slice(0, NAMED).map((r) => `${r.code} (${r.name})`).join(', ');
  const more = rows.length > NAMED ? ` and ${rows.length - NAMED} more` : '';
  return `${rows.length} worker(s) serve every hotel since the upgrade (they had served none): choose their hotels on the Worker screen: ${named}${more}`;
}
