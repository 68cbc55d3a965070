import { Button, Dropdown, Field, Input, Option, Select, Spinner, makeStyles } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FACILITIES, type Lookup } from '@shared';
import { HotelSelect } from '../../../ui/HotelSelect';
import { ImageDropZone } from './ImageDropZone';

const useStyles = makeStyles({
  // min-width 0: a native select is as wide as its longest option and would spill into the next column.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '14px 18px', '& > *': { minWidth: 0 } },
  wide: { gridColumn: '1 / -1' },
  actions: { display: 'flex', justifyContent: 'flex-end', marginTop: '16px' },
});

export interface NewBookingRoom {
  hotelId: string;
  roomTypeId: string;
  noOfGuests: string;
  facilities: string[];
  images: File[];
}
export const emptyBookingRoom = (): NewBookingRoom => ({ hotelId: '', roomTypeId: '', noOfGuests: '1', facilities: [], images: [] });

export interface BookingRoomFormProps {
  hotels: Lookup[];
  roomTypes: Lookup[];
  value: NewBookingRoom;
  onChange(value: NewBookingRoom): void;
  onSubmit(): Promise<void>;
}

/** The booking-room add panel: hotel, room type, facilities, guests and images (SPEC §2). */
export function BookingRoomForm({ hotels, roomTypes, value, onChange, onSubmit }: BookingRoomFormProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const facilityName = (code: string) => {
    const f = FACILITIES.find((x) => x.code === code);
    return f ? (i18n.language === 'ar' ? f.nameAr : f.nameEn) : code;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (value.facilities.length === 0) return;
    setBusy(true);
    try {
      await onSubmit();
      setTouched(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} data-testid="booking-room-form">
      <div className={styles.grid}>
        <Field label={t('fields.hotel')} required>
          <HotelSelect hotels={hotels} required value={value.hotelId} onChange={(hotelId) => onChange({ ...value, hotelId })}>
            <option value="">{t('common.select')}</option>
          </HotelSelect>
        </Field>
        <Field label={t('fields.roomType')} required>
          <Select required value={value.roomTypeId} onChange={(_, d) => onChange({ ...value, roomTypeId: d.value })}>
            <option value="">{t('common.select')}</option>
            {roomTypes.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('fields.facilities')} required validationMessage={touched && value.facilities.length === 0 ? t('login.required') : undefined}>
          <Dropdown
            multiselect
            placeholder={t('common.select')}
            selectedOptions={value.facilities}
            value={value.facilities.map(facilityName).join(', ')}
            onOptionSelect={(_, d) => onChange({ ...value, facilities: d.selectedOptions })}
          >
            {FACILITIES.map((f) => (
              <Option key={f.code} value={f.code}>
                {facilityName(f.code)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('fields.noOfGuests')} required>
          <Input type="number" min={1} max={50} required value={value.noOfGuests} onChange={(_, d) => onChange({ ...value, noOfGuests: d.value })} />
        </Field>
        <Field label={t('fields.images')} className={styles.wide}>
          <ImageDropZone files={value.images} onChange={(images) => onChange({ ...value, images })} />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {t('common.add')}
        </Button>
      </div>
    </form>
  );
}
