import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeleteDialogProps {
  open: boolean;
  title: string;
  name: string;
  onCancel(): void;
  onConfirm(): Promise<void>;
}

/** The delete confirmation: a title, the item's name, cancel and remove (SPEC §2). */
export function DeleteDialog({ open, title, name, onCancel, onConfirm }: DeleteDialogProps) {
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
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{t('crud.deleteConfirm', { name })}</DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button
              appearance="primary"
              style={{ backgroundColor: 'var(--colorPaletteRedBackground3)' }}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={confirm}
            >
              {t('common.remove')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
