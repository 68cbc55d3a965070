import { Button, Field, Input, Link, Spinner } from '@fluentui/react-components';
import { KeyMultipleRegular } from '@fluentui/react-icons';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStyles } from './auth-styles';
import { desktopBridge } from '../platform/desktop-platform';
import { passkeysAvailable } from '../features/passkeys/availability';
import type { SignIn } from './use-sign-in';

// The desktop app's passkey sign-in (in the system browser): only where it is used.
const DesktopPasskeySignIn = lazy(async () => ({ default: (await import('../features/passkeys/DesktopPasskeySignIn')).DesktopPasskeySignIn }));

/** The e-mail and password, the forgotten-password link, and a passkey's button where one can sign in. */
export function SignInForm({ signIn, onForgot, onInput }: { signIn: SignIn; onForgot(): void; onInput(): void }) {
  const { t } = useTranslation();
  const styles = useAuthStyles();
  const { email, setEmail, password, setPassword, emailError, passwordError, busy, submit, passkey, finish } = signIn;
  return (
    <form className={styles.form} onSubmit={submit} onInput={onInput} noValidate>
      <Field label={t('login.email')} required validationMessage={emailError}>
        <Input type="email" name="email" autoComplete="username" value={email} onChange={(_, d) => setEmail(d.value)} />
      </Field>
      <Field label={t('login.password')} required validationMessage={passwordError}>
        <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(_, d) => setPassword(d.value)} />
      </Field>
      <div className={styles.actions}>
        <Link as="button" type="button" onClick={onForgot}>
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
  );
}
