import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Textarea, makeStyles } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared';
import { DangerButton } from '../../ui/DangerButton';
import { CannedReplyMenu } from './LineThread';
import './strings';

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: '12px' } });

export interface RejectDialogProps {
  open: boolean;
  busy: boolean;
  /** The guest's language, when known: canned texts are inserted in it. */
  guestLanguage?: Language;
  /** The message key when the reason is not acceptable. */
  validate(reason: string): string | undefined;
  onCancel(): void;
  /** `guestMessage` is empty when the guest is to read nothing. */
  onConfirm(reason: string, guestMessage: string): void;
}

/**
 * Asks for the reason a line is rejected (SPEC §5 requires one), which staff alone read,
 * and apart from it an optional message to the guest: a reason written for colleagues
 * ("guest in, DND") must never reach the guest by accident.
 */
export function RejectDialog({ open, busy, guestLanguage, validate, onCancel, onConfirm }: RejectDialogProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [reason, setReason] = useState('');
  const [guestMessage, setGuestMessage] = useState('');
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (open) {
      setReason('');
      setGuestMessage('');
      setProblem(undefined);
    }
  }, [open]);

  const confirm = () => {
    const key = validate(reason);
    setProblem(key);
    if (!key) onConfirm(reason.trim(), guestMessage.trim());
  };

  // Mounted only while open: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page.
  if (!open) return null;
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('line.rejectTitle')}</DialogTitle>
          <DialogContent className={styles.body}>
            <Field
              label={{ children: <><LockClosedRegular aria-hidden /> {t('line.reason')}</> }}
              hint={t('line.reasonHint')}
              required
              validationMessage={problem ? t(problem as 'line.enterReason') : undefined}
            >
              <Textarea value={reason} onChange={(_, d) => setReason(d.value)} maxLength={2000} dir="auto" />
            </Field>
            <Field label={t('line.guestMessage')} hint={t('line.guestMessageHint')}>
              <Textarea value={guestMessage} onChange={(_, d) => setGuestMessage(d.value)} maxLength={2000} dir="auto" />
            </Field>
            <div>
              <CannedReplyMenu
                language={guestLanguage ?? (i18n.language === 'ar' ? 'ar' : 'en')}
                onPick={(text) => setGuestMessage((draft) => (draft.trim() ? `${draft.trimEnd()}\n${text}` : text))}
              />
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <DangerButton disabled={busy} onClick={confirm}>
              {t('line.reject')}
            </DangerButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
