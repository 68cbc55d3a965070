import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Textarea } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DangerButton } from '../../ui/DangerButton';

export interface RejectDialogProps {
  open: boolean;
  busy: boolean;
  /** The message key when the reason is not acceptable. */
  validate(reason: string): string | undefined;
  onCancel(): void;
  onConfirm(reason: string): void;
}

/** Asks for the reason a line is rejected; SPEC §5 requires one. */
export function RejectDialog({ open, busy, validate, onCancel, onConfirm }: RejectDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (open) {
      setReason('');
      setProblem(undefined);
    }
  }, [open]);

  const confirm = () => {
    const key = validate(reason);
    setProblem(key);
    if (!key) onConfirm(reason.trim());
  };

  // Mounted only while open: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page.
  if (!open) return null;
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('p2.line.rejectTitle')}</DialogTitle>
          <DialogContent>
            <Field label={t('p2.line.reason')} required validationMessage={problem ? t(problem as 'p2.line.enterReason') : undefined}>
              <Textarea value={reason} onChange={(_, d) => setReason(d.value)} maxLength={2000} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <DangerButton disabled={busy} onClick={confirm}>
              {t('p2.line.reject')}
            </DangerButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
