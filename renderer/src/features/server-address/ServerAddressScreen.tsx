import { Card, Subtitle2, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { HotelDesktop } from '../../platform/desktop-platform';
import { ServerAddressForm } from './ServerAddressForm';

/** First start of the desktop app: nothing works until it knows the hotel server. */
export function ServerAddressScreen({ bridge }: { bridge: HotelDesktop }) {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Card style={{ width: 'min(440px, 100%)', padding: 24 }}>
        <Title2 as="h1">{t('server.title')}</Title2>
        <Subtitle2 as="p">{t('server.subtitle')}</Subtitle2>
        <ServerAddressForm bridge={bridge} onConnected={() => window.location.reload()} />
      </Card>
    </main>
  );
}
