import { Badge, Tooltip } from '@fluentui/react-components';
import { DoorArrowRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import './strings';

/** The PMS checked the guest out while the line (or request) is still open: the desk decides whether it is still worth doing. */
export function GuestCheckedOutBadge({ checkedOut }: { checkedOut?: boolean }) {
  const { t } = useTranslation();
  if (!checkedOut) return null;
  return (
    <Tooltip content={t('stays.checkedOutHint')} relationship="description">
      <Badge appearance="tint" color="warning" icon={<DoorArrowRightRegular />} data-testid="guest-checked-out">
        {t('stays.checkedOut')}
      </Badge>
    </Tooltip>
  );
}
