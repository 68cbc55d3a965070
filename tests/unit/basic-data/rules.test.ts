import { describe, expect, it } from 'vitest';
import { isSpecialServiceName } from '@shared';
import { ENTITIES } from '../../../server/src/modules/basic-data/basic-data.entities';
import { nameFor } from '../../../server/src/modules/basic-data/lookups.service';

describe('isSpecialServiceName', () => {
  it("is true for 'Special Request' in any letter case and with outer spaces", () => {
    for (const name of ['Special Request', 'special request', 'SPECIAL REQUEST', '  Special Request ']) {
      expect(isSpecialServiceName(name), name).toBe(true);
    }
  });

  it('is false for anything else', () => {
    for (const name of ['Special Requests', 'Special  Request', 'طلب خاص', '', 'Request']) {
      expect(isSpecialServiceName(name), name).toBe(false);
    }
  });
});

describe('nameFor (select data)', () => {
  it('takes nameEn or nameAr by language for bilingual rows', () => {
    expect(nameFor({ nameEn: 'Suite', nameAr: 'جناح' }, 'en')).toBe('Suite');
    expect(nameFor({ nameEn: 'Suite', nameAr: 'جناح' }, 'ar')).toBe('جناح');
  });

  it('takes name or nameAr for hotels, and the one name of companies and departments in both languages', () => {
    expect(nameFor({ name: 'Nakheel Riyadh', nameAr: 'نخيل الرياض' }, 'en')).toBe('Nakheel Riyadh');
    expect(nameFor({ name: 'Nakheel Riyadh', nameAr: 'نخيل الرياض' }, 'ar')).toBe('نخيل الرياض');
    expect(nameFor({ name: 'Front Office' }, 'ar')).toBe('Front Office');
  });
});

describe('entity descriptions', () => {
  it('describe a row field for every code and reference, so lists can sort on them', () => {
    for (const def of Object.values(ENTITIES)) {
      const fields = Object.keys(def.row.shape);
      expect(fields, def.key).toContain(def.codeField);
      for (const ref of def.references) expect(fields, `${def.key}.${ref.field}`).toContain(ref.field);
    }
  });

  it('list every relation that keeps a row from being removed', () => {
    const uses = Object.fromEntries(Object.values(ENTITIES).map((d) => [d.key, d.usages.map((u) => u.what)]));
    expect(uses).toEqual({
      company: ['hotels'],
      hotel: ['rooms', 'bookingRooms', 'requests', 'users', 'workers'],
      useType: ['rooms'],
      roomType: ['rooms', 'bookingRooms'],
      room: ['requests'],
      serviceGroup: ['services'],
      service: ['requestLines'],
      worker: ['requestLines'],
      department: ['services', 'workers', 'users', 'requestLines'],
    });
  });
});
