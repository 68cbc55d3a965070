import './strings';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_PATTERN, endpoints, type WorkerDevice } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { formatDate } from '../../table/format';
import { useReturnFocus } from '../../ui/use-return-focus';
import { DeleteDialog } from '../../ui/DeleteDialog';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  item: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px' },
  when: { color: tokens.colorNeutralForeground3, display: 'block' },
  pin: { display: 'flex', alignItems: 'flex-end', gap: '8px', marginTop: '16px', flexWrap: 'wrap' },
});

/** Under the worker list's key: a change to the workers (or a live event) re-reads it too. */
export const devicesKey = (workerId: number) => [...keys.basicData('Worker'), 'devices', workerId] as const;

export interface WorkerPhonesDialogProps {
  worker: { id: number; name: string };
  open: boolean;
  /** Basic Data.Worker.Pair: may unpair phones and set the PIN. */
  canPair: boolean;
  onClose(): void;
  /** After an unpairing: the list's Phones column changes. */
  onChanged?(): void;
}

/** A worker's paired phones (name, paired, last seen), unpairing one with a confirmation, and the phones' PIN. */
export function WorkerPhonesDialog({ worker, open, canPair, onClose, onChanged }: WorkerPhonesDialogProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  useReturnFocus(open);
  const { data: devices, failed, invalidate } = useData(devicesKey(worker.id), () => call(endpoints.workerDevices, { params: { workerId: worker.id } }), t('phones.loadFailed'), {
    enabled: open,
    staleTime: 0,
  });
  const [revoking, setRevoking] = useState<WorkerDevice>();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string>();
  const when = (at: string | null) => formatDate(at, i18n.language);

  const revoke = async () => {
    if (!revoking) return;
    try {
      showSuccess(await call(endpoints.revokeWorkerDevice, { params: { workerId: worker.id, deviceId: revoking.id } }), t('crud.updated'));
      setRevoking(undefined);
      void invalidate();
      onChanged?.();
    } catch (err) {
      handleError(err, t('phones.revokeFailed'));
    }
  };

  const savePin = async (value: string | null) => {
    if (value !== null && !PIN_PATTERN.test(value)) {
      setPinError(t('phones.pinInvalid'));
      return;
    }
    setPinError(undefined);
    try {
      showSuccess(await call(endpoints.setWorkerPin, { params: { workerId: worker.id }, body: { pin: value } }), t('crud.updated'));
      setPin('');
    } catch (err) {
      handleError(err, t('phones.pinFailed'));
    }
  };

  const shown = devices?.filter((d) => !d.revokedAt) ?? [];
  return (
    <>
      <Dialog open={open} onOpenChange={(_, d) => !d.open && !revoking && onClose()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('phones.phonesTitle', { name: worker.name })}</DialogTitle>
            <DialogContent>
              {failed && <Text role="alert">{t('phones.loadFailed')}</Text>}
              {devices && shown.length === 0 && <Text>{t('phones.none')}</Text>}
              <ul className={styles.list} aria-label={t('phones.phonesTitle', { name: worker.name })}>
                {shown.map((d) => (
                  <li key={d.id} className={styles.item} data-testid={`device-${d.id}`}>
                    <span>
                      <Text weight="semibold">{d.name}</Text>
                      <Text className={styles.when}>
                        {t('phones.paired')}: {when(d.createdAt)} · {t('phones.lastSeen')}: {d.lastSeenAt ? when(d.lastSeenAt) : t('phones.never')}
                      </Text>
                    </span>
                    {canPair && (
                      <Button size="small" onClick={() => setRevoking(d)} aria-label={`${t('phones.revoke')} ${d.name}`}>
                        {t('phones.revoke')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {canPair && (
                <div className={styles.pin}>
                  <Field label={t('phones.pin')} hint={t('phones.pinHint')} validationMessage={pinError}>
                    <Input value={pin} inputMode="numeric" type="password" maxLength={6} autoComplete="off" onChange={(_, v) => setPin(v.value)} />
                  </Field>
                  <Button appearance="primary" onClick={() => void savePin(pin)}>
                    {t('phones.setPin')}
                  </Button>
                  <Button onClick={() => void savePin(null)}>{t('phones.removePin')}</Button>
                </div>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('common.close')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <DeleteDialog
        open={!!revoking}
        title={t('phones.revokeTitle')}
        name={revoking?.name ?? ''}
        question={t('phones.revokeQuestion', { name: revoking?.name ?? '' })}
        confirmLabel={t('phones.revoke')}
        onCancel={() => setRevoking(undefined)}
        onConfirm={revoke}
      />
    </>
  );
}
