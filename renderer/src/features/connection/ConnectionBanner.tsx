import { MessageBar, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { reconnectingAtom } from './connection';

/** "Offline, reconnecting" across the top while the session cannot be renewed; gone once the server answers. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  if (!useAtomValue(reconnectingAtom)) return null;
  return (
    <MessageBar
      intent="warning"
      layout="singleline"
      data-testid="offline-banner"
      role="status"
      // Along the bottom edge: the app bar (menu, logout) stays usable while offline.
      style={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 1000, borderRadius: 0 }}
      icon={<Spinner size="extra-tiny" />}
    >
      <MessageBarBody>
        <MessageBarTitle>{t('connection.offline.title')}</MessageBarTitle>
        {t('connection.offline.body')}
      </MessageBarBody>
    </MessageBar>
  );
}
