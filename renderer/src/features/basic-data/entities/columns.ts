import type { TFunction } from 'i18next';
import { formatDate } from '../../../table/format';
import type { TableColumn } from '../../../table/DataTable';
import type { FieldLabel } from '../screen/types';

/** Column helpers shared by the entity descriptions. */
export const col = <Row>(t: TFunction, id: FieldLabel, value: (row: Row) => string | number | null | undefined, flex?: number): TableColumn<Row> => ({
  id,
  header: t(`fields.${id}`),
  value,
  flex,
});

export const createdAtCol = <Row extends { createdAt: string }>(t: TFunction, lang: string): TableColumn<Row> =>
  col<Row>(t, 'createdAt', (r) => formatDate(r.createdAt, lang));

/** The name in the user's language for bilingual rows. */
export const localName = (row: { nameAr: string; nameEn: string }, lang: string) => (lang === 'ar' ? row.nameAr : row.nameEn);
