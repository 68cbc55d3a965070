import { useTranslation } from 'react-i18next';
import type { Lookup, RoomLookup } from '@shared';
import { FieldError, fieldA11y } from '../components/Field';
import type { Draft, FieldErrors } from './draft';

interface Props {
  draft: Draft;
  errors: FieldErrors;
  update: (patch: Partial<Draft>) => void;
  hotels: Lookup[] | null;
  rooms: RoomLookup[] | null;
}

/** Hotel, then a room of that hotel: the room select stays disabled until a hotel is chosen. */
export function StayFields({ draft, errors, update, hotels, rooms }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="panel">
      <legend>{t('service.stay')}</legend>
      <div className="field">
        <label htmlFor="hotelId">{t('service.hotel')}</label>
        <select
          id="hotelId"
          required
          value={draft.hotelId ?? ''}
          onChange={(e) => update({ hotelId: Number(e.target.value) || null, roomId: null })}
          aria-busy={!hotels}
          {...fieldA11y('hotelId', errors.hotelId)}
        >
          <option value="">{hotels ? t('service.chooseHotel') : t('service.loading')}</option>
          {hotels?.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </select>
        <FieldError id="hotelId-error" message={errors.hotelId} />
      </div>
      <div className="field">
        <label htmlFor="roomId">{t('service.room')}</label>
        <select
          id="roomId"
          required
          disabled={!draft.hotelId}
          value={rooms ? (draft.roomId ?? '') : ''}
          onChange={(e) => update({ roomId: Number(e.target.value) || null })}
          {...fieldA11y('roomId', errors.roomId)}
        >
          <option value="">{!draft.hotelId ? t('service.roomAfterHotel') : rooms ? t('service.chooseRoom') : t('service.loading')}</option>
          {rooms?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.number}
            </option>
          ))}
        </select>
        <FieldError id="roomId-error" message={errors.roomId} />
      </div>
    </fieldset>
  );
}
