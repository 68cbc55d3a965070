import { makeStyles, tokens } from '@fluentui/react-components';

export const useAuthStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground3} 100%)`,
    padding: '16px',
  },
  // A plain panel rather than Fluent's Card: the login page is the first download and Card's code is not needed for a box.
  card: {
    width: '100%',
    maxWidth: '420px',
    padding: '32px',
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
  },
  form: { display: 'flex', flexDirection: 'column', gap: '14px' },
  actions: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  // Fluent's Text is inline: as a column the title and the subtitle sit on their own lines.
  heading: { display: 'flex', flexDirection: 'column', gap: '6px', '& > *': { margin: 0 } },
  sub: { color: tokens.colorNeutralForeground3 },
});
