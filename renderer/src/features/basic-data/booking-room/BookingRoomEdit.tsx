import { Button, Field, Input, Spinner, makeStyles } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingRoom } from '@shared';
import { ImageDropZone } from './ImageDropZone';
import { Thumbnails } from './Thumbnails';

const useStyles = makeStyles({
  // min-width 0: a native select is as wide as its longest option and would spill into the next column.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '14px 18px', '& > *': { minWidth: 0 } },
  wide: { gridColumn: '1 / -1' },
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end', marginTop: '16px' },
});

export interface BookingRoomChanges {
  nameAr: string;
  nameEn: string;
  newImages: File[];
}

/** The booking-room edit modal's form: both names, the read-only room type code, more images. */
export function BookingRoomEdit({ row, onSubmit, onCancel }: { row: BookingRoom; onSubmit(changes: BookingRoomChanges): Promise<void>; onCancel(): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [changes, setChanges] = useState<BookingRoomChanges>({ nameAr: row.nameAr, nameEn: row.nameEn, newImages: [] });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onSubmit(changes);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} data-testid="edit-form">
      <div className={styles.grid}>
        <Field label={t('fields.nameAr')} required>
          <Input required value={changes.nameAr} onChange={(_, d) => setChanges({ ...changes, nameAr: d.value })} />
        </Field>
        <Field label={t('fields.nameEn')} required>
          <Input required value={changes.nameEn} onChange={(_, d) => setChanges({ ...changes, nameEn: d.value })} />
        </Field>
        <Field label={t('fields.roomTypeCode')}>
          <Input readOnly value={row.roomTypeCode} />
        </Field>
        <Field label={t('fields.images')} className={styles.wide}>
          <Thumbnails images={row.images} size={64} />
        </Field>
        <Field label={t('bookingRoom.addImages')} className={styles.wide}>
          <ImageDropZone files={changes.newImages} onChange={(newImages) => setChanges({ ...changes, newImages })} />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {t('common.update')}
        </Button>
      </div>
    </form>
  );
}
