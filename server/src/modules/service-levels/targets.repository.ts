import { type Targets, resolveTargets } from '@shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotels, serviceGroups, services } from '../../db/schema';

/** The targets each service has in one hotel: its own, else its group's, else the hotel's. */
export async function targetsOf(db: DbOrTx, serviceIds: number[], hotelId: number): Promise<Map<number, Targets>> {
  if (serviceIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: services.id,
      service: { acknowledgeMinutes: services.acknowledgeMinutes, completeMinutes: services.completeMinutes },
      group: { acknowledgeMinutes: serviceGroups.acknowledgeMinutes, completeMinutes: serviceGroups.completeMinutes },
      hotel: { acknowledgeMinutes: hotels.acknowledgeMinutes, completeMinutes: hotels.completeMinutes },
    })
    .from(services)
    .innerJoin(serviceGroups, eq(serviceGroups.id, services.serviceGroupId))
    .innerJoin(hotels, eq(hotels.id, hotelId))
    .where(and(inArray(services.id, serviceIds)));
  return new Map(rows.map((r) => [r.id, resolveTargets(r.service, r.group, r.hotel)]));
}
