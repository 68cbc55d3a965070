import type { Language, ListQuery } from '@shared';
import { listIn } from '../../access/names';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound, type LocalizedFieldError } from '../../http/errors';
import { common } from '../../i18n/common.messages';
import { format, type Localized } from '../../i18n/localize';
import { ENTITIES, type EntityDef, type EntityKey } from './basic-data.entities';
import { entityNames, messages, notFoundMessages, usageNames } from './basic-data.messages';
import { BasicDataRepository, type StoredRow } from './basic-data.repository';
import { applyListQuery, type ListPage } from './list-query';
import { type Scope, canSeeHotel } from '../../access/scope';

type Input = Record<string, unknown>;
export type ContractRow = Record<string, unknown> & { id: number; createdAt: string };

/**
 * Add / list / edit / remove of every master-data entity, driven by its description in
 * basic-data.entities.ts. Each mutation checks its rules and writes in one transaction,
 * so a refused call changes nothing. Built on a transaction (e.g. a spreadsheet import),
 * each mutation becomes a savepoint of it and the caller decides when everything commits.
 */
export class BasicDataService {
  constructor(private readonly db: DbOrTx) {}

  /** The list as `scope` may see it: rows of a hotel only for that hotel's staff. */
  async list(key: EntityKey, query: Partial<ListQuery>, scope: Scope, lang: Language = 'en'): Promise<ListPage<ContractRow>> {
    const def = ENTITIES[key];
    const { hotelField } = def;
    let rows = (await new BasicDataRepository(this.db).list(key, lang)).map(toContractRow);
    if (hotelField) rows = rows.filter((row) => canSeeHotel(scope, row[hotelField] as number));
    if (def.hotels) rows = rows.filter((row) => sharesHotel(scope, row.hotelIds as number[]));
    return applyListQuery(rows, query, Object.keys(def.row.shape));
  }

  /**
   * Writes follow the scope of the list: a row of a hotel `scope` may not see answers as
   * missing (404), and a hotel it may not see cannot be chosen (the same "does not exist"
   * as a hotel that is not there), so nobody edits, fills or empties another hotel.
   */
  async add(key: EntityKey, input: Input, scope: Scope): Promise<number> {
    const def = ENTITIES[key];
    const { hotelIds, values } = splitHotels(def, valuesOf(def, input));
    if (def.hotels && hotelIds === undefined) throw badRequest(messages.hotelsRequired, {}, [{ field: 'hotelIds', message: messages.hotelsRequired }]);
    return this.db.transaction(async (tx) => {
      const repo = new BasicDataRepository(tx);
      await checkReferences(repo, def, values, scope, hotelIds);
      if (await repo.codeTaken(def, values)) throw duplicate(def, values);
      const id = await repo.insert(def, values).catch(rethrowDuplicate(def, values));
      if (def.hotels) await repo.replaceHotels(def, id, [...new Set(hotelIds)]);
      return id;
    });
  }

  async edit(key: EntityKey, id: number, input: Input, scope: Scope): Promise<void> {
    const def = ENTITIES[key];
    const { hotelIds, values } = splitHotels(def, valuesOf(def, input));
    await this.db.transaction(async (tx) => {
      const repo = new BasicDataRepository(tx);
      const existing = await repo.findById(def, id);
      const existingHotels = def.hotels && existing ? await repo.hotelIdsOf(def, id) : [];
      if (!existing || !inScope(def, existing, scope, existingHotels)) throw notFound(notFoundMessages[key]);
      if (values[def.codeField] !== existing[def.codeField]) {
        throw badRequest(common.codeFixed, {}, [{ field: def.codeField, message: common.codeFixed }]);
      }
      await checkReferences(repo, def, values, scope, hotelIds);
      if (def.hotels) {
        // The caller chooses among the hotels it sees; the worker keeps the hotels the caller does not see.
        if (hotelIds) await repo.replaceHotels(def, id, [...new Set([...hotelIds, ...existingHotels.filter((h) => !canSeeHotel(scope, h))])]);
        // Someone has saved the worker: the upgrade's "every hotel" is no longer to be reviewed.
        values.hotelsToReview = false;
      }
      const changed = (def.lockedWhileUsed ?? []).filter((field) => values[field] !== undefined && values[field] !== existing[field]);
      if (changed.length > 0) {
        const uses = await usesOf(repo, def, id);
        if (uses.length > 0) throw lockedWhileUsed(changed[0], uses);
      }
      // A room moved to another hotel must not meet a room of the same number there.
      if (def.codeScope && (await repo.codeTaken(def, values, id))) throw duplicate(def, values);
      await repo.update(def, id, values).catch(rethrowDuplicate(def, values));
    });
  }

