import type { AssignmentHistory, Language } from '@shared';
import type { AppContext } from '../../context';

/**
 * What other modules add to a line's assignment history (the photos the worker's phone
 * attached, the routing's steps), registered by those modules when their routes are (buildApp
 * registers every module), so that requests imports neither: they import requests.
 */
type Parts = Required<Pick<AssignmentHistory, 'photoIds' | 'routing'>>;
type Reader<K extends keyof Parts> = (ctx: AppContext, lineId: number, lang: Language) => Promise<Parts[K]>;

const readers: { [K in keyof Parts]?: Reader<K> } = {};

/** Adds one part to every line's assignment history; a second call for the same part replaces the first. */
export function addToLineHistory<K extends keyof Parts>(part: K, reader: Reader<K>): void {
  (readers as Record<K, Reader<K>>)[part] = reader;
}

/** The registered parts of the line's history, one after the other. */
export async function lineHistoryParts(ctx: AppContext, lineId: number, lang: Language): Promise<Parts> {
  const { photoIds, routing } = readers;
  if (!photoIds || !routing) throw new Error('A part of the line history was not registered (the work and routing modules register theirs with their routes)');
  return { photoIds: await photoIds(ctx, lineId, lang), routing: await routing(ctx, lineId, lang) };
}
