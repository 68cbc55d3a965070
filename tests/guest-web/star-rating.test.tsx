import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StarRating, nextRating } from '../../guest-web/src/review/StarRating';
import { i18nReady } from './setup';

describe('nextRating', () => {
  it('moves by one and stays within 1..10', () => {
    expect(nextRating(null, 'ArrowRight', false)).toBe(1);
    expect(nextRating(5, 'ArrowRight', false)).toBe(6);
    expect(nextRating(5, 'ArrowUp', false)).toBe(6);
    expect(nextRating(5, 'ArrowDown', false)).toBe(4);
    expect(nextRating(10, 'ArrowRight', false)).toBe(10);
    expect(nextRating(1, 'ArrowLeft', false)).toBe(1);
    expect(nextRating(4, 'Home', false)).toBe(1);
    expect(nextRating(4, 'End', false)).toBe(10);
    expect(nextRating(4, 'a', false)).toBeNull();
  });

  it('mirrors left and right in Arabic', () => {
    expect(nextRating(5, 'ArrowLeft', true)).toBe(6);
    expect(nextRating(5, 'ArrowRight', true)).toBe(4);
  });
});

function Harness() {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <span id="label">Your rating</span>
      <StarRating value={value} onChange={setValue} labelId="label" />
      <output>{value ?? '-'}</output>
    </>
  );
}

describe('StarRating', () => {
  beforeAll(() => i18nReady);
  afterEach(cleanup);

  it('is one radio group of ten named stars with a single tab stop', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    const stars = screen.getAllByRole('radio');
    expect(group).toBeTruthy();
    expect(stars).toHaveLength(10);
    expect(stars[8].getAttribute('aria-label')).toBe('9 of 10');
    expect(stars.filter((s) => s.tabIndex === 0)).toHaveLength(1);
  });

  it('rates 9 by keyboard alone: Tab in, End, ArrowLeft', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 of 10' }));
    await user.keyboard('{End}{ArrowLeft}');
    expect(document.querySelector('output')!.textContent).toBe('9');
    const nine = screen.getByRole('radio', { name: '9 of 10' });
    expect(nine.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(nine);
    expect(nine.tabIndex).toBe(0);
    expect(screen.getAllByRole('radio').filter((s) => s.getAttribute('aria-checked') === 'true')).toHaveLength(1);
  });

  it('rates by tapping a star', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '3 of 10' }));
    expect(document.querySelector('output')!.textContent).toBe('3');
  });

  it('writes out the chosen value, and draws chosen stars filled and the rest outlined', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByTestId('rating-value').textContent).toBe('No rating chosen yet');
    await user.click(screen.getByRole('radio', { name: '7 of 10' }));
    expect(screen.getByTestId('rating-value').textContent).toBe('You chose 7 of 10');
    expect(screen.getAllByRole('radio').map((s) => s.textContent)).toEqual([...Array.from({ length: 7 }, (_, i) => `★${i + 1}`), '☆8', '☆9', '☆10']);
  });
});
