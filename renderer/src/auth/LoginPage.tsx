import { Button, Card, Field, Input, Link, Spinner, Subtitle2, Title2 } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EMAIL_PATTERN, endpoints } from '@shared';
import { call } from '../api/client';
import { showToast } from '../feedback/toast';
import { applyLanguage } from '../i18n';
import { signIn } from '../session/session';
import { useAuthStyles } from './auth-styles';
import { ChangeServerLink } from '../features/server-address/ChangeServerLink';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { loginErrorMessage } from './login-error';

export function LoginPage() {
  const { t } = useTranslation();
  const styles = useAuthStyles();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  // SPEC §1: the login screen forces English on load.
  useEffect(() => applyLanguage('en'), []);

  const emailError = touched && !EMAIL_PATTERN.test(email.trim()) ? t('login.invalidEmail') : undefined;
  const passwordError = touched && !password ? t('login.required') : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!EMAIL_PATTERN.test(email.trim()) || !password) return;
    setBusy(true);
    try {
      const answer = await call(endpoints.login, { body: { email: email.trim(), password } });
      const { refreshToken, accessToken, permissions, claims, userRoles, userName, userEmail } = answer;
      await signIn({ accessToken, permissions, claims, userRoles, userName, userEmail }, refreshToken);
      navigate('/Admin/Home');
    } catch (err) {
      showToast(loginErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <div>
          <Title2 as="h1">{t('login.title')}</Title2>
          <Subtitle2 as="p" className={styles.sub}>
            {t('login.subtitle')}
          </Subtitle2>
        </div>
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field label={t('login.email')} required validationMessage={emailError}>
            <Input type="email" name="email" autoComplete="username" value={email} onChange={(_, d) => setEmail(d.value)} />
          </Field>
          <Field label={t('login.password')} required validationMessage={passwordError}>
            <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </Field>
          <div className={styles.actions}>
            <Link as="button" type="button" onClick={() => setForgotOpen(true)}>
              {t('login.forgot')}
            </Link>
            <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
              {t('login.submit')}
            </Button>
          </div>
        </form>
      </Card>
      <ChangeServerLink />
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={email} />
    </div>
  );
}
