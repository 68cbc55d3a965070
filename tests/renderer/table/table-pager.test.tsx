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

  it('a total the server stopped counting reads "more than", and Next stays on while pages are full', () => {
    const pager = (page: number, pageFull: boolean, lang: 'en' | 'ar' = 'en') =>
      renderInApp(<TablePager page={page} pages={500} total={10000} totalCapped pageFull={pageFull} onPrevious={() => undefined} onNext={() => undefined} />, lang);
    pager(499, true);
    expect(screen.getByTestId('total-count').textContent).toBe('More than 10000 rows');
    expect(screen.getByTestId('page-info').textContent).toBe('page 500 of more than 500');
    // The last counted page is not the list's last: more rows follow it.
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    cleanup();
    // A page that is not full is the end.
    pager(612, false);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    cleanup();
    pager(0, true, 'ar');
    expect(screen.getByTestId('total-count').textContent).toBe('أكثر من 10000 صف');
    expect(screen.getByTestId('page-info').textContent).toBe('صفحة 1 من أكثر من 500');
  });
});
