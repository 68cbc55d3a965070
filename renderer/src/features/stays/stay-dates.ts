import type { TFunction } from 'i18next';
import type { Language, StaySummary } from '@shared';
import { ltrIn } from '@shared/display-names';
import './strings';

/** "arrival → departure" (the arrow turned in Arabic), each date kept left to right inside the sentence. */
export function stayDates(t: TFunction, lang: Language, stay: Pick<StaySummary, 'arrival' | 'departure'>): string {
  return t('stays.range', { arrival: ltrIn(lang, stay.arrival), departure: ltrIn(lang, stay.departure), interpolation: { escapeValue: false } });
}

/** A name of either script inside a sentence of the other: its own direction, the sentence's punctuation kept outside it. */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
