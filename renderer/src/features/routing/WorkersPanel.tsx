import { Badge, Button, Input, MessageBar, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type RoutingWorker } from '@shared';
import { call } from '../../api/client';
import { useData } from '../../api/use-data';
import { errorMessage, showSuccess } from '../../feedback/handle-error';

const useStyles = makeStyles({ cell: { display: 'flex', gap: '6px', alignItems: 'center', flexWrap: 'wrap' } });

/** 'North, Pool' or 'الشمال، المسبح' → ['North', 'Pool']: commas of either script separate zones. */
export const zonesOf = (text: string) =>
  text
    .split(/[,،]/)
    .map((z) => z.trim())
    .filter(Boolean);

export const workerKeys = (hotelId: number, departmentId: number) => ['routing', 'workers', hotelId, departmentId] as const;

/** The department's workers at the hotel: on or off shift (the desk may switch them), open tasks, zones covered. */
export function WorkersPanel({ hotelId, departmentId, canEdit, canShift }: { hotelId: number; departmentId: number; canEdit: boolean; canShift: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const workers = useData(workerKeys(hotelId, departmentId), () => call(endpoints.routingWorkers, { query: { hotelId, departmentId } }), t('routing.workers.loadFailed'));
  const [zones, setZones] = useState<Record<number, string>>({});
  const [error, setError] = useState<string>();

  const change = async (send: () => Promise<unknown>) => {
    setError(undefined);
    try {
      showSuccess(await send(), t('crud.updated'));
      await workers.invalidate();
      return true;
    } catch (err) {
      setError(errorMessage(err, t('routing.workers.saveFailed')));
      return false;
    }
  };
  const setShift = (w: RoutingWorker, shift: 'on' | 'off' | 'roster') => change(() => call(endpoints.setWorkerShift, { params: { id: w.workerId }, body: { shift } }));
  const saveZones = async (w: RoutingWorker) => {
    const text = zones[w.workerId];
    if (text === undefined) return;
    if (await change(() => call(endpoints.setWorkerZones, { params: { id: w.workerId }, body: { zones: zonesOf(text) } }))) {
      setZones(({ [w.workerId]: _, ...rest }) => rest);
    }
  };

  const rows = workers.data ?? [];
  if (!workers.loading && rows.length === 0) return <Text as="p">{t('routing.workers.none')}</Text>;
  return (
    <>
      {error && (
        <MessageBar intent="error" role="alert">
          {error}
        </MessageBar>
      )}
      <Table size="small" aria-label={t('routing.workers.title')} data-testid="routing-workers">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('routing.workers.worker')}</TableHeaderCell>
            <TableHeaderCell>{t('routing.workers.shift')}</TableHeaderCell>
            <TableHeaderCell>{t('routing.workers.openTasks')}</TableHeaderCell>
            <TableHeaderCell>{t('routing.workers.zones')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((w) => (
            <TableRow key={w.workerId} data-testid={`routing-worker-${w.workerId}`}>
              <TableCell>{w.workerName}</TableCell>
              <TableCell>
                <div className={styles.cell}>
                  <Badge appearance="tint" color={w.onShift ? 'success' : 'subtle'} data-testid="shift-state">
                    {w.onShift ? t('routing.workers.onShift') : t('routing.workers.offShift')}
                    {w.shift === 'roster' ? ` (${t('routing.workers.byRoster')})` : ''}
                  </Badge>
                  {canShift && (
                    <Button size="small" onClick={() => void setShift(w, w.onShift ? 'off' : 'on')}>
                      {t(w.onShift ? 'routing.workers.putOff' : 'routing.workers.putOn', { name: w.workerName })}
                    </Button>
                  )}
                  {canShift && w.shift !== 'roster' && (
                    <Button size="small" appearance="subtle" onClick={() => void setShift(w, 'roster')}>
                      {t('routing.workers.followRoster', { name: w.workerName })}
                    </Button>
                  )}
                </div>
              </TableCell>
              <TableCell>{w.openTasks}</TableCell>
              <TableCell>
                {canEdit ? (
                  <div className={styles.cell}>
                    <Input
                      aria-label={t('routing.workers.editZones', { name: w.workerName })}
                      placeholder={t('routing.workers.zonesHint')}
                      value={zones[w.workerId] ?? w.zones.join(', ')}
                      onChange={(_, d) => setZones((z) => ({ ...z, [w.workerId]: d.value }))}
                    />
                    {zones[w.workerId] !== undefined && (
                      <Button size="small" appearance="primary" onClick={() => void saveZones(w)}>
                        {t('routing.workers.saveZones')}
                      </Button>
                    )}
                  </div>
                ) : w.zones.length ? (
                  w.zones.join(', ')
                ) : (
                  t('routing.workers.noZones')
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
