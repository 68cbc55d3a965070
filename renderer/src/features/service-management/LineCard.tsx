import { Button, Card, CardHeader, Dropdown, Field, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINE_WRITE_CLAIMS, acknowledgeViolation, endpoints, threadReplyViolation, type Language, type LineAction, type Lookup, type RequestLine } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { hasClaim, sessionAtom } from '../../session/session';
import { formatDate } from '../../table/format';
import { DueBadge } from './DueBadge';
import { cardActions, missingInput } from './line-actions';
import { fetchLineDetails } from './line-queries';
import { LineThread } from './LineThread';
import { RejectDialog } from './RejectDialog';
import { StatusBadge } from './StatusBadge';
import { GuestUnreadBadge } from './GuestUnreadBadge';
import { StatusHistory } from './StatusHistory';
import { useOnce } from '../../ui/use-once';
import './strings';

const useStyles = makeStyles({
  card: { marginBottom: '12px' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '8px 16px' },
  label: { color: tokens.colorNeutralForeground3, display: 'block' },
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  badges: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  pick: { minWidth: '220px' },
  reply: { whiteSpace: 'pre-wrap', backgroundColor: tokens.colorNeutralBackground3, padding: '8px', borderRadius: tokens.borderRadiusMedium },
});

export interface LineCardProps {
  line: RequestLine;
  departments: Lookup[];
  /** Workers who may take the line; read with the line's details (keys.lineDetails) when not given. */
  workers?: Lookup[];
  /** The guest's language, when known (canned replies are offered in it). */
  guestLanguage?: Language;
  onChanged(): void;
}

