import './strings';
import { Badge, Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DesktopRegular, GlobeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { SignedInDevice } from '@shared';
import { formatDate } from '../../table/format';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '8px 12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  text: { display: 'flex', flexDirection: 'column', gap: '2px', flexGrow: 1, minWidth: 0 },
  // An address and a user agent read left to right in an Arabic line too: the dir attribute, as
  // the style's direction would be flipped with the rest of the page's styles.
  agent: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground3 },
});

export interface SessionListProps {
  sessions: SignedInDevice[] | undefined;
  loading: boolean;
  /** The id of the session being ended, while its call runs. */
  ending?: string;
  onEnd(session: SignedInDevice): void;
}

/** A user's signed-in devices, newest use first, "this device" marked, each with its End button. */
export function SessionList({ sessions, loading, ending, onEnd }: SessionListProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  if (loading && !sessions) return <Spinner size="small" label={t('sessions.loading')} />;
  if (!sessions?.length) return <Text data-testid="sessions-empty">{t('sessions.none')}</Text>;
  return (
    <ul className={styles.list} data-testid="sessions-list">
      {sessions.map((s) => {
        const device = t(s.kind === 'desktop' ? 'sessions.desktop' : 'sessions.browser');
        const lastUsed = formatDate(s.lastUsedAt, i18n.language);
        return (
          <li key={s.id} className={styles.row} data-testid={`session-${s.id}`}>
            {s.kind === 'desktop' ? <DesktopRegular fontSize={24} aria-hidden /> : <GlobeRegular fontSize={24} aria-hidden />}
            <div className={styles.text}>
              <Text weight="semibold">
                {device} {s.current && <Badge appearance="tint" color="brand">{t('sessions.thisDevice')}</Badge>}
              </Text>
              {s.userAgent && (
                <Text size={200} className={styles.agent} title={s.userAgent}>
                  <span dir="ltr">{s.userAgent}</span>
                </Text>
              )}
              <Text size={200}>
                {s.ip ? t('sessions.address', { ip: '' }) : t('sessions.unknownAddress')}
                {s.ip && <span dir="ltr">{s.ip}</span>}
              </Text>
              <Text size={200}>
                {t('sessions.since', { at: formatDate(s.createdAt, i18n.language) })} · {t('sessions.lastUsed', { at: lastUsed })}
              </Text>
            </div>
            <Button
              size="small"
              disabled={ending !== undefined}
              icon={ending === s.id ? <Spinner size="tiny" /> : undefined}
              aria-label={t('sessions.endLabel', { device, at: lastUsed })}
              onClick={() => onEnd(s)}
            >
              {t('sessions.end')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
