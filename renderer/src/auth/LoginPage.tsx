import { Button, Field, Input, Link, Spinner, Subtitle2, Title2 } from '@fluentui/react-components';
import { KeyMultipleRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { LoginResponse, TwoFactorChallenge } from '@shared';
import { EMAIL_PATTERN } from '@shared/patterns';
import { clientRoutes, passkeyDesktopFlowOf } from '@shared/routes';
import { shellEndpoints as endpoints } from '../api/shell-endpoints';
import { call } from '../api/client';
import { showToast } from '../feedback/toast';
import { applyLanguage, i18next } from '../i18n';
import { hasClaim, signIn } from '../session/session';
import { useAuthStyles } from './auth-styles';
import { deviceTrustFor, forgetDeviceTrust, rememberDeviceTrust } from './device-trust';
import { desktopBridge } from '../platform/desktop-platform';
import { loginErrorMessage } from './login-error';
import { loadShell, warmFirstScreens } from '../app/routes';
import { isCancelled, passkeysAvailable } from '../features/passkeys/availability';

// The dialogs (and Fluent's dialog code) download only when someone needs them; the server link only on desktop.
const ChangeServerLink = lazy(async () => ({ default: (await import('../features/server-address/ChangeServerLink')).ChangeServerLink }));
const ForgotPasswordDialog = lazy(async () => ({ default: (await import('./ForgotPasswordDialog')).ForgotPasswordDialog }));
// Only users with two-factor sign-in download its step.
const SignInSecondStep = lazy(async () => ({ default: (await import('../features/two-factor/SignInSecondStep')).SignInSecondStep }));
// Only hotels with single sign-on download its button.
const SsoSignIn = lazy(async () => ({ default: (await import('../features/single-sign-on/SsoSignIn')).SsoSignIn }));
// The desktop app's passkey sign-in (in the system browser), and that browser's page: each only where it is used.
const DesktopPasskeySignIn = lazy(async () => ({ default: (await import('../features/passkeys/DesktopPasskeySignIn')).DesktopPasskeySignIn }));
const PasskeyForDesktop = lazy(async () => ({ default: (await import('../features/passkeys/PasskeyForDesktop')).PasskeyForDesktop }));

export function LoginPage() {
  const { t } = useTranslation();
  const styles = useAuthStyles();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | undefined>();
  // The provider's name when the hotel offers single sign-on (the public call says nothing else).
  const [ssoName, setSsoName] = useState<string>();
  // Opened by the desktop app in the system browser for its passkey sign-in: the flow's handle.
  const [desktopFlow] = useState(() => passkeyDesktopFlowOf(window.location.hash));

  // The handle leaves the address bar and history as soon as it is read.
  useEffect(() => {
    if (desktopFlow !== undefined) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  }, []);

  useEffect(() => {
    let live = true;
    call(endpoints.ssoPublic).then(
      (info) => live && info.enabled && setSsoName(info.displayName),
      () => undefined,
    );
    return () => void (live = false);
  }, []);

  // SPEC §1: the login screen forces English on load.
  useEffect(() => applyLanguage('en'), []);
  // The first keystroke says a sign-in is coming: the first screens download while the
  // person types, and the login page alone stays small for everyone else.
  const warmed = useRef(false);
  const warm = () => {
    if (warmed.current) return;
    warmed.current = true;
    warmFirstScreens();
  };

  const emailError = touched && !EMAIL_PATTERN.test(email.trim()) ? t('login.invalidEmail') : undefined;
  const passwordError = touched && !password ? t('login.required') : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!EMAIL_PATTERN.test(email.trim()) || !password) return;
    setBusy(true);
    // The shell downloads while the server checks the password.
    void loadShell();
    try {
      const deviceTrustToken = deviceTrustFor(email);
      const answer = await call(endpoints.login, { body: { email: email.trim(), password, ...(deviceTrustToken ? { deviceTrustToken } : {}) } });
      if ('twoFactor' in answer) {
        if (deviceTrustToken) forgetDeviceTrust(email);
        setChallenge(answer);
        setPassword('');
      } else await finish(answer);
    } catch (err) {
      showToast(loginErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  // The passkey code (and the contract's schemas) download on the click, not with the page.
  const passkey = async () => {
    setBusy(true);
    void loadShell();
    try {
      const { signInWithPasskey } = await import('../features/passkeys/passkey-sign-in');
      await finish(await signInWithPasskey());
    } catch (err) {
      showToast(isCancelled(err) ? t('login.passkeyCancelled') : loginErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const finish = async (answer: LoginResponse) => {
    const { refreshToken, accessToken, permissions, claims, userRoles, userName, userEmail, deviceTrustToken } = answer;
    if (deviceTrustToken) rememberDeviceTrust(email, deviceTrustToken);
    const session = { accessToken, permissions, claims, userRoles, userName, userEmail };
    await signIn(session, refreshToken);
    // Guests Requests is where a desk goes first: its first page is read while Home opens.
    if (hasClaim(session, 'Service Management.Request List.View')) {
      void import('../features/service-management/section').then((s) => s.prefetchRequestList(i18next.language), () => undefined);
    }
    navigate(clientRoutes.home);
  };

  if (desktopFlow !== undefined) {
    return (
      <main className={styles.page}>
        <div className={`${styles.card} ${styles.form}`}>
          <Title2 as="h1">{t('login.title')}</Title2>
          <Suspense fallback={<Spinner />}>
            <PasskeyForDesktop flow={desktopFlow} />
          </Suspense>
        </div>
      </main>
    );
  }

  if (challenge) {
    return (
      <main className={styles.page}>
        <div className={`${styles.card} ${styles.form}`} data-testid="two-factor-step">
          <Suspense fallback={<Spinner />}>
            <SignInSecondStep challenge={challenge} onSignedIn={finish} onBack={() => setChallenge(undefined)} />
          </Suspense>
        </div>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.heading}>
          <Title2 as="h1">{t('login.title')}</Title2>
          <Subtitle2 as="p" className={styles.sub}>
            {t('login.subtitle')}
          </Subtitle2>
        </div>
        <form className={styles.form} onSubmit={submit} onInput={warm} noValidate>
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
          {desktopBridge() ? (
            <Suspense fallback={null}>
              <DesktopPasskeySignIn onSignedIn={finish} />
            </Suspense>
          ) : (
            passkeysAvailable() && (
              <Button type="button" icon={<KeyMultipleRegular />} disabled={busy} onClick={() => void passkey()} data-testid="passkey-sign-in">
                {t('login.passkey')}
              </Button>
            )
          )}
        </form>
        {ssoName !== undefined && (
          <Suspense fallback={null}>
            <SsoSignIn displayName={ssoName} onSignedIn={finish} />
          </Suspense>
        )}
      </div>
      {desktopBridge() && (
        <Suspense fallback={null}>
          <ChangeServerLink />
        </Suspense>
      )}
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} initialEmail={email} />
        </Suspense>
      )}
    </main>
  );
}
