import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN } from '@shared/patterns';
import { shellEndpoints as endpoints } from '../api/shell-endpoints';
import { call } from '../api/client';
import { handleError, showSuccess } from '../feedback/handle-error';

export function ForgotPasswordDialog({ open, onClose, initialEmail }: { open: boolean; onClose(): void; initialEmail: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setTouched(false);
    }
  }, [open, initialEmail]);

  const valid = EMAIL_PATTERN.test(email.trim());
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    try {
      const answer = await call(endpoints.forgotPassword, { body: { email: email.trim() } });
      showSuccess(answer, t('login.forgotTitle'));
      onClose();
    } catch (err) {
      handleError(err, t('login.forgotFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t('login.forgotTitle')}</DialogTitle>
            <DialogContent>
              <Text as="p">{t('login.forgotHint')}</Text>
              <Field label={t('login.email')} required validationMessage={touched && !valid ? t('login.invalidEmail') : undefined}>
                <Input type="email" value={email} onChange={(_, d) => setEmail(d.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="button" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {t('login.sendLink')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
