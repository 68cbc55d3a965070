import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow4, padding: '18px', marginBottom: '16px' },
});

export function Panel({ children }: { children: ReactNode }) {
  return <div className={useStyles().panel}>{children}</div>;
}
