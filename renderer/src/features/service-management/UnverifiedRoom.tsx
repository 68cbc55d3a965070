import { Badge, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../ui/Ltr';

/** A room number, with "Unverified room" when the request came without the room's QR signature. */
export function RoomCell({ number, verified }: { number: string; verified?: boolean }) {
  const { t } = useTranslation();
  if (verified !== false) return <Ltr>{number}</Ltr>;
  return (
    <span style={{ display: 'inline-flex', gap: '6px', alignItems: 'center' }}>
      <Ltr>{number}</Ltr>
      <Badge appearance="tint" color="warning" data-testid="unverified-room">
        {t('qrLinks.unverified')}
      </Badge>
    </span>
  );
}

export function UnverifiedRoomNotice() {
  const { t } = useTranslation();
  return (
    <MessageBar intent="warning" data-testid="unverified-room">
      <MessageBarBody>
        <MessageBarTitle>{t('qrLinks.unverified')}</MessageBarTitle>
        {t('qrLinks.unverifiedHint')}
      </MessageBarBody>
    </MessageBar>
  );
}
