import { Button, Field, Input, Select, Switch, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ROUTING_SCOPES, type Lookup, type RoutingScope } from '@shared';
import type { Draft } from './rule-draft';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '12px', alignItems: 'end', marginBlock: '12px' },
});

interface RuleFormProps {
  draft: Draft;
  set(patch: Partial<Draft>): void;
  /** What a rule of each scope may be for. */
  targets: Record<RoutingScope, Lookup[]>;
  departments: Lookup[];
  busy: boolean;
  onSave(): void;
}

/** The form that adds a rule, or replaces the one for the same target. */
export function RuleForm({ draft, set, targets, departments, busy, onSave }: RuleFormProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.form} data-testid="routing-rule-form">
      <Field label={t('routing.rules.scope')}>
        <Select value={draft.scope} onChange={(_, d) => set({ scope: d.value as RoutingScope, scopeId: '' })}>
          {ROUTING_SCOPES.map((s) => (
            <option key={s} value={s}>
              {t(`routing.rules.scopes.${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('routing.rules.target')}>
        <Select value={draft.scopeId} onChange={(_, d) => set({ scopeId: d.value })}>
          <option value="">—</option>
          {targets[draft.scope].map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      </Field>
      <Switch label={t('routing.rules.autoRoute')} checked={draft.autoRoute} onChange={(_, d) => set({ autoRoute: d.checked })} />
      <Field label={t('routing.rules.specialDepartment')}>
        <Select value={draft.departmentId} onChange={(_, d) => set({ departmentId: d.value })}>
          <option value="">{t('routing.rules.specialNone')}</option>
          {departments.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('routing.rules.maxOpenTasks')}>
        <Input type="number" value={draft.maxOpenTasks} onChange={(_, d) => set({ maxOpenTasks: d.value })} />
      </Field>
      <Field label={t('routing.rules.acceptMinutes')}>
        <Input type="number" value={draft.acceptMinutes} onChange={(_, d) => set({ acceptMinutes: d.value })} />
      </Field>
      <Field label={t('routing.rules.maxReoffers')}>
        <Input type="number" value={draft.maxReoffers} onChange={(_, d) => set({ maxReoffers: d.value })} />
      </Field>
      <Button appearance="primary" disabled={busy} onClick={onSave}>
        {t('routing.rules.save')}
      </Button>
    </div>
  );
}
