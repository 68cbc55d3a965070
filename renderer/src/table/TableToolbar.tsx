import { Dropdown, Input, Option, Text, makeStyles } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@shared';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px', marginBottom: '10px', flexWrap: 'wrap' },
  group: { display: 'flex', alignItems: 'center', gap: '8px' },
  pageSize: { minWidth: '80px' },
});

export interface TableToolbarProps {
  pageSize: number;
  onPageSize(size: number): void;
  search: string;
  onSearch(text: string): void;
  /** Shown before the search box (the export button). */
  actions?: ReactNode;
}

/** Above a list: the entries selector, then its actions and the search box. */
export function TableToolbar({ pageSize, onPageSize, search, onSearch, actions }: TableToolbarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.toolbar}>
      <div className={styles.group}>
        <Text id="entries-label">{t('table.entries')}</Text>
        <Dropdown
          aria-labelledby="entries-label"
          className={styles.pageSize}
          value={String(pageSize)}
          selectedOptions={[String(pageSize)]}
          onOptionSelect={(_, d) => onPageSize(Number(d.optionValue))}
        >
          {PAGE_SIZES.map((size) => (
            <Option key={size} value={String(size)}>
              {String(size)}
            </Option>
          ))}
        </Dropdown>
      </div>
      <div className={styles.group}>
        {actions}
        <Input contentBefore={<SearchRegular />} placeholder={t('table.search')} aria-label={t('table.search')} value={search} onChange={(_, d) => onSearch(d.value)} />
      </div>
    </div>
  );
}
