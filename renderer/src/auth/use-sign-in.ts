import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { LoginResponse, TwoFactorChallenge } from '@shared';
import { EMAIL_PATTERN } from '@shared/patterns';
import { clientRoutes } from '@shared/routes';
import { shellEndpoints as endpoints } from '../api/shell-endpoints';
import { call } from '../api/client';
import { showToast } from '../feedback/toast';
import { i18next } from '../i18n';
import { hasClaim, signIn } from '../session/session';
import { deviceTrustFor, forgetDeviceTrust, rememberDeviceTrust } from './device-trust';
import { loginErrorMessage } from './login-error';
import { loadShell } from '../app/routes';
import { isCancelled } from '../features/passkeys/availability';

/**
 * Signing in with an e-mail and a password (then, for some, a second step) or a passkey:
 * what was typed, what is wrong with it, and the session once the server says yes.
 */
export function useSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | undefined>();

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

  return { email, setEmail, password, setPassword, emailError, passwordError, busy, challenge, setChallenge, submit, passkey, finish };
}

export type SignIn = ReturnType<typeof useSignIn>;
