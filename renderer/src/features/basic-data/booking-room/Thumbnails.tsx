import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { BookingRoomImage } from '@shared';
import { http } from '../../../api/client';

/** The stored images of a booking room (their URLs are served by the API, relative to it). */
export function Thumbnails({ images, size = 40 }: { images: BookingRoomImage[]; size?: number }) {
  const { t } = useTranslation();
  if (images.length === 0) return <Text size={200}>{t('bookingRoom.noImages')}</Text>;
  const base = http.defaults.baseURL ?? '';
  return (
    <span style={{ display: 'inline-flex', gap: '4px', alignItems: 'center', height: '100%', flexWrap: 'wrap' }}>
      {images.map((img) => (
        <img key={img.id} src={`${base}${img.url}`} alt="" width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />
      ))}
    </span>
  );
}
