import type { Principal } from './tokens';

/**
 * Who a change is recorded as. A caller with an API key is no user: the `…_by` user
 * column stays empty and the key goes in its `…_by_key` column, so the history reads
 * "integration <name>".
 */
export const byUser = (p: Principal): number | null => (p.apiKey ? null : p.userId);
export const byKey = (p: Principal): number | null => p.apiKey?.id ?? null;
