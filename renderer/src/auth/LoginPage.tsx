import { Spinner, Subtitle2, Title2 } from '@fluentui/react-components';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyDesktopFlowOf } from '@shared/routes';
import { shellEndpoints as endpoints } from '../api/shell-endpoints';
import { call } from '../api/client';
import { applyLanguage } from '../i18n';
import { useAuthStyles } from './auth-styles';
import { desktopBridge } from '../platform/desktop-platform';
import { warmFirstScreens } from '../app/routes';
import { SignInForm } from './SignInForm';
import { useSignIn } from './use-sign-in';

// The dialogs (and Fluent's dialog code) download only when someone needs them; the server link only on desktop.
const ChangeServerLink = lazy(async () => ({ default: (await import('../features/server-address/ChangeServerLink')).ChangeServerLink }));
const ForgotPasswordDialog = lazy(async () => ({ default: (await import('./ForgotPasswordDialog')).ForgotPasswordDialog }));
// Only users with two-factor sign-in download its step.
const SignInSecondStep = lazy(async () => ({ default: (await import('../features/two-factor/SignInSecondStep')).SignInSecondStep }));
// Only hotels with single sign-on download its button.
const SsoSignIn = lazy(async () => ({ default: (await import('../features/single-sign-on/SsoSignIn')).SsoSignIn }));
// The system browser's page for the desktop app's passkey sign-in: only where it is used.
const PasskeyForDesktop = lazy(async () => ({ default: (await import('../features/passkeys/PasskeyForDesktop')).PasskeyForDesktop }));

/** The provider's name when the hotel offers single sign-on (the public call says nothing else). */
function useSsoName(): string | undefined {
  const [ssoName, setSsoName] = useState<string>();
  useEffect(() => {
    let live = true;
    call(endpoints.ssoPublic).then(
      (info) => live && info.enabled && setSsoName(info.displayName),
      () => undefined,
    );
    return () => void (live = false);
  }, []);
  return ssoName;
}

export function LoginPage() {
  const { t } = useTranslation();
  const styles = useAuthStyles();
  const signIn = useSignIn();
  const [forgotOpen, setForgotOpen] = useState(false);
  const ssoName = useSsoName();
  // Opened by the desktop app in the system browser for its passkey sign-in: the flow's handle.
  const [desktopFlow] = useState(() => passkeyDesktopFlowOf(window.location.hash));

  // The handle leaves the address bar and history as soon as it is read.
  useEffect(() => {
    if (desktopFlow !== undefined) window.history.replaceState(null, '', window.location.pathname + window.location.search);
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

  if (signIn.challenge) {
    return (
      <main className={styles.page}>
        <div className={`${styles.card} ${styles.form}`} data-testid="two-factor-step">
          <Suspense fallback={<Spinner />}>
            <SignInSecondStep challenge={signIn.challenge} onSignedIn={signIn.finish} onBack={() => signIn.setChallenge(undefined)} />
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
        <SignInForm signIn={signIn} onForgot={() => setForgotOpen(true)} onInput={warm} />
        {ssoName !== undefined && (
          <Suspense fallback={null}>
            <SsoSignIn displayName={ssoName} onSignedIn={signIn.finish} />
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
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} initialEmail={signIn.email} />
        </Suspense>
      )}
    </main>
  );
}
