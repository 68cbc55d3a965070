import { asc, eq, inArray } from 'drizzle-orm';
import type { Language } from '@shared';
import { inLanguage } from '../../access/names';
import type { DbOrTx } from '../../db/client';
import { requestLines, services } from '../../db/schema';

/** The service names of the given requests, in each request's line order (the Guests Requests row shows them, and a stay's review e-mail). */
export async function serviceNamesOf(db: DbOrTx, requestIds: string[], lang: Language): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return names;
  const rows = await db
    .select({ requestId: requestLines.requestId, name: inLanguage(lang, { en: services.nameEn, ar: services.nameAr }) })
    .from(requestLines)
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .where(inArray(requestLines.requestId, requestIds))
    .orderBy(asc(requestLines.id));
  for (const row of rows) names.get(row.requestId)?.push(row.name);
  return names;
}
