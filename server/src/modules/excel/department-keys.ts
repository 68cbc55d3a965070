import { type Language, displayName } from '@shared';
import { excelMessages } from './excel.messages';
import { CodeMap, type KeyMap } from './row-check';
import type { LookupItem } from './sheet-spec';

export interface DepartmentRow {
  id: number;
  code: string;
  name: string;
  nameAr: string | null;
}

const fold = (text: string) => text.normalize('NFC').trim().toLowerCase();

/**
 * A department cell of a sheet: its code (as typed, or regardless of case when that
 * is unambiguous) or, failing that, its English or Arabic name when only one
 * department bears it. Names are not unique; a name two departments share
 * identifies neither and is reported like an unknown code.
 */
export class DepartmentKeys implements KeyMap {
  private readonly codes: CodeMap;
  private readonly names = new Map<string, number | null>();
  readonly unknown = excelMessages.unknownDepartment;

  constructor(private readonly rows: readonly DepartmentRow[]) {
    this.codes = new CodeMap(rows);
    for (const row of rows) {
      for (const name of [row.name, row.nameAr]) {
        if (!name?.trim()) continue;
        const key = fold(name);
        const known = this.names.get(key);
        this.names.set(key, known === undefined || known === row.id ? row.id : null);
      }
    }
  }

  get(text: string): number | undefined {
    return this.codes.get(text) ?? this.names.get(fold(text)) ?? undefined;
  }

  /**
   * The drop-down of a template for a reader of `lang`: each department by the name
   * that reader knows it by (its code beside it on the lookup sheet), or by its code
   * when that name would not pick it out (shared with another department, or
   * another department's code).
   */
  choices(lang: Language): LookupItem[] {
    return this.rows.map((row) => {
      const name = displayName(lang, row);
      return { code: this.get(name) === row.id ? name : row.code, name: row.code };
    });
  }
}
