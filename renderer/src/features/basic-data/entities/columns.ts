import type { Language } from '@shared';
import type { TFunction } from 'i18next';
import { dateColumn } from '../../../table/date-column';
import type { TableColumn } from '../../../table/DataTable';
import type { FieldLabel } from '../screen/types';

/**
 * Column helpers shared by the entity descriptions. `sortKey` is the row field the server
 * sorts by when the list is paged by the server, if it is not the column's id.
 */
export const col = <Row>(
  t: TFunction,
  id: FieldLabel,
  value: (row: Row) => string | number | null | undefined,
  flex?: number,
  sortKey?: string,
): TableColumn<Row> => ({ id, header: t(`fields.${id}`), value, flex, sortKey });

/** The sort key of a bilingual field in the user's language ('nameEn' / 'nameAr'). */
export const localKey = (stem: string, lang: string) => `${stem}${lang === 'ar' ? 'Ar' : 'En'}`;

export const createdAtCol = <Row extends { createdAt: string }>(t: TFunction, lang: string): TableColumn<Row> =>
  dateColumn<Row>('createdAt', t('fields.createdAt'), (r) => r.createdAt, lang);

/** The name in the user's language for bilingual rows. */
export const localName = (row: { nameAr: string; nameEn: string }, lang: string) => (lang === 'ar' ? row.nameAr : row.nameEn);

/** The reader's language as the contract names it (anything but Arabic reads English). */
export const readerOf = (lang: string): Language => (lang === 'ar' ? 'ar' : 'en');
