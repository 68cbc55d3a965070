import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveEvent } from '@shared';
import { handleError } from '../../feedback/handle-error';
import { useLiveList } from '../live/use-live-list';

export interface LiveRowsSource<Row> {
  /** The whole list, or with `search` only the rows matching it. */
  fetch(search?: string): Promise<Row[]>;
  /** The rows of one request by its id, when the list can get them by key (faster than a search). */
  fetchOne?(requestId: string): Promise<Row[]>;
  codeOf(row: Row): string;
  updatedAt(row: Row): string;
}

// ISO 8601 UTC timestamps order as plain strings; no locale collation needed.
const newerFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** Newest first by updatedAt (SPEC §4); equal times keep their order. */
export function sortByUpdated<Row>(rows: Row[], updatedAt: (row: Row) => string): Row[] {
  return [...rows].sort((a, b) => newerFirst(updatedAt(a), updatedAt(b)));
}

/**
 * Puts the freshly fetched rows of one request in place of the ones the list had, so
 * an event costs one small query instead of reloading a list that may be long. The
 * list is already in order, so each fresh row is inserted where it belongs (binary
 * search) rather than sorting 100,000 rows per event.
 */
export function mergeRequestRows<Row>(rows: Row[], code: string, fresh: Row[], source: Pick<LiveRowsSource<Row>, 'codeOf' | 'updatedAt'>): Row[] {
  const out = rows.filter((r) => source.codeOf(r) !== code);
  for (const row of fresh.filter((r) => source.codeOf(r) === code)) {
    const at = source.updatedAt(row);
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newerFirst(source.updatedAt(out[mid]), at) <= 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, row);
  }
  return out;
}

/** A request list that loads once and then follows the staff event stream. */
export function useLiveRows<Row>(source: LiveRowsSource<Row>, key: string) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [newCount, setNewCount] = useState(0);
  const sourceRef = useRef(source);
  sourceRef.current = source;

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const s = sourceRef.current;
      setRows(sortByUpdated(await s.fetch(), s.updatedAt));
    } catch (err) {
      setRows([]);
      handleError(err, t('crud.loadFailed'));
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load, key]);

  useLiveList(
    useCallback(async (event: LiveEvent) => {
      if (event.type === 'request-created') setNewCount((n) => n + 1);
      try {
        const s = sourceRef.current;
        const fresh = s.fetchOne ? await s.fetchOne(event.requestId) : await s.fetch(event.requestCode);
        setRows((rows) => mergeRequestRows(rows, event.requestCode, fresh, s));
      } catch {
        // The next event or a reload will bring the row; an error toast per event would be noise.
      }
    }, []),
    load,
  );

  return { rows, loading, newCount, reload: load };
}
