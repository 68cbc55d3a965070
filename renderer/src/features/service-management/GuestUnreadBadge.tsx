import { Badge } from '@fluentui/react-components';
import { PersonChatRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

/** The guest wrote on the line and no staff member has opened it since (opening it clears this). */
export function GuestUnreadBadge({ unread }: { unread?: boolean }) {
  const { t } = useTranslation();
  if (!unread) return null;
  return (
    <Badge appearance="tint" color="success" icon={<PersonChatRegular />} data-testid="guest-unread">
      {t('thread.guestUnread')}
    </Badge>
  );
}
