import '../routing';
import { Card, Text, Title3, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { clientRoutes, endpoints } from '@shared';
import { call } from '../../api/client';
import { useData } from '../../api/use-data';
import { invalidateOnLiveEvents } from '../../api/live-invalidation';

const useStyles = makeStyles({
  tile: { height: '100%', padding: '16px' },
  value: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  late: { color: tokens.colorPaletteDarkOrangeForeground1 },
  list: { margin: 0, paddingInlineStart: '18px', textAlign: 'start' },
});

export const HELD_OFF_SHIFT_KEY = ['routing', 'held-off-shift'] as const;

/** Open lines whose worker went off shift: they stay with the worker, so the desk sees them here and may move them. */
export function HeldOffShiftTile() {
  const { t } = useTranslation();
  const styles = useStyles();
  const client = useQueryClient();
  const held = useData(HELD_OFF_SHIFT_KEY, () => call(endpoints.heldOffShift), t('routing.held.loadFailed'), { staleTime: 0 });
  useEffect(() => invalidateOnLiveEvents(client, HELD_OFF_SHIFT_KEY), [client]);
  const lines = held.data ?? [];
  return (
    <Card className={styles.tile} data-testid="fig-held-off-shift">
      <Title3 as="h2">{t('routing.held.title')}</Title3>
      <span className={mergeClasses(styles.value, lines.length > 0 && styles.late)} data-testid="fig-held-off-shift-count">
        {held.data ? String(lines.length) : '…'}
      </span>
      {held.data && lines.length === 0 ? (
        <Text size={200}>{t('routing.held.none')}</Text>
      ) : (
        <ul className={styles.list}>
          {lines.map((l) => (
            <li key={l.lineId}>
              <Link to={clientRoutes.serviceDetails(l.lineId)}>
                <Text size={200}>{t('routing.held.line', { code: l.requestCode, service: l.serviceName, room: l.roomNumber, worker: l.workerName })}</Text>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