  async remove(key: EntityKey, id: number, scope: Scope): Promise<void> {
    const def = ENTITIES[key];
    await this.db.transaction(async (tx) => {
      const repo = new BasicDataRepository(tx);
      const existing = await repo.findById(def, id);
      const existingHotels = def.hotels && existing ? await repo.hotelIdsOf(def, id) : [];
      if (!existing || !inScope(def, existing, scope, existingHotels)) throw notFound(notFoundMessages[key]);
      const uses = await usesOf(repo, def, id);
      if (uses.length > 0) throw inUse(uses);
      await repo.remove(def, id);
    });
  }
}

function valuesOf(def: EntityDef, input: Input): Input {
  return { ...input, ...def.derive?.(input) };
}

/**
 * A row of a hotel is in scope when its hotel is; a row of several hotels (a worker) when
 * it shares one of the caller's; rows of no hotel (services, departments…) always are.
 */
function inScope(def: EntityDef, row: Input, scope: Scope, hotelIds: readonly number[]): boolean {
  if (def.hotels) return sharesHotel(scope, hotelIds);
  return !def.hotelField || canSeeHotel(scope, Number(row[def.hotelField]));
}

/** An admin reaches every row; others a row sharing at least one of their hotels. */
function sharesHotel(scope: Scope, hotelIds: readonly number[]): boolean {
  return scope.isAdmin || hotelIds.some((hotelId) => canSeeHotel(scope, hotelId));
}

/** `hotelIds` of a row of several hotels is stored in its own table, not in the row. */
function splitHotels(def: EntityDef, input: Input): { hotelIds: number[] | undefined; values: Input } {
  if (!def.hotels) return { hotelIds: undefined, values: input };
  const { hotelIds, ...values } = input;
  return { hotelIds: hotelIds as number[] | undefined, values };
}

/** Every missing reference is reported at once, each on its own field; a hotel out of scope is missing. */
async function checkReferences(repo: BasicDataRepository, def: EntityDef, values: Input, scope: Scope, hotelIds?: readonly number[]): Promise<void> {
  const missing: LocalizedFieldError[] = [];
  if (hotelIds) {
    const known = new Set(await repo.existingHotels(hotelIds));
    if (hotelIds.some((hotelId) => !known.has(hotelId) || !canSeeHotel(scope, hotelId))) {
      missing.push({ field: 'hotelIds', message: fill(messages.referenceMissing, (lang) => ({ what: entityNames.hotel[lang] })) });
    }
  }
  for (const ref of def.references) {
    const id = values[ref.field];
    if (id === undefined || id === null) continue;
    const hidden = ref.entity === 'hotel' && !canSeeHotel(scope, Number(id));
    if (hidden || !(await repo.exists(ref.entity, Number(id)))) {
      const what = entityNames[ref.entity];
      missing.push({ field: ref.field, message: fill(messages.referenceMissing, (lang) => ({ what: what[lang] })) });
    }
  }
  if (missing.length > 0) throw badRequest(common.referenceMissing, {}, missing);
}

function duplicate(def: EntityDef, values: Input): AppError {
  const code = String(values[def.codeField]);
  return conflict(def.codeScope ? messages.roomNumberTaken : common.duplicateCode, { code });
}

/** Two people adding the same code at once: the unique index decides, the answer is the same 409. */
function rethrowDuplicate(def: EntityDef, values: Input) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw duplicate(def, values);
    throw error;
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as never, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

type Uses = { what: keyof typeof usageNames; count: number }[];

async function usesOf(repo: BasicDataRepository, def: EntityDef, id: number): Promise<Uses> {
  const uses: Uses = [];
  for (const usage of def.usages) {
    const count = await repo.countUsage(usage, id);
    if (count > 0) uses.push({ what: usage.what, count });
  }
  return uses;
}

const usesText = (uses: Uses, lang: Language) =>
  listIn(lang, uses.map((u) => `${usageNames[u.what][lang]} (${u.count})`));

function inUse(uses: Uses): AppError {
  return new AppError(409, fill(messages.inUseBy, (lang) => ({ uses: usesText(uses, lang) })));
}

/** Names the field by what it points at ('hotelId' → 'hotel'), the way the form labels it. */
function lockedWhileUsed(field: string, uses: Uses): AppError {
  const ref = Object.values(ENTITIES).flatMap((d) => d.references).find((r) => r.field === field);
  const what = ref ? entityNames[ref.entity] : { en: field, ar: field };
  return new AppError(409, fill(messages.lockedWhileUsed, (lang) => ({ field: what[lang], uses: usesText(uses, lang) })));
}

/** A message whose parameters are themselves words in each language. */
function fill(message: Localized, params: (lang: Language) => Record<string, string>): Localized {
  return { en: format(message.en, params('en')), ar: format(message.ar, params('ar')) };
}

function toContractRow(row: StoredRow): ContractRow {
  const { updatedAt: _updatedAt, ...rest } = row;
  return { ...rest, createdAt: row.createdAt.toISOString() };
}
