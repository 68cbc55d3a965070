import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LineStatus, RequestStatus } from '@shared';

type Status = LineStatus | RequestStatus;

/** SPEC §4 colours: Rejected red, Completed in the main colour, the others in the secondary colour. */
export function statusColour(status: Status): 'danger' | 'brand' | 'informative' {
  if (status === 'Rejected') return 'danger';
  if (status === 'Completed') return 'brand';
  return 'informative';
}

export function StatusBadge({ status, size = 'medium' }: { status: Status; size?: 'medium' | 'large' | 'extra-large' }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="filled" color={statusColour(status)} size={size} data-status={status}>
      {t(`p2.status.${status}`)}
    </Badge>
  );
}
