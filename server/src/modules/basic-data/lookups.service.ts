import { FACILITIES, type Facility, type Language, type Lookup, type RoomLookup, type ServiceLookupGroup, displayName } from '@shared';
import { inLanguage } from '../../access/names';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import type { EntityKey } from './basic-data.entities';
import { notFoundMessages } from './basic-data.messages';
import { BasicDataRepository } from './basic-data.repository';
import { naturalCompare } from './list-query';

type Named = Record<string, unknown>;

/** The name shown in a select, in the caller's language (DESIGN: nameAr for ar, nameEn for en). */
export function nameFor(row: Named, lang: Language): string {
  if ('nameEn' in row) return String(inLanguage(lang, { en: row.nameEn, ar: row.nameAr }));
  // Hotels, departments and workers have name (English) and nameAr (optional but for hotels); companies one name only.
  return displayName(lang, { name: String(row.name), nameAr: typeof row.nameAr === 'string' ? row.nameAr : null });
}

/** Select data for the forms (Generate*, GetFacilities): id and name, alphabetical in the caller's language. */
export class LookupsService {
  constructor(private readonly db: DbOrTx) {}

  async lookup(key: EntityKey, lang: Language): Promise<Lookup[]> {
    const rows = await new BasicDataRepository(this.db).lookupRows(key);
    return byName(rows.map((row) => ({ id: Number(row.id), name: nameFor(row, lang) })), lang);
  }

  async rooms(hotelId: number): Promise<RoomLookup[]> {
    const repo = new BasicDataRepository(this.db);
    if (!(await repo.exists('hotel', hotelId))) throw notFound(notFoundMessages.hotel);
    return (await repo.roomsOfHotel(hotelId)).sort((a, b) => naturalCompare(a.number, b.number));
  }

  /** Services under their group's name; groups without services are left out. */
  async services(lang: Language): Promise<ServiceLookupGroup[]> {
    const rows = await new BasicDataRepository(this.db).servicesWithGroups();
    const groups = new Map<number, ServiceLookupGroup>();
    for (const row of rows) {
      let group = groups.get(row.groupId);
      if (!group) {
        group = { name: inLanguage(lang, { en: row.groupNameEn, ar: row.groupNameAr }), services: [] };
        groups.set(row.groupId, group);
      }
      const other = inLanguage(lang, { en: row.nameAr, ar: row.nameEn });
      // A guest may type in either language whatever the page's, so both names and both sets of words find it.
      const keywords = [other, row.searchWordsEn, row.searchWordsAr].filter((w) => w.trim()).join(' ');
      group.services.push({ id: row.id, name: inLanguage(lang, { en: row.nameEn, ar: row.nameAr }), isSpecial: row.isSpecial, keywords });
    }
    const out = byName([...groups.values()], lang);
    for (const group of out) group.services = byName(group.services, lang);
    return out;
  }

  facilities(lang: Language): Facility[] {
    return FACILITIES.map((f) => ({ code: f.code, name: inLanguage(lang, { en: f.nameEn, ar: f.nameAr }), nameEn: f.nameEn, nameAr: f.nameAr }));
  }
}

function byName<T extends { name: string }>(items: T[], lang: Language): T[] {
  const collator = new Intl.Collator(lang, { numeric: true });
  return [...items].sort((a, b) => collator.compare(a.name, b.name));
}
