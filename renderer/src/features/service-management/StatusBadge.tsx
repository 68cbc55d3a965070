import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LineStatus, RequestStatus } from '@shared';
import './strings';

type Status = LineStatus | RequestStatus;
type BadgeColour = 'brand' | 'important' | 'informative' | 'success' | 'danger';

/**
 * One colour per status, none shared, so a glance down the column tells them
 * apart: Open blue (waits for someone), Assigned dark (a worker has it), In Progress grey
 * (a request part-way), Completed green, Rejected red (SPEC §4). Amber is left to the
 * due-time badge, which means "nearly late".
 */
export const STATUS_COLOURS: Record<Status, BadgeColour> = {
  Open: 'brand',
  Assigned: 'important',
  'In Progress': 'informative',
  Completed: 'success',
  Rejected: 'danger',
};

export function statusColour(status: Status): BadgeColour {
  return STATUS_COLOURS[status];
}

export function StatusBadge({ status, size = 'medium' }: { status: Status; size?: 'medium' | 'large' | 'extra-large' }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="filled" color={statusColour(status)} size={size} data-status={status} data-colour={statusColour(status)}>
      {t(`lineStatus.${status}`)}
    </Badge>
  );
}
