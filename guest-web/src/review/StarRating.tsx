import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_MAX, RATING_MIN } from '@shared/patterns';

interface Props {
  value: number | null;
  onChange: (value: number) => void;
  labelId: string;
  invalid?: boolean;
  describedBy?: string;
}

/** The key that moves a rating, honouring reading direction: in Arabic, left is "more". */
export function nextRating(current: number | null, key: string, rtl: boolean): number | null {
  const now = current ?? 0;
  const up = rtl ? 'ArrowLeft' : 'ArrowRight';
  const down = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === up || key === 'ArrowUp') return Math.min(RATING_MAX, Math.max(RATING_MIN, now + 1));
  if (key === down || key === 'ArrowDown') return Math.max(RATING_MIN, now - 1);
  if (key === 'Home') return RATING_MIN;
  if (key === 'End') return RATING_MAX;
  return null;
}

/**
 * 1 to 10 stars as a radio group: one tab stop, arrows change the rating, click or tap picks it.
 * One row that fits a 320-px phone (each star shares the width, numbered under the star), and the
 * chosen value written out beside the label.
 */
export function StarRating({ value, onChange, labelId, invalid, describedBy }: Props) {
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  const stars = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
  const focusable = value ?? RATING_MIN;

  const choose = (n: number) => {
    onChange(n);
    group.current?.querySelector<HTMLElement>(`[data-star="${n}"]`)?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = nextRating(value, event.key, rtl);
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <>
      <div ref={group} role="radiogroup" aria-labelledby={labelId} aria-invalid={invalid || undefined} aria-describedby={describedBy} className="stars" onKeyDown={onKeyDown}>
        {stars.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            data-star={n}
            aria-checked={value === n}
            aria-label={t('review.star', { n, max: RATING_MAX })}
            tabIndex={n === focusable ? 0 : -1}
            className={value !== null && n <= value ? 'star on' : 'star'}
            onClick={() => choose(n)}
          >
            <span aria-hidden="true" className="star-glyph">
              {value !== null && n <= value ? '★' : '☆'}
            </span>
            <span aria-hidden="true" className="star-number">
              {n}
            </span>
          </button>
        ))}
      </div>
      <p className="rating-value" data-testid="rating-value">
        {value === null ? t('review.noRatingYet') : t('review.chosenRating', { rating: value, max: RATING_MAX })}
      </p>
    </>
  );
}
