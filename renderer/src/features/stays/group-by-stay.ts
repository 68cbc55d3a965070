import type { StaySummary } from '@shared';

export interface StayGroup<R> {
  /** null: the requests made outside any stay the PMS told of. */
  stay: StaySummary | null;
  requests: R[];
}

/**
 * The room's requests (newest first) grouped by the stay they were made in: one group per
 * stay, and one for every request outside a stay, each group where its newest request
 * falls, its requests keeping their order.
 */
export function groupByStay<R extends { stay?: StaySummary | null }>(requests: R[]): StayGroup<R>[] {
  const groups = new Map<number | 'none', StayGroup<R>>();
  for (const request of requests) {
    const stay = request.stay ?? null;
    const key = stay ? stay.id : 'none';
    const group = groups.get(key) ?? { stay, requests: [] };
    group.requests.push(request);
    groups.set(key, group);
  }
  return [...groups.values()];
}
