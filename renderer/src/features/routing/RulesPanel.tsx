import {
  Button,
  Field,
  Input,
  MessageBar,
  Select,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  makeStyles,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTING_DEFAULTS, ROUTING_SCOPES, endpoints, type Lookup, type RoutingRuleRow, type RoutingScope } from '@shared';
import { call } from '../../api/client';
import { useData } from '../../api/use-data';
import { errorMessage, showSuccess } from '../../feedback/handle-error';
import { DeleteDialog } from '../basic-data/screen/DeleteDialog';
import { useServices } from './use-services';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '12px', alignItems: 'end', marginBlock: '12px' },
  actions: { display: 'flex', gap: '4px' },
});

interface Draft {
  scope: RoutingScope;
  scopeId: string;
  autoRoute: boolean;
  departmentId: string;
  maxOpenTasks: string;
  acceptMinutes: string;
  maxReoffers: string;
}

const EMPTY: Draft = {
  scope: 'service',
  scopeId: '',
  autoRoute: true,
  departmentId: '',
  maxOpenTasks: String(ROUTING_DEFAULTS.maxOpenTasks),
  acceptMinutes: String(ROUTING_DEFAULTS.acceptMinutes),
  maxReoffers: String(ROUTING_DEFAULTS.maxReoffers),
};

const draftOf = (r: RoutingRuleRow): Draft => ({
  scope: r.scope,
  scopeId: String(r.scopeId),
  autoRoute: r.autoRoute,
  departmentId: r.departmentId === null ? '' : String(r.departmentId),
  maxOpenTasks: String(r.maxOpenTasks),
  acceptMinutes: String(r.acceptMinutes),
  maxReoffers: String(r.maxReoffers),
});

/** A number field as typed: the server checks the limits and names them in its message. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

export const routingKeys = { rules: (hotelId: number) => ['routing', 'rules', hotelId] as const };

/** The hotel's rules, one per service, service group or department, and the form that adds or replaces one. */
export function RulesPanel({ hotelId, canEdit, departments, serviceGroups }: { hotelId: number; canEdit: boolean; departments: Lookup[]; serviceGroups: Lookup[] }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const services = useServices(i18n.language);
  const rules = useData(routingKeys.rules(hotelId), () => call(endpoints.routingRules, { query: { hotelId } }), t('routing.rules.loadFailed'));
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<RoutingRuleRow>();
  const targets: Record<RoutingScope, Lookup[]> = { service: services, group: serviceGroups, department: departments };
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    if (!draft.scopeId) return setError(t('routing.rules.pickTarget'));
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call(endpoints.saveRoutingRule, {
        body: {
          hotelId,
          scope: draft.scope,
          scopeId: Number(draft.scopeId),
          autoRoute: draft.autoRoute,
          departmentId: draft.departmentId ? Number(draft.departmentId) : null,
          maxOpenTasks: numberOf(draft.maxOpenTasks),
          acceptMinutes: numberOf(draft.acceptMinutes),
          maxReoffers: numberOf(draft.maxReoffers),
        },
      });
      showSuccess(answer, t('crud.updated'));
      setDraft(EMPTY);
      void rules.invalidate();
    } catch (err) {
      // The server's reason (a cap out of range, a department of another hotel) stays beside the form.
      setError(errorMessage(err, t('routing.rules.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      showSuccess(await call(endpoints.removeRoutingRule, { params: { id: removing.id } }), t('crud.removed'));
      setRemoving(undefined);
      void rules.invalidate();
    } catch (err) {
      setRemoving(undefined);
      setError(errorMessage(err, t('routing.rules.saveFailed')));
    }
  };

  const rows = rules.data ?? [];
  return (
    <section aria-labelledby="routing-rules-title">
      <Title3 as="h2" id="routing-rules-title">
        {t('routing.rules.title')}
      </Title3>
      <Text as="p" size={200}>
        {t('routing.rules.hint')}
      </Text>
      {rules.data && rows.length === 0 && <Text as="p">{t('routing.rules.none')}</Text>}
      {rows.length > 0 && (
        <Table size="small" aria-labelledby="routing-rules-title" data-testid="routing-rules">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('routing.rules.scope')}</TableHeaderCell>
              <TableHeaderCell>{t('routing.rules.target')}</TableHeaderCell>
              <TableHeaderCell>{t('routing.rules.autoRoute')}</TableHeaderCell>
              <TableHeaderCell>{t('routing.rules.specialDepartment')}</TableHeaderCell>
              <TableHeaderCell>{t('routing.rules.maxOpenTasks')}</TableHeaderCell>
              <TableHeaderCell>{t('routing.rules.acceptMinutes')}</TableHeaderCell>
              <TableHeaderCell>{t('routing.rules.maxReoffers')}</TableHeaderCell>
              {canEdit && <TableHeaderCell>{t('common.actions')}</TableHeaderCell>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{t(`routing.rules.scopes.${r.scope}`)}</TableCell>
                <TableCell>{r.scopeName}</TableCell>
                <TableCell>{r.autoRoute ? t('routing.rules.on') : t('routing.rules.off')}</TableCell>
                <TableCell>{r.departmentName ?? t('routing.rules.specialNone')}</TableCell>
                <TableCell>{r.maxOpenTasks}</TableCell>
                <TableCell>{r.acceptMinutes}</TableCell>
                <TableCell>{r.maxReoffers}</TableCell>
                {canEdit && (
                  <TableCell>
                    <div className={styles.actions}>
                      <Button size="small" icon={<EditRegular />} aria-label={t('routing.rules.edit', { name: r.scopeName })} onClick={() => setDraft(draftOf(r))} />
                      <Button size="small" icon={<DeleteRegular />} aria-label={t('routing.rules.remove', { name: r.scopeName })} onClick={() => setRemoving(r)} />
                    </div>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canEdit && (
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
          <Button appearance="primary" disabled={busy} onClick={() => void save()}>
            {t('routing.rules.save')}
          </Button>
        </div>
      )}
      {error && (
        <MessageBar intent="error" role="alert" data-testid="routing-rule-error">
          {error}
        </MessageBar>
      )}
      {removing && (
        <DeleteDialog
          open
          title={t('routing.rules.remove', { name: removing.scopeName })}
          name={removing.scopeName}
          question={t('routing.rules.removeQuestion', { name: removing.scopeName })}
          onCancel={() => setRemoving(undefined)}
          onConfirm={remove}
        />
      )}
    </section>
  );
}
