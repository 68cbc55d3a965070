import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type BookingRoom } from '@shared';
import { upload } from '../../../api/client';
import { keys } from '../../../api/query';
import { handleError, showSuccess } from '../../../feedback/handle-error';
import { hasClaim, sessionAtom } from '../../../session/session';
import { DataTable, type TableColumn } from '../../../table/DataTable';
import { dateColumn } from '../../../table/date-column';
import { useListView } from '../../../table/url-view';
import { Collapse } from '../../../ui/Collapse';
import { Panel } from '../../../ui/Panel';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { EditDialog } from '../../../ui/EditDialog';
import { useLookups } from '../../../api/use-lookups';
import { useMasterList } from '../screen/use-master-list';
import { BookingRoomEdit, type BookingRoomChanges } from './BookingRoomEdit';
import { BookingRoomForm, emptyBookingRoom, type NewBookingRoom } from './BookingRoomForm';
import { Thumbnails } from './Thumbnails';
import { exportButton } from '../../../ui/ExportButton';

/** Booking rooms (SPEC §2): multipart create with images, edit names and add images. */
export function BookingRoomScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useAtomValue(sessionAtom);
  const client = useQueryClient();
  const [view, setView] = useListView();
  const { rows, loading, server, invalidate } = useMasterList<BookingRoom>('BookingRoom', endpoints.bookingRoom.list, view, setView);
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<NewBookingRoom>(emptyBookingRoom);
  const [editing, setEditing] = useState<BookingRoom>();
  const lookups = useLookups(['hotels', 'roomTypes'], lang);

  const reload = () => {
    void invalidate();
    void client.invalidateQueries({ queryKey: keys.lookups });
  };

  const create = async () => {
    const form = new FormData();
    form.append('hotelId', draft.hotelId);
    form.append('roomTypeId', draft.roomTypeId);
    form.append('noOfGuests', draft.noOfGuests);
    draft.facilities.forEach((f) => form.append('facilities', f));
    draft.images.forEach((file) => form.append('images', file, file.name));
    try {
      showSuccess(await upload(endpoints.bookingRoom.create, form), t('crud.added'));
      setDraft(emptyBookingRoom());
      setAdding(false);
      reload();
    } catch (err) {
      handleError(err, t('errors.createBookingRoom'));
    }
  };

  const update = async (changes: BookingRoomChanges) => {
    if (!editing) return;
    const form = new FormData();
    form.append('id', String(editing.id));
    form.append('nameAr', changes.nameAr);
    form.append('nameEn', changes.nameEn);
    form.append('roomTypeCode', editing.roomTypeCode);
    form.append('language', lang);
    changes.newImages.forEach((file) => form.append('newImages', file, file.name));
    try {
      showSuccess(await upload(endpoints.bookingRoom.update, form), t('crud.updated'));
      setEditing(undefined);
      reload();
    } catch (err) {
      handleError(err, t('errors.updateBookingRoom'));
    }
  };

  const name = useCallback((r: BookingRoom) => (lang === 'ar' ? r.nameAr : r.nameEn), [lang]);
  const columns = useMemo<TableColumn<BookingRoom>[]>(
    () => [
      { id: 'name', header: t('fields.name'), value: name, flex: 2, sortKey: lang === 'ar' ? 'nameAr' : 'nameEn' },
      { id: 'hotel', header: t('fields.hotel'), value: (r) => r.hotelName, sortKey: 'hotelName' },
      { id: 'roomTypeCode', header: t('fields.roomTypeCode'), value: (r) => r.roomTypeCode },
      { id: 'noOfGuests', header: t('fields.noOfGuests'), value: (r) => r.noOfGuests },
      { id: 'images', header: t('fields.images'), value: (r) => r.images.length, render: (r) => <Thumbnails images={r.images} />, sortKey: false },
      dateColumn('createdAt', t('fields.createdAt'), (r) => r.createdAt, lang),
    ],
    [t, lang, name],
  );
  const canCreate = hasClaim(session, 'Basic Data.Booking Room.Create');
  const canEdit = hasClaim(session, 'Basic Data.Booking Room.Edit');

  return (
    <section data-testid="screen-BookingRoom">
      <ScreenHeader title={t('items.BookingRoom')} adding={adding} onToggleAdd={canCreate ? () => setAdding((a) => !a) : undefined} />
      {canCreate && (
        <Collapse open={adding} testId="create-panel">
          <Panel>
            <BookingRoomForm hotels={lookups.hotels ?? []} roomTypes={lookups.roomTypes ?? []} value={draft} onChange={setDraft} onSubmit={create} />
          </Panel>
        </Collapse>
      )}
      <Panel>
        <DataTable rows={rows} columns={columns} rowName={name} onEdit={canEdit ? setEditing : undefined} loading={loading} renderExport={exportButton(t('items.BookingRoom'))} server={server} />
      </Panel>
      <EditDialog open={!!editing} title={t('crud.editTitle', { item: editing ? name(editing) : '' })} onClose={() => setEditing(undefined)}>
        {editing && <BookingRoomEdit row={editing} onSubmit={update} onCancel={() => setEditing(undefined)} />}
      </EditDialog>
    </section>
  );
}
