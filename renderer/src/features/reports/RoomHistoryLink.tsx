import './strings';
import { makeStyles, tokens } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { clientRoutes } from '@shared';
import { hasClaim, sessionAtom } from '../../session/session';

const useStyles = makeStyles({
  link: { display: 'inline-flex', alignItems: 'center', gap: '4px', color: tokens.colorBrandForegroundLink, ':hover': { textDecorationLine: 'underline' } },
});

/** The way to a room's history, for whoever may read that room's requests (the Rooms list, a request's details). */
export function RoomHistoryLink({ roomId, roomNumber }: { roomId: number; roomNumber: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  if (!hasClaim(session, 'Service Management.Request List.View')) return null;
  return (
    <Link to={clientRoutes.roomHistory(roomId)} className={styles.link} aria-label={t('reports.room.openLabel', { room: roomNumber })} data-testid="room-history-link">
      <HistoryRegular aria-hidden />
      {t('reports.room.open')}
    </Link>
  );
}
