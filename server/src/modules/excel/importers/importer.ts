import type { Language } from '@shared';
import type { AppContext } from '../../../context';
import type { Localized } from '../../../i18n/localize';
import type { Principal } from '../../../security/tokens';
import type { Scope } from '../../../access/scope';
import type { ExcelRepository } from '../excel.repository';
import type { RowProblems } from '../row-check';
import type { LookupItem, SheetRow, SheetSpec } from '../sheet-spec';

export interface CheckedRow<T> {
  row: number;
  item: T;
}

/**
 * One importable sheet. The service reads the rows, asks `check` for a valid item
 * per row (or problems), and only when no row has a problem calls `save` inside
 * one transaction. Everything `check` needs is loaded once by `context`.
 */
export interface Importer<Ctx, T, Saved = unknown> {
  spec: SheetSpec;
  /**
   * The dropdown lists of the template, by lookup name; `scope` is the caller's (hotels
   * they may not see are left out), `lang` theirs (lists of names offer the names they read).
   */
  lookups(repo: ExcelRepository, scope: Scope, lang: Language): Promise<Record<string, LookupItem[]>>;
  /** `caller` is who uploads: a sheet may only add what they may add by hand, of the hotels they may see. */
  context(repo: ExcelRepository, rows: SheetRow[], caller: Principal): Promise<Ctx>;
  check(rows: SheetRow[], ctx: Ctx, problems: RowProblems): CheckedRow<T>[];
  /** `lang` is the uploader's language (a default for rows that leave a language empty). */
  save(repo: ExcelRepository, items: T[], lang: Language): Promise<Saved>;
  /** Work after the commit that must not undo the import (e-mails); may add a note to the answer. */
  afterCommit?(app: AppContext, saved: Saved, lang: Language, caller: Principal): Promise<AfterCommitNote | undefined>;
}

export interface AfterCommitNote {
  message: Localized;
  params: Record<string, string | number>;
}

export const asLookup = (rows: { code: string; name: string }[]): LookupItem[] => rows.map(({ code, name }) => ({ code, name }));
