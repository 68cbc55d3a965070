import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TablePager } from '../../../renderer/src/table/TablePager';
import { renderInApp } from '../render-app';

afterEach(cleanup);

describe('the list pager', () => {
  it('in Arabic: its buttons, the total and the page in Arabic words', async () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    renderInApp(<TablePager page={2} pages={200} total={1000} onPrevious={onPrevious} onNext={onNext} />, 'ar');
    expect(screen.getByTestId('page-info').textContent).toBe('صفحة 3 من 200');
    expect(screen.getByTestId('total-count').textContent).toBe('1000 صف');
    await userEvent.click(screen.getByRole('button', { name: 'السابق' }));
    await userEvent.click(screen.getByRole('button', { name: 'التالي' }));
    expect(onPrevious).toHaveBeenCalledTimes(1);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('in English; no total while it is not known; Previous off on the first page, Next off on the last', () => {
    renderInApp(<TablePager page={0} pages={1} onPrevious={() => undefined} onNext={() => undefined} />);
    expect(screen.getByTestId('page-info').textContent).toBe('page 1 of 1');
    expect(screen.queryByTestId('total-count')).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});
