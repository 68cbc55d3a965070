import { MessageBar, Text, Title3 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type Lookup, type RoutingRuleRow, type RoutingScope } from '@shared';
import { call } from '../../api/client';
import { useData } from '../../api/use-data';
import { errorMessage, showSuccess } from '../../feedback/handle-error';
import { DeleteDialog } from '../../ui/DeleteDialog';
import { RuleForm } from './RuleForm';
import { RulesTable } from './RulesTable';
import { type Draft, EMPTY, draftOf, ruleOf } from './rule-draft';
import { useServices } from './use-services';

export const routingKeys = { rules: (hotelId: number) => ['routing', 'rules', hotelId] as const };

/** The hotel's rules, one per service, service group or department, and the form that adds or replaces one. */
export function RulesPanel({ hotelId, canEdit, departments, serviceGroups }: { hotelId: number; canEdit: boolean; departments: Lookup[]; serviceGroups: Lookup[] }) {
  const { t, i18n } = useTranslation();
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
      const answer = await call(endpoints.saveRoutingRule, { body: ruleOf(hotelId, draft) });
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
      {rows.length > 0 && <RulesTable rows={rows} canEdit={canEdit} onEdit={(r) => setDraft(draftOf(r))} onRemove={setRemoving} />}
      {canEdit && <RuleForm draft={draft} set={set} targets={targets} departments={departments} busy={busy} onSave={() => void save()} />}
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
