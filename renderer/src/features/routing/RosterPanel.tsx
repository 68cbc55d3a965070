import { Button, Input, MessageBar, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title3, makeStyles } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type Lookup, type RosterRow } from '@shared';
import { call } from '../../api/client';
import { useData } from '../../api/use-data';
import { errorMessage, showSuccess } from '../../feedback/handle-error';
import { ExcelBar } from '../../ui/ExcelBar';
import { workerKeys } from './WorkersPanel';

const useStyles = makeStyles({ bar: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center', marginBlock: '12px' } });

type Draft = { workerId: string; weekday: string; start: string; end: string };
const draftOf = (r: RosterRow): Draft => ({ workerId: String(r.workerId), weekday: String(r.weekday), start: r.start, end: r.end });

/** The department's weekly roster at the hotel: rows added and removed here and saved whole, or the Excel sheet. */
export function RosterPanel({ hotelId, department, canEdit }: { hotelId: number; department: Lookup; canEdit: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const query = { hotelId, departmentId: department.id };
  const roster = useData(['routing', 'roster', hotelId, department.id], () => call(endpoints.routingRoster, { query }), t('routing.roster.loadFailed'));
  const workers = useData(workerKeys(hotelId, department.id), () => call(endpoints.routingWorkers, { query }), null);
  const [rows, setRows] = useState<Draft[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // What the server holds, until the user changes it.
  useEffect(() => setRows((roster.data ?? []).map(draftOf)), [roster.data]);
  const days = t('routing.roster.days', { returnObjects: true });
  const set = (i: number, patch: Partial<Draft>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const add = () => setRows((all) => [...all, { workerId: String(workers.data?.[0]?.workerId ?? ''), weekday: '0', start: '07:00', end: '15:00' }]);

  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const body = { ...query, rows: rows.map((r) => ({ workerId: Number(r.workerId), weekday: Number(r.weekday), start: r.start, end: r.end })) };
      showSuccess(await call(endpoints.saveRoutingRoster, { body }), t('crud.updated'));
      await roster.invalidate();
    } catch (err) {
      // Nothing was saved: the rows stay as typed, beside the server's reason.
      setError(errorMessage(err, t('routing.roster.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="routing-roster-title">
      <Title3 as="h2" id="routing-roster-title">
        {t('routing.roster.title', { department: department.name })}
      </Title3>
      {canEdit && (
        <div className={styles.bar}>
          <Button icon={<AddRegular />} onClick={add}>
            {t('routing.roster.addRow')}
          </Button>
          <Button appearance="primary" disabled={busy} onClick={() => void save()}>
            {t('routing.roster.save')}
          </Button>
          <ExcelBar template={endpoints.routingRosterTemplate} uploadTo={endpoints.uploadRoutingRoster} fileName="RosterTemplate" onUploaded={() => void roster.invalidate()} />
        </div>
      )}
      {error && (
        <MessageBar intent="error" role="alert">
          {error}
        </MessageBar>
      )}
      {rows.length === 0 ? (
        <Text as="p">{t('routing.roster.none')}</Text>
      ) : (
        <Table size="small" aria-labelledby="routing-roster-title" data-testid="routing-roster">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('routing.roster.worker')}</TableHeaderCell>
              <TableHeaderCell>{t('routing.roster.weekday')}</TableHeaderCell>
              <TableHeaderCell>{t('routing.roster.start')}</TableHeaderCell>
              <TableHeaderCell>{t('routing.roster.end')}</TableHeaderCell>
              {canEdit && <TableHeaderCell>{t('common.actions')}</TableHeaderCell>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r, i) => {
              const n = i + 1;
              const name = workers.data?.find((w) => String(w.workerId) === r.workerId)?.workerName ?? roster.data?.find((x) => String(x.workerId) === r.workerId)?.workerName ?? '';
              return (
                <TableRow key={i}>
                  <TableCell>
                    {canEdit ? (
                      <Select aria-label={`${t('routing.roster.worker')} ${n}`} value={r.workerId} onChange={(_, d) => set(i, { workerId: d.value })}>
                        {(workers.data ?? []).map((w) => (
                          <option key={w.workerId} value={w.workerId}>
                            {w.workerName}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      name
                    )}
                  </TableCell>
                  <TableCell>
                    {canEdit ? (
                      <Select aria-label={`${t('routing.roster.weekday')} ${n}`} value={r.weekday} onChange={(_, d) => set(i, { weekday: d.value })}>
                        {days.map((day, k) => (
                          <option key={k} value={k}>
                            {day}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      days[Number(r.weekday)]
                    )}
                  </TableCell>
                  <TableCell>
                    {canEdit ? <Input aria-label={`${t('routing.roster.start')} ${n}`} type="time" value={r.start} onChange={(_, d) => set(i, { start: d.value })} /> : r.start}
                  </TableCell>
                  <TableCell>
                    {canEdit ? <Input aria-label={`${t('routing.roster.end')} ${n}`} type="time" value={r.end} onChange={(_, d) => set(i, { end: d.value })} /> : r.end}
                  </TableCell>
                  {canEdit && (
                    <TableCell>
                      <Button
                        size="small"
                        icon={<DeleteRegular />}
                        aria-label={t('routing.roster.removeRow', { row: n })}
                        onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                      />
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
