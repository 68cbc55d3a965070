import { makeStyles, tokens } from '@fluentui/react-components';

/** The new-request dialog's layout, shared by its sections. */
export const useNewRequestStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '10px' },
  // Each field keeps its own height: the guest's name is not stretched beside the phone's hint.
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '10px', alignItems: 'start' },
  hint: { color: tokens.colorNeutralForeground3 },
  // Numbers and addresses read left to right inside Arabic.
  ltr: { direction: 'ltr', textAlign: 'start' },
});
