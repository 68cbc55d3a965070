import './strings';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type PairingCodeResponse } from '@shared';
import { call, http } from '../../api/client';
import { handleError } from '../../feedback/handle-error';
import { useReturnFocus } from '../../ui/use-return-focus';
import { countdown, groupCode, pairLink } from './pairing';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px' },
  qr: { width: '220px', height: '220px', backgroundColor: 'white', padding: '8px' },
  // The code reads left to right in both languages (Latin letters and digits).
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: '28px', letterSpacing: '0.12em', direction: 'ltr', unicodeBidi: 'isolate' },
  hint: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

export interface PairPhoneDialogProps {
  worker: { id: number; name: string };
  open: boolean;
  onClose(): void;
  /** The server's address the phone opens (defaults to the address this app talks to). */
  server?: string;
  /** The clock (tests drive it). */
  now?: () => number;
}

/** A fresh single-use pairing code for one worker: as a QR code of the phone page's link, and grouped for typing. */
export function PairPhoneDialog({ worker, open, onClose, server, now = Date.now }: PairPhoneDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  useReturnFocus(open);
  const [pairing, setPairing] = useState<PairingCodeResponse & { qr: string; link: string }>();
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState(0);

  const newCode = useCallback(async () => {
    setBusy(true);
    try {
      const answer = await call(endpoints.workerPairingCode, { params: { workerId: worker.id } });
      const link = pairLink(server || http.defaults.baseURL || window.location.origin, answer.code);
      // SVG needs no canvas: the same in the desktop app, the browser and the tests.
      const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      setPairing({ ...answer, link, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    } catch (err) {
      handleError(err, t('phones.codeFailed'));
    } finally {
      setBusy(false);
    }
  }, [worker.id, server, t]);

  useEffect(() => {
    if (!open) {
      setPairing(undefined);
      return;
    }
    void newCode();
  }, [open, newCode]);

  useEffect(() => {
    if (!pairing) return;
    const tick = () => setLeft(Date.parse(pairing.expiresAt) - now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [pairing, now]);

  const expired = !!pairing && left <= 0;
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('phones.pairTitle', { name: worker.name })}</DialogTitle>
          <DialogContent className={styles.body}>
            {!pairing && busy && <Spinner />}
            {pairing && !expired && (
              <>
                <img className={styles.qr} src={pairing.qr} alt={t('phones.qrAlt', { name: worker.name })} data-testid="pair-qr" data-link={pairing.link} />
                <Text className={styles.code} dir="ltr" aria-label={t('phones.code')} data-testid="pair-code">
                  {groupCode(pairing.code)}
                </Text>
                <Text role="timer" aria-live="off">
                  {t('phones.expiresIn', { time: countdown(left) })}
                </Text>
                <Text className={styles.hint}>{t('phones.pairHint', { url: pairing.link.split('#')[0] })}</Text>
              </>
            )}
            {expired && (
              <MessageBar intent="warning">
                <MessageBarBody>{t('phones.expired')}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            {expired && (
              <Button appearance="primary" disabled={busy} onClick={() => void newCode()}>
                {t('phones.newCode')}
              </Button>
            )}
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
