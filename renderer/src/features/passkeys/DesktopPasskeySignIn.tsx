import { Button, Link, Spinner, Text } from '@fluentui/react-components';
import { KeyMultipleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type LoginResponse } from '@shared';
import { call } from '../../api/client';
import { loginErrorMessage } from '../../auth/login-error';
import { showToast } from '../../feedback/toast';
import { platform } from '../../platform';
import { useDesktopReturn } from '../../auth/useDesktopReturn';
import './strings';

interface Props {
  onSignedIn(answer: LoginResponse): Promise<void>;
}

/**
 * "Sign in with a passkey" in the desktop app. Chromium offers no WebAuthn on the app's own
 * pages (electron/electron#24573), so the ceremony runs in the system browser at the
 * server's own login page, and the app signs in when the deep link brings the one-time
 * code back, as single sign-on does (RFC 8252).
 */
export function DesktopPasskeySignIn({ onSignedIn }: Props) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const exchange = useDesktopReturn(onSignedIn);
  const busy = starting || exchange.busy;

  const begin = async () => {
    setStarting(true);
    try {
      const started = await call(endpoints.passkeyDesktopStart);
      exchange.wait(started.flowKey);
      platform.openExternal(started.url);
    } catch (err) {
      showToast(loginErrorMessage(err), 'error');
    } finally {
      setStarting(false);
    }
  };

  return (
    <div data-testid="passkey-sign-in-desktop">
      <Button type="button" style={{ width: '100%' }} icon={busy ? <Spinner size="tiny" /> : <KeyMultipleRegular />} disabled={busy || exchange.waiting} onClick={() => void begin()}>
        {t('login.passkey')}
      </Button>
      {exchange.waiting && (
        <Text block role="status" style={{ marginTop: 8 }}>
          {t('passkeys.desktopWaiting')}{' '}
          <Link as="button" type="button" onClick={exchange.cancel}>
            {t('passkeys.desktopCancel')}
          </Link>
        </Text>
      )}
    </div>
  );
}
