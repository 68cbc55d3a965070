import { Button, Text, makeStyles } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  footer: { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '10px', marginTop: '10px' },
});

export interface TablePagerProps {
  /** The page shown, from 0. */
  page: number;
  pages: number;
  /** Rows of all pages (a server-paged list); absent: not known yet, or the list is all here. */
  total?: number;
  /** More rows than `total` (the server stopped counting): the pages go on past the last one counted. */
  totalCapped?: boolean;
  /** The page shown is full: with a capped total, whether another page may follow. */
  pageFull?: boolean;
  onPrevious(): void;
  onNext(): void;
}

/** Below a list: Previous, the total, 'page X of Y', Next; the arrows point the reading direction's way. */
export function TablePager({ page, pages, total, totalCapped, pageFull, onPrevious, onNext }: TablePagerProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const rtl = i18n.language === 'ar';
  return (
    <div className={styles.footer}>
      <Button
        // "Previous" points back along the reading direction: right in Arabic.
        icon={rtl ? <ChevronRightRegular /> : <ChevronLeftRegular />}
        disabled={page <= 0}
        onClick={onPrevious}
      >
        {t('table.previous')}
      </Button>
      {total !== undefined && <Text data-testid="total-count">{t(totalCapped ? 'lists.totalMore' : 'lists.total', { count: total })}</Text>}
      <Text data-testid="page-info">{t(totalCapped ? 'table.pageOfMore' : 'table.pageOf', { page: page + 1, pages })}</Text>
      <Button
        icon={rtl ? <ChevronLeftRegular /> : <ChevronRightRegular />}
        iconPosition="after"
        disabled={totalCapped ? !pageFull : page >= pages - 1}
        onClick={onNext}
      >
        {t('table.next')}
      </Button>
    </div>
  );
}
