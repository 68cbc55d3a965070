import { Button, Title2, makeStyles } from '@fluentui/react-components';
import { AddRegular, SubtractRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', marginBottom: '16px' },
  title: { flexGrow: 1, margin: 0 },
});

/** A list screen's title row: the add toggle (when allowed) and any extra tools. */
export function ScreenHeader({ title, adding, onToggleAdd, children }: { title: string; adding?: boolean; onToggleAdd?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <Title2 as="h1" className={styles.title}>
        {title}
      </Title2>
      {children}
      {onToggleAdd && (
        <Button appearance="primary" icon={adding ? <SubtractRegular /> : <AddRegular />} onClick={onToggleAdd} aria-expanded={adding}>
          {adding ? t('crud.hideForm') : t('crud.addNew')}
        </Button>
      )}
    </div>
  );
}
