import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Switching a user off signs them out everywhere at once: confirmed first, styled as destructive. */
export function SwitchOffDialog({ name, onCancel, onConfirm }: { name: string; onCancel(): void; onConfirm(): Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('users.switchOffTitle', { name })}</DialogTitle>
          <DialogContent>{t('users.switchOffText', { name })}</DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button
              appearance="primary"
              style={{ backgroundColor: 'var(--colorPaletteRedBackground3)' }}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={() => void confirm()}
            >
              {t('users.switchOff')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
