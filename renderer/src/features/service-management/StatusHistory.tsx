import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type AssignmentHistory } from '@shared';
import { call } from '../../api/client';
import { formatDate } from '../../table/format';

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: '18px', display: 'flex', flexDirection: 'column', gap: '2px' },
  when: { color: tokens.colorNeutralForeground3 },
});

/** Who did what and when (GetServiceAssignmentDetails); refetched whenever the line changes. */
export function StatusHistory({ lineId, version }: { lineId: number; version: string }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [history, setHistory] = useState<AssignmentHistory>();
  useEffect(() => {
    call(endpoints.serviceAssignmentDetails, { params: { id: lineId } })
      .then(setHistory)
      .catch(() => setHistory(undefined));
  }, [lineId, version]);
  if (!history) return null;

  const when = (at: string | null) => formatDate(at, i18n.language);
  const steps: { text: string; at: string | null }[] = [{ text: t('p2.line.historyCreated'), at: history.createdAt }];
  if (history.assignedToDepartment_Date)
    steps.push({ text: t('p2.line.historyDepartment', { department: history.departmentName ?? '', user: history.user_AssignedToDepartment ?? '' }), at: history.assignedToDepartment_Date });
  if (history.assigned_Date) steps.push({ text: t('p2.line.historyAssigned', { worker: history.workerName ?? '', user: history.user_Assigned ?? '' }), at: history.assigned_Date });
  if (history.completed_Date) steps.push({ text: t('p2.line.historyCompleted', { user: history.user_Completed ?? '' }), at: history.completed_Date });
  if (history.rejected_Date) steps.push({ text: t('p2.line.historyRejected', { user: history.user_Rejected ?? '' }), at: history.rejected_Date });

  return (
    <section aria-label={t('p2.line.history')} data-testid="status-history">
      <Text weight="semibold">{t('p2.line.history')}</Text>
      <ol className={styles.list}>
        {steps.map((s) => (
          <li key={s.text}>
            <Text>{s.text}</Text> <Text className={styles.when}>{when(s.at)}</Text>
          </li>
        ))}
      </ol>
    </section>
  );
}
