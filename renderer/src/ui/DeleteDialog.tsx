import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DangerButton } from './DangerButton';
import { useReturnFocus } from './use-return-focus';

export interface DeleteDialogProps {
  open: boolean;
  title: string;
  name: string;
  /** The question instead of 'remove "name"?' (a room names its hotel too). */
  question?: string;
  /** The destructive button's words instead of Remove (switching a user off). */
  confirmLabel?: string;
  onCancel(): void;
  onConfirm(): Promise<void>;
}

/** The delete confirmation: a title, the item's name, cancel and remove (SPEC §2). */
export function DeleteDialog({ open, title, name, question, confirmLabel, onCancel, onConfirm }: DeleteDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  useReturnFocus(open);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  // Mounted only while open: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page.
  if (!open) return null;
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{question ?? t('crud.deleteConfirm', { name })}</DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <DangerButton disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={confirm}>
              {confirmLabel ?? t('common.remove')}
            </DangerButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
