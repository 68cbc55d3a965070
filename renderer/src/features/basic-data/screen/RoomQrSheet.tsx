import { Button, Select, Spinner } from '@fluentui/react-components';
import { QrCodeRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@shared';
import { download } from '../../../api/client';
import { handleError } from '../../../feedback/handle-error';
import { showToast } from '../../../feedback/toast';
import { platform } from '../../../platform';
import type { Lookups } from './types';

/** The room screen's printable QR sheet of one hotel's rooms (a PDF saved or opened through the platform). */
export function RoomQrSheet({ lookups }: { lookups: Lookups }) {
  const { t } = useTranslation();
  const [hotelId, setHotelId] = useState('');
  const [busy, setBusy] = useState(false);
  const hotels = lookups.hotels ?? [];

  const print = async () => {
    const hotel = hotels.find((h) => String(h.id) === hotelId);
    if (!hotel) {
      showToast(t('qr.chooseHotel'), 'warning');
      return;
    }
    setBusy(true);
    try {
      const bytes = await download(endpoints.roomQrSheet, { hotelId: hotel.id });
      const safeName = hotel.name.replace(/[^\p{L}\p{N}_-]+/gu, '-');
      await platform.saveFile(`RoomQrCodes-${safeName}.pdf`, bytes, [{ name: 'PDF', extensions: ['pdf'] }]);
    } catch (err) {
      handleError(err, t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Select aria-label={t('qr.hotel')} value={hotelId} onChange={(_, d) => setHotelId(d.value)} style={{ minWidth: '180px' }}>
        <option value="">{t('fields.hotel')}</option>
        {hotels.map((h) => (
          <option key={h.id} value={String(h.id)}>
            {h.name}
          </option>
        ))}
      </Select>
      <Button icon={busy ? <Spinner size="tiny" /> : <QrCodeRegular />} disabled={busy} onClick={print}>
        {t('qr.print')}
      </Button>
    </>
  );
}
