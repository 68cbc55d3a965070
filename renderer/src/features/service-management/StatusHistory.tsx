import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { formatDate } from '../../table/format';
import { LinePhotos } from '../work-phones';
import './strings';

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: '18px', display: 'flex', flexDirection: 'column', gap: '2px' },
  when: { color: tokens.colorNeutralForeground3 },
});

/**
 * Who did what and when (GetServiceAssignmentDetails) through the query cache (keys.lineHistory):
 * the details page re-reads it with the line (a live event about the line, the page's own
 * actions), and again whenever a page showing it opens.
 */
export function StatusHistory({ lineId }: { lineId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { data: history, loading, failed } = useData(keys.lineHistory(lineId), () => call(endpoints.serviceAssignmentDetails, { params: { id: lineId } }), null, { staleTime: 0 });
  if (!history)
    return (
      <section aria-label={t('line.history')} data-testid="status-history">
        <Text weight="semibold">{t('line.history')}</Text>{' '}
        <Text className={styles.when} role={failed ? 'alert' : 'status'}>
          {loading ? t('app.loading') : t('line.historyFailed')}
        </Text>
      </section>
    );

  const when = (at: string | null) => formatDate(at, i18n.language);
  const steps: { text: string; detail?: string; at: string | null; routing?: boolean }[] = [{ text: t('line.historyCreated'), at: history.createdAt }];
  if (history.acknowledged_Date) steps.push({ text: t('line.historyAcknowledged', { user: history.user_Acknowledged ?? '' }), at: history.acknowledged_Date });
  const routing = history.routing ?? [];
  // Routing's own steps say who and why; the line's bare "by nobody" would only repeat them.
  const routed = (outcome: string) => routing.some((r) => r.outcome === outcome);
  if (history.assignedToDepartment_Date && !(history.user_AssignedToDepartment === null && routed('department')))
    steps.push({ text: t('line.historyDepartment', { department: history.departmentName ?? '', user: history.user_AssignedToDepartment ?? '' }), at: history.assignedToDepartment_Date });
  if (history.assigned_Date && !(history.user_Assigned === null && (routed('assigned') || routed('reoffered'))))
    steps.push({ text: t('line.historyAssigned', { worker: history.workerName ?? '', user: history.user_Assigned ?? '' }), at: history.assigned_Date });
  // Every routing decision: which rule, which worker and why, or why nobody (in the reader's language, from the server).
  for (const step of routing) steps.push({ text: t('line.historyRouting', { text: step.text }), at: step.at, routing: true });
  for (const reply of history.replies ?? []) steps.push({ text: t('line.historyReply', { user: reply.by ?? '' }), at: reply.at });
  for (const escalation of history.escalations ?? [])
    steps.push({ text: t('line.historyEscalated', { target: t(`line.historyTargets.${escalation.kind}`) }), at: escalation.at });
  // The worker's own taps on a phone: who and when.
  if (history.accepted_Date) steps.push({ text: t('phones.accepted', { worker: history.worker_Accepted ?? '' }), at: history.accepted_Date });
  if (history.started_Date) steps.push({ text: t('phones.started', { worker: history.worker_Started ?? '' }), at: history.started_Date });
  if (history.completed_Date) steps.push({ text: t('line.historyCompleted', { user: history.user_Completed ?? '' }), at: history.completed_Date });
  if (history.rejected_Date)
    steps.push({
      text: t('line.historyRejected', { user: history.user_Rejected ?? '' }),
      detail: history.rejectReason ? t('line.historyRejectReason', { reason: history.rejectReason }) : undefined,
      at: history.rejected_Date,
    });
  // In the order they happened (a reply may come before or after the worker, an escalation any time); the sort is stable.
  steps.sort((a, b) => Date.parse(a.at ?? '') - Date.parse(b.at ?? ''));

  return (
    <section aria-label={t('line.history')} data-testid="status-history">
      <Text weight="semibold">{t('line.history')}</Text>
      <ol className={styles.list}>
        {steps.map((s, i) => (
          <li key={i} data-routing={s.routing ? '' : undefined}>
            <Text>{s.text}</Text> <Text className={styles.when}>{when(s.at)}</Text>
            {s.detail && (
              <Text block dir="auto" className={styles.when}>
                {s.detail}
              </Text>
            )}
          </li>
        ))}
      </ol>
      <LinePhotos photoIds={history.photoIds ?? []} />
    </section>
  );
}
