import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { Panel } from './Panel';

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '12px 24px' },
  label: { color: tokens.colorNeutralForeground3, display: 'block' },
});

/** A fact's value; `ltr`: it reads left to right in Arabic too (a phone or room number). */
export type Fact = [label: string, value: string, ltr?: boolean];

export function Facts({ heading, facts }: { heading: string; facts: Fact[] }) {
  const styles = useStyles();
  return (
    <Panel>
      <Text as="h2" weight="semibold" size={400} block style={{ marginBottom: 8 }}>
        {heading}
      </Text>
      <div className={styles.facts}>
        {facts.map(([label, value, ltr]) => (
          <div key={label}>
            <Text size={200} className={styles.label}>{label}</Text>
            <Text>
              <bdi dir={ltr && value ? 'ltr' : undefined}>{value || '—'}</bdi>
            </Text>
          </div>
        ))}
      </div>
    </Panel>
  );
}
