import type { z } from 'zod';
import type { Language, RowError } from '@shared';
import { fieldErrorsOf } from '../../http/validation';
import { type Localized, localize } from '../../i18n/localize';
import { excelMessages as m } from './excel.messages';

export interface RowProblem {
  row: number;
  column: string;
  message: Localized;
  params?: Record<string, string | number>;
}

/** Collects problems of a sheet, one per cell: the first reason found is the one the user needs. */
export class RowProblems {
  private readonly list: RowProblem[] = [];
  private readonly cells = new Set<string>();

  add(row: number, column: string, message: Localized, params?: Record<string, string | number>): void {
    const cell = `${row}\u0000${column}`;
    if (this.cells.has(cell)) return;
    this.cells.add(cell);
    this.list.push({ row, column, message, params });
  }

  has(row: number, column: string): boolean {
    return this.cells.has(`${row}\u0000${column}`);
  }

  get count(): number {
    return this.list.length;
  }

  /** In sheet order, in the caller's language. */
  render(lang: Language): RowError[] {
    return [...this.list]
      .sort((a, b) => a.row - b.row)
      .map((p) => ({ row: p.row, column: p.column, message: localize(p.message, lang, p.params) }));
  }
}

/**
 * Checks a row's input with the contract's own schema (the same rules as the
 * Add* calls), reporting each issue under the sheet column the field came from.
 */
export function checkWithSchema<S extends z.ZodType>(
  schema: S,
  input: unknown,
  row: number,
  columnOfField: Record<string, string>,
  problems: RowProblems,
): z.output<S> | undefined {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const error of fieldErrorsOf(result.error.issues)) {
    const field = error.field.split('.')[0];
    problems.add(row, columnOfField[field] ?? field, error.message, error.params);
  }
  return undefined;
}

/** Finds a reference row's id by what a cell says. */
export interface KeyMap {
  get(text: string): number | undefined;
  /** What to tell of text it does not know (default: an unknown code). */
  readonly unknown?: Localized;
}

/**
 * Codes of a reference table. Codes are matched as typed first, then regardless of
 * case when that is unambiguous (a typed "std" for "STD" is clearly meant).
 */
export class CodeMap implements KeyMap {
  private readonly exact = new Map<string, number>();
  private readonly folded = new Map<string, number | null>();

  constructor(entries: Iterable<{ id: number; code: string }>) {
    for (const { id, code } of entries) {
      this.exact.set(code, id);
      const key = code.toLowerCase();
      this.folded.set(key, this.folded.has(key) ? null : id);
    }
  }

  get(code: string): number | undefined {
    return this.exact.get(code) ?? this.folded.get(code.toLowerCase()) ?? undefined;
  }
}

/** Resolves a reference column; reports an unknown code. Empty stays undefined for the schema to judge. */
export function resolveCode(codes: KeyMap, text: string, row: number, column: string, problems: RowProblems): number | undefined {
  if (!text) return undefined;
  const id = codes.get(text);
  if (id === undefined) problems.add(row, column, codes.unknown ?? m.unknownCode, { code: text });
  return id;
}

/** Resolves a comma-separated list of codes; reports every unknown one. */
export function resolveCodes(codes: KeyMap, texts: string[], row: number, column: string, problems: RowProblems): number[] {
  const unknown = texts.filter((t) => codes.get(t) === undefined);
  if (unknown.length) problems.add(row, column, codes.unknown ?? m.unknownCode, { code: unknown.join(', ') });
  return texts.map((t) => codes.get(t)).filter((id): id is number => id !== undefined);
}

/**
 * Reports rows whose key repeats an earlier row of the file or a row already in
 * the database. Keys are compared as given (callers fold case where the database does).
 */
export function checkUnique<T>(
  items: readonly { row: number; item: T }[],
  column: string,
  keyOf: (item: T) => string,
  existsInDb: (key: string) => boolean,
  shown: (item: T) => string,
  problems: RowProblems,
): void {
  const firstRow = new Map<string, number>();
  for (const { row, item } of items) {
    const key = keyOf(item);
    const earlier = firstRow.get(key);
    if (earlier !== undefined) problems.add(row, column, m.duplicateInFile, { row: earlier });
    else {
      firstRow.set(key, row);
      if (existsInDb(key)) problems.add(row, column, m.alreadyExists, { value: shown(item) });
    }
  }
}