/** One service line with exactly the actions SPEC §4 allows in its state, and its status history. */
export function LineCard({ line, departments, workers: given, guestLanguage, onChanged }: LineCardProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  const { actions, reply } = cardActions(line, session?.claims ?? []);
  const can = (a: LineAction) => actions.includes(a);
  const [busy, once] = useOnce();
  const [departmentId, setDepartmentId] = useState<number>();
  const [workerId, setWorkerId] = useState<number>();
  const [replyText, setReplyText] = useState('');
  const [problem, setProblem] = useState<{ action: LineAction; key: string }>();
  const [rejecting, setRejecting] = useState(false);
  // Taking the line stops its reminders and meets (or misses) its acknowledge target.
  const canAcknowledge =
    hasClaim(session, 'Service Management.Service List.Acknowledge') &&
    acknowledgeViolation({ status: line.statusName, isSpecial: line.isSpecial, departmentId: line.departmentId, workerId: line.workerId, acknowledgedAt: line.acknowledgedAt }) === null;
  const needWorkers = can('assignWorker') && !given && hasClaim(session, 'Service Management.Service List.View');
  // The same answer as the line's own details page; the request page re-reads it with the line.
  const fetched = useData(keys.lineDetails(line.id), () => fetchLineDetails(line.id), null, { enabled: needWorkers, staleTime: 0 });
  const workers = given ?? fetched.data?.availableWorkers ?? [];
  const workersNote = given ? undefined : fetched.loading ? t('app.loading') : fetched.failed ? t('line.workersFailed') : undefined;

  const check = (action: LineAction, input: Parameters<typeof missingInput>[1]) => {
    const key = missingInput(action, input);
    setProblem(key ? { action, key } : undefined);
    return !key;
  };

  const send = (action: LineAction, request: () => Promise<unknown>, done: string, failed: string) =>
    once(async () => {
      try {
        showSuccess(await request(), done);
        setReplyText('');
        onChanged();
      } catch (err) {
        handleError(err, failed);
      }
    });

  const assignDepartment = () =>
    check('assignDepartment', { departmentId }) &&
    send('assignDepartment', () => call(endpoints.assignServiceToDepartment, { body: { requestDetailsId: line.id, departmentId: departmentId! } }), t('line.assigned'), t('line.assignFailed'));
  const assignWorker = () =>
    check('assignWorker', { workerId }) &&
    send('assignWorker', () => call(endpoints.updateServiceRequestStatus, { body: { requestDetailsId: line.id, status: 'Assigned', workerId, note: replyText } }), t('line.assigned'), t('line.assignError'));
  const complete = () =>
    send('complete', () => call(endpoints.updateServiceRequestStatus, { body: { requestDetailsId: line.id, status: 'Completed', note: replyText } }), t('line.completed'), t('line.completeError'));
  const reject = async (reason: string, guestMessage: string) => {
    await send('reject', () => call(endpoints.updateServiceRequestStatus, { body: { requestDetailsId: line.id, status: 'Rejected', note: reason, guestMessage } }), t('line.rejected'), t('line.rejectError'));
    setRejecting(false);
  };
  const acknowledge = () =>
    once(async () => {
      try {
        showSuccess(await call(endpoints.acknowledgeService, { body: { id: line.id } }), t('alerts.acknowledged'));
        onChanged();
      } catch (err) {
        handleError(err, t('alerts.acknowledgeFailed'));
      }
    });
  const messageFor = (action: LineAction) => (problem?.action === action ? t(problem.key as 'line.selectWorker') : undefined);

  return (
    <Card className={styles.card} data-testid={`line-${line.id}`}>
      <LineSummary line={line} />
      {canAcknowledge && (
        <div className={styles.row}>
          <Button appearance="primary" disabled={busy} onClick={acknowledge} data-testid="acknowledge">
            {t('alerts.acknowledge')}
          </Button>
        </div>
      )}
      {can('assignDepartment') && (
        <AssignPick
          label={t('line.chooseDepartment')}
          validationMessage={messageFor('assignDepartment')}
          options={departments}
          onPick={setDepartmentId}
          busy={busy}
          assignLabel={t('line.assignDepartment')}
          onAssign={assignDepartment}
        />
      )}
      {can('assignWorker') && (
        <AssignPick
          label={t('line.chooseWorker')}
          validationMessage={messageFor('assignWorker') ?? workersNote ?? (workers.length ? undefined : t('line.noWorkers'))}
          validationState={messageFor('assignWorker') || (fetched.failed && !given) ? 'error' : 'none'}
          options={workers}
          onPick={setWorkerId}
          busy={busy}
          assignLabel={t('line.assignWorker')}
          onAssign={assignWorker}
        />
      )}
      <LineThread
        lineId={line.id}
        messages={line.messages ?? []}
        canReply={threadReplyViolation({ status: line.statusName }) === null}
        mayWrite={LINE_WRITE_CLAIMS.some((claim) => hasClaim(session, claim))}
        draft={replyText}
        onDraft={setReplyText}
        guestLanguage={guestLanguage}
        onSent={onChanged}
      />
      {reply === 'show' && !line.messages?.length && (
        <div>
          <Text className={styles.label}>{t('line.replyShown')}</Text>
          <div className={styles.reply} data-testid="reply">{line.reply}</div>
        </div>
      )}
      {(can('complete') || can('reject')) && (
        <div className={styles.row}>
          {can('complete') && <Button appearance="primary" disabled={busy} onClick={complete}>{t('line.complete')}</Button>}
          {can('reject') && <Button disabled={busy} onClick={() => setRejecting(true)}>{t('line.reject')}</Button>}
        </div>
      )}
      {hasClaim(session, 'Service Management.Service List.View') && <StatusHistory lineId={line.id} />}
      <RejectDialog open={rejecting} busy={busy} guestLanguage={guestLanguage} validate={(reason) => missingInput('reject', { reason })} onCancel={() => setRejecting(false)} onConfirm={reject} />
    </Card>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  const styles = useStyles();
  return (
    <div>
      <Text size={200} className={styles.label}>{label}</Text>
      <Text>{value}</Text>
    </div>
  );
}

/** The line's service and badges, and what it says: note, department, worker, times. */
function LineSummary({ line }: { line: RequestLine }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  return (
    <>
      <CardHeader
        header={<Text weight="semibold" size={400}>{line.serviceName}</Text>}
        action={
          <span className={styles.badges}>
            <GuestUnreadBadge unread={line.guestUnread} />
            <DueBadge line={line} />
            <StatusBadge status={line.statusName} />
          </span>
        }
      />
      <div className={styles.grid}>
        <Info label={t('requests.note')} value={line.note || '—'} />
        <Info label={t('requests.department')} value={line.departmentName ?? '—'} />
        <Info label={t('requests.worker')} value={line.workerName ?? '—'} />
        <Info label={t('requests.updatedAt')} value={formatDate(line.updatedAt, i18n.language)} />
        {line.acknowledgedAt && <Info label={t('alerts.acknowledgedAt')} value={formatDate(line.acknowledgedAt, i18n.language)} />}
      </div>
    </>
  );
}

interface AssignPickProps {
  label: string;
  validationMessage?: string;
  validationState?: 'error' | 'none';
  options: Lookup[];
  onPick(id: number): void;
  busy: boolean;
  assignLabel: string;
  onAssign(): void;
}

/** A department or worker to choose, and the button that assigns the line to it. */
function AssignPick({ label, validationMessage, validationState, options, onPick, busy, assignLabel, onAssign }: AssignPickProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <Field label={label} validationMessage={validationMessage} validationState={validationState} className={styles.pick}>
        <Dropdown placeholder={t('common.select')} onOptionSelect={(_, d) => onPick(Number(d.optionValue))}>
          {options.map((o) => (
            <Option key={o.id} value={String(o.id)}>{o.name}</Option>
          ))}
        </Dropdown>
      </Field>
      <Button appearance="primary" disabled={busy} onClick={onAssign}>{assignLabel}</Button>
    </div>
  );
}
