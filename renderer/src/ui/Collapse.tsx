import { makeStyles, mergeClasses } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  outer: { display: 'grid', gridTemplateRows: '0fr', transitionProperty: 'grid-template-rows', transitionDuration: '300ms', transitionTimingFunction: 'ease' },
  open: { gridTemplateRows: '1fr' },
  inner: { overflow: 'hidden' },
});

/** An animated expand/collapse (SPEC §9: the create form animates in 0.3 s); closed content is inert. */
export function Collapse({ open, children, testId }: { open: boolean; children: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.outer, open && styles.open)} aria-hidden={!open} inert={!open} data-testid={testId}>
      <div className={styles.inner}>{children}</div>
    </div>
  );
}
