import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { QrCodeRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@shared';
import { call, download } from '../../../api/client';
import { keys } from '../../../api/query';
import { useData } from '../../../api/use-data';
import { handleError } from '../../../feedback/handle-error';
import { platform } from '../../../platform';
import { hasClaim, sessionAtom } from '../../../session/session';
import { DeleteDialog } from '../../../ui/DeleteDialog';
import { HotelSelect } from '../../../ui/HotelSelect';
import { QrAddressChoice } from './QrAddressChoice';
import type { Lookups } from './types';

/**
 * The room screen's printable QR sheet of one hotel's rooms (a PDF saved or opened through the platform).
 * The dialog shows the address the codes will hold; a loopback one (no guest phone can open it) is refused
 * until the user picks one of the machine's LAN addresses or confirms it on purpose. The address and
 * suggestions are read through the query cache (keys.roomQrLinkInfo) each time the dialog opens
 * (the machine's network may have changed), showing the last answer meanwhile.
 * New codes retire every code printed before for the hotel, so they are asked for once more
 * (a confirmation) and made by their own POST before the sheet is downloaded.
 */
export function RoomQrSheet({ lookups }: { lookups: Lookups }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [hotelId, setHotelId] = useState('');
  // Undefined: the address the server would use (what the dialog opens with).
  const [picked, setPicked] = useState<string>();
  const [confirmed, setConfirmed] = useState(false);
  const [rotate, setRotate] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [busy, setBusy] = useState(false);
  const hotels = lookups.hotels ?? [];
  // New codes are a change to the hotel's rooms (RotateRoomQrCodes needs Room.Edit); printing only needs View.
  const canRotate = hasClaim(useAtomValue(sessionAtom), 'Basic Data.Room.Edit');

  const { data: info, failed } = useData(keys.roomQrLinkInfo, () => call(endpoints.roomQrLinkInfo), t('errors.generic'), { enabled: open, staleTime: 0 });
  const base = picked ?? info?.publicUrl ?? '';
  const openDialog = () => {
    setPicked(undefined);
    setConfirmed(false);
    setRotate(false);
    setConfirmRotate(false);
    setOpen(true);
  };

  const loopback = Boolean(info && base === info.publicUrl && info.loopback);
  const hotel = hotels.find((h) => String(h.id) === hotelId);
  const canPrint = Boolean(info && hotel && (!loopback || confirmed) && !busy);

  const print = async (withNewCodes: boolean) => {
    if (!hotel || !info) return;
    setBusy(true);
    try {
      if (withNewCodes) await call(endpoints.rotateRoomQrCodes, { body: { hotelId: hotel.id } });
      // Codes are new from here on: a failed download below must not rotate them again on retry.
      setRotate(false);
      const query: Record<string, unknown> = { hotelId: hotel.id };
      if (base !== info.publicUrl) query.baseUrl = base;
      const bytes = await download(endpoints.roomQrSheet, query);
      const safeName = hotel.name.replace(/[^\p{L}\p{N}_-]+/gu, '-');
      await platform.saveFile(`RoomQrCodes-${safeName}.pdf`, bytes, [{ name: 'PDF', extensions: ['pdf'] }]);
      setOpen(false);
    } catch (err) {
      handleError(err, t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<QrCodeRegular />} onClick={openDialog}>
        {t('qr.print')}
      </Button>
      {/* Mounted only while open: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page. */}
      {open && (
        <Dialog open onOpenChange={(_, d) => setOpen(d.open)}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('qr.print')}</DialogTitle>
              <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: '12px' }}>
                <Field label={t('qr.hotel')} required>
                  <HotelSelect hotels={hotels} value={hotelId} onChange={setHotelId}>
                    <option value="">{t('fields.hotel')}</option>
                  </HotelSelect>
                </Field>
                {!info ? (
                  failed ? (
                    <MessageBar intent="error">
                      <MessageBarBody>{t('errors.generic')}</MessageBarBody>
                    </MessageBar>
                  ) : (
                    <Spinner size="tiny" label={t('app.loading')} />
                  )
                ) : (
                  <QrAddressChoice
                    info={info}
                    base={base}
                    onPick={(value) => (setPicked(value), setConfirmed(false))}
                    loopback={loopback}
                    confirmed={confirmed}
                    onConfirmed={setConfirmed}
                    canRotate={canRotate}
                    rotate={rotate}
                    onRotate={setRotate}
                  />
                )}
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
                <Button
                  appearance="primary"
                  disabled={!canPrint}
                  icon={busy ? <Spinner size="tiny" /> : <QrCodeRegular />}
                  onClick={() => (rotate ? setConfirmRotate(true) : print(false))}
                >
                  {t('qrLinks.printNow')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
      <DeleteDialog
        open={confirmRotate}
        title={t('qrLinks.rotateTitle')}
        name={hotel?.name ?? ''}
        question={t('qrLinks.rotateConfirm', { hotel: hotel?.name ?? '' })}
        confirmLabel={t('qrLinks.rotateNow')}
        onCancel={() => setConfirmRotate(false)}
        onConfirm={async () => {
          setConfirmRotate(false);
          await print(true);
        }}
      />
    </>
  );
}
