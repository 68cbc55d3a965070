import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Rules written once, with a home each (issue 44): who sees which hotel (server/src/access/scope.ts),
 * the name a reader sees (server/src/access/names.ts), digits typed on an Arabic keyboard and a
 * typed phone (shared/typed-text.ts). Each pattern is how a copy of one of them was written
 * inline before; a match outside the rule's home is a copy come back: call the rule instead.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const files = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) return name === 'node_modules' || name === 'migrations' ? [] : files(rel);
    return /\.tsx?$/.test(name) ? [rel] : [];
  });

interface Copy {
  rule: string;
  home: string;
  dirs: string[];
  patterns: RegExp[];
  /** Lines as the copies were written (before issue 44): each must match a pattern. */
  old: string[];
}

const COPIES: Copy[] = [
  {
    rule: 'the hotel rule: canSeeHotel, canSeeHotelOrChain, hotelScopeSql',
    home: 'server/src/access/scope.ts',
    dirs: ['server/src'],
    patterns: [/\.hotelIds\.includes\(/, /\bisAdmin \? null\b/, /\bisAdmin \|\| \w+\.departmentIds\.includes\(/],
    old: [
      'if (!access.isAdmin && !access.hotelIds.includes(hotelId)) throw new AppError(403, m.hotelNotFound);',
      'return user.isAdmin || (hotelId !== null && user.hotelIds.includes(hotelId));',
      'return access.isAdmin ? null : access.hotelIds;',
      'const mine = departments.filter((d) => scope.isAdmin || scope.departmentIds.includes(d.id));',
    ],
  },
  {
    rule: 'the name for the reader’s language: inLanguage, nameIn, listIn (displayName in code)',
    home: 'server/src/access/names.ts',
    dirs: ['server/src'],
    patterns: [
      // A language test that goes on to a name: `lang === 'ar' ? hotels.nameAr : …`, `l === 'ar' && w.nameAr?.trim() ? …`.
      /[=!]== '(?:ar|en)' (?:\?|&&)[^:;]*[nN]ame/,
      // Any condition choosing between the two names of a thing: `ar ? s.nameAr : s.nameEn`.
      /\?\s+[\w.]*(?:nameAr|NameAr|name_ar)\s*:\s*[\w.]*(?:name|Name|nameEn|NameEn|name_en)\b/,
      /\?\s+[\w.]*(?:nameEn|NameEn|name_en|\.name)\s*:\s*[\w.]*(?:nameAr|NameAr|name_ar)\b/,
      // A list joined with the reader's comma.
      /'، '/,
    ],
    old: [
      "serviceName: lang === 'ar' ? services.nameAr : services.nameEn,",
      "hotelName: shape.lang === 'ar' ? hotels.nameAr : hotels.name,",
      "const lang = (w: repo.WorkerState, l: Language) => (l === 'ar' && w.nameAr?.trim() ? w.nameAr : w.name);",
      "when 'service' then (select ${lang === 'ar' ? sql`s.name_ar` : sql`s.name_en`} from services s where s.id = r.scope_id)",
      "hotelNames: sql<string[]>`coalesce((select array_agg(${lang === 'ar' ? sql.raw('h.name_ar') : sql.raw('h.name')} order by h.id)",
      "services: subject.services.map((s) => (ar ? s.nameAr : s.nameEn)).join(ar ? '، ' : ', '),",
      "hotel: ar ? subject.hotelNameAr : subject.hotelNameEn,",
    ],
  },
  {
    rule: 'Arabic-Indic and Persian digits as 0-9: asciiDigits',
    home: 'shared/typed-text.ts',
    dirs: ['server/src', 'shared', 'renderer/src', 'guest-web/src', 'work-web/src', 'clients-kit', 'electron'],
    patterns: [/\\u0660-|\\u06[fF]0-|٠-٩|۰-۹/],
    old: [
      "const toAsciiDigits = (text: string) => text.replace(/[\\u0660-\\u0669\\u06F0-\\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));",
      'const DIGITS = /[\\u0660-\\u0669\\u06f0-\\u06f9]/g;',
    ],
  },
  {
    rule: 'a typed phone tidied: tidyPhone',
    home: 'shared/typed-text.ts',
    dirs: ['server/src', 'shared', 'renderer/src', 'guest-web/src', 'work-web/src', 'clients-kit', 'electron'],
    patterns: [/asciiDigits\([^)]*\)\.trim\(\)\.replace\(\/\\s\+\/g, ' '\)/],
    old: ["const tidy = asciiDigits(typed).trim().replace(/\\s+/g, ' ').replace(/^00/, '+');", "const tidy = asciiDigits(number).trim().replace(/\\s+/g, ' ');"],
  },
];

describe('a rule written once is not written again inline', () => {
  it.each(COPIES)('$rule: only in $home', ({ home, dirs, patterns }) => {
    const found = dirs
      .flatMap(files)
      .filter((file) => file !== home)
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (patterns.some((p) => p.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it.each(COPIES)('$rule: the patterns still catch the copies as they were written', ({ patterns, old }) => {
    expect(old.filter((line) => !patterns.some((p) => p.test(line)))).toEqual([]);
  });
});
