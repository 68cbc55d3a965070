import { Badge, Tooltip, makeStyles } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { User } from '@shared';
import { formatDate } from '../../table/format';
import './strings';

const useStyles = makeStyles({
  cell: { display: 'flex', gap: '6px', alignItems: 'center', height: '100%', flexWrap: 'wrap' },
  // Fluent's badge may shrink to 20 px in a flex row: its words would spill out of it (Arabic ones did).
  badge: { flexShrink: 0, whiteSpace: 'nowrap' },
});

const COLOR = { sent: 'informative', failed: 'danger', accepted: 'success', expired: 'warning' } as const;

/** The invitation state words (also what the column searches and exports). */
export function invitationText(user: User, t: TFunction): string {
  const { state, via } = user.invitation;
  return state === 'sent' && via === 'link' ? t('users.state.sentLink') : t(`users.state.${state}`);
}

/** Why it failed, or until when its link works: said beside the badge, never a link itself. */
export function invitationDetail(user: User, t: TFunction, lang: string): string | undefined {
  const { state, failure, expiresAt } = user.invitation;
  if (state === 'failed' && failure) return t('users.failedBecause', { reason: failure });
  if (state === 'sent' && expiresAt) return t('users.validUntil', { date: formatDate(expiresAt, lang) });
  return undefined;
}

/** The users list's invitation cell: its state, why it failed (or until when it works), and "switched off". */
export function InvitationBadge({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const detail = invitationDetail(user, t, i18n.language);
  const badge = (
    <Badge appearance="tint" className={styles.badge} color={COLOR[user.invitation.state]} data-testid={`invitation-${user.id}`} data-state={user.invitation.state}>
      {invitationText(user, t)}
    </Badge>
  );
  return (
    <div className={styles.cell}>
      {detail ? (
        <Tooltip content={detail} relationship="description">
          <span tabIndex={-1} className={styles.badge}>
            {badge}
          </span>
        </Tooltip>
      ) : (
        badge
      )}
      {!user.isActive && (
        <Badge appearance="filled" color="subtle" className={styles.badge} data-testid={`switched-off-${user.id}`}>
          {t('users.switchedOff')}
        </Badge>
      )}
    </div>
  );
}
