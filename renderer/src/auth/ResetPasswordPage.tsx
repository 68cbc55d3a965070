import { Button, Field, Input, MessageBar, Spinner, Title2 } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@shared/patterns';
import { clientRoutes } from '@shared/routes';
import { shellEndpoints as endpoints } from '../api/shell-endpoints';
import { call } from '../api/client';
import { handleError, showSuccess } from '../feedback/handle-error';
import { applyLanguage } from '../i18n';
import { platform } from '../platform';
import { useAuthStyles } from './auth-styles';

/** /Dashboard/ResetPassword?email&token: the link of the invitation and forgot-password e-mails. */
export function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const styles = useAuthStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  // The e-mail's link names the recipient's language: the page opens in it.
  const linkLanguage = params.get('lang');
  useEffect(() => {
    if (linkLanguage === 'en' || linkLanguage === 'ar') applyLanguage(linkLanguage);
  }, [linkLanguage]);
  const switchLanguage = () => {
    const next = i18n.language === 'ar' ? 'en' : 'ar';
    applyLanguage(next);
    platform.setLanguage(next);
  };
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const mismatch = touched && confirm !== password ? t('reset.mismatch') : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!password || !confirm || password !== confirm) return;
    setBusy(true);
    try {
      const answer = await call(endpoints.resetPassword, { body: { email, token, newPassword: password } });
      showSuccess(answer, t('reset.success'));
      navigate(clientRoutes.login);
    } catch (err) {
      handleError(err, t('reset.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.actions}>
          <Title2 as="h1">{t('reset.title')}</Title2>
          <Button appearance="subtle" icon={<LocalLanguageRegular />} onClick={switchLanguage} aria-label={t('shell.languageLabel')}>
            {t('shell.language')}
          </Button>
        </div>
        {(!email || !token) && <MessageBar intent="warning">{t('reset.missingLink')}</MessageBar>}
        <form className={styles.form} onSubmit={submit}>
          <Field label={t('reset.newPassword')} required hint={`≥ ${PASSWORD_MIN_LENGTH}`}>
            <Input type="password" required autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </Field>
          <Field label={t('reset.confirm')} required validationMessage={mismatch}>
            <Input type="password" required autoComplete="new-password" value={confirm} onChange={(_, d) => setConfirm(d.value)} />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy || !email || !token} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {t('reset.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
