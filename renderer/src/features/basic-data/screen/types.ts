import type { Endpoint, BasicDataItem } from '@shared';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { en } from '../../../i18n/en';
import type { TableColumn } from '../../../table/DataTable';
import type { LookupSource, Lookups } from '../../../api/use-lookups';
import { minutesOf } from './minutes';
import type { targetsEn } from '../targets.en';
import '../strings';

export type FieldLabel = keyof typeof en.fields;
/** A string of the service-level targets, named in full. */
export type TargetText = `targets.${keyof typeof targetsEn}`;
export type ErrorKey = keyof typeof en.errors;
export type { LookupSource, Lookups };
export type FormValues = Record<string, string>;

export interface FieldSpec {
  name: string;
  label: FieldLabel | TargetText;
  /** 'minutes': an optional whole number of minutes (a service-level target); empty sends null. */
  /** 'multiselect': one or more ids of `lookup`, kept as "1,2" in the form and sent as an array. */
  kind: 'text' | 'textarea' | 'select' | 'multiselect' | 'country' | 'phone' | 'minutes' | 'switch';
  /** A line under the field saying what it means. */
  hint?: TargetText | `fields.${FieldLabel}`;
  /** Required unless false (SPEC §5: create forms mark fields required). */
  required?: boolean;
  /** Options of a select, by id. */
  lookup?: LookupSource;
  /** The code or number: read-only when editing (SPEC §5). */
  lockedOnEdit?: boolean;
}

export interface CrudEndpoints {
  list: Endpoint;
  add: Endpoint;
  edit: Endpoint;
  remove: Endpoint;
}

/** Everything that makes one master-data screen: the generic screen does the rest. */
export interface EntityDescriptor<Row extends { id: number }> {
  item: BasicDataItem;
  /** `Section.Item` whose `.Create/.Edit/.Delete` claims show the buttons. */
  claim: string;
  api: CrudEndpoints;
  columns(t: TFunction, lang: string, lookups: Lookups): TableColumn<Row>[];
  fields: FieldSpec[];
  nameOf(row: Row, lang: string): string;
  /** The delete question when the name alone is ambiguous (room 101 of which hotel?). */
  deleteQuestion?(row: Row, t: TFunction): string;
  errors: { create: ErrorKey; update: ErrorKey; remove: ErrorKey };
  excel?: { template: Endpoint; upload: Endpoint; fileName: string };
  /** SPEC §8: the company's delete modal also closes when the removal fails. */
  closeDeleteOnError?: boolean;
  /** Extra toolbar (the room screen's QR sheet). */
  Toolbar?: ComponentType<{ lookups: Lookups }>;
  /**
   * A row's further actions (the workers' Pair a phone): `items` names them for a row, given
   * the claims the user holds; `Dialog` shows the one chosen.
   */
  rowMenu?: {
    items(row: Row, t: TFunction, has: (claim: string) => boolean): { key: string; label: string }[];
    Dialog: ComponentType<{ action?: { key: string; row: Row }; onClose(): void; onChanged(): void }>;
  };
  /** Its rows change with the requests (the workers' open tasks): live events re-read the list. */
  followsLiveEvents?: boolean;
}

/** Form values → the JSON body: ids as numbers, an empty optional id as null. */
export function toBody(fields: FieldSpec[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const value = values[f.name] ?? '';
    if (f.kind === 'select') body[f.name] = value === '' ? null : Number(value);
    else if (f.kind === 'multiselect') body[f.name] = idsOf(value);
    else if (f.kind === 'minutes') body[f.name] = minutesOf(value);
    else if (f.kind === 'switch') body[f.name] = value === 'true';
    else body[f.name] = value;
  }
  return body;
}

/** A multiselect's value ("1,2") as its ids. */
export const idsOf = (value: string): number[] => value.split(',').filter(Boolean).map(Number);

export function toValues(fields: FieldSpec[], row?: Record<string, unknown>): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, row?.[f.name] == null ? '' : String(row[f.name])]));
}

/** The i18n key of a field's label. */
const isTargetText = (label: string): label is TargetText => label.startsWith('targets.');
export const labelKey = (f: FieldSpec): TargetText | `fields.${FieldLabel}` => (isTargetText(f.label) ? f.label : `fields.${f.label}`);
