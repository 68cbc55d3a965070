import { Button, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@shared';
import { shellEndpoints as endpoints } from '../../api/shell-endpoints';
import { call } from '../../api/client';
import { loginErrorMessage } from '../../auth/login-error';
import { showToast } from '../../feedback/toast';
import { platform } from '../../platform';
import './strings';
import { useDesktopReturn } from '../../auth/useDesktopReturn';

/** Where the web app keeps the flow key while the browser is at the provider (this tab only, never a URL). */
export const SSO_FLOW_KEY = 'hotel.ssoFlow';

/** Whether this page load is the web app's return from the provider (the callback's redirect). */
export const isSsoReturn = (search: string) => new URLSearchParams(search).get('sso') === 'done';

interface Props {
  displayName: string;
  onSignedIn(answer: LoginResponse): Promise<void>;
}

/**
 * "Sign in with <provider>". The web app goes to the provider in this tab and, back on
 * the login page, posts its flow key (the server's cookie carries the one-time code);
 * the desktop app opens the system browser (RFC 8252: never an embedded login page) and
 * gets the code from its deep link. Either way the tokens come only in Complete's answer.
 */
export function SsoSignIn({ displayName, onSignedIn }: Props) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const exchange = useDesktopReturn(onSignedIn);
  const busy = starting || exchange.busy;

  // The web app's return: the key is taken out of storage before it is used, so it is used once.
  useEffect(() => {
    if (platform.kind !== 'web' || !isSsoReturn(window.location.search)) return;
    const key = sessionStorage.getItem(SSO_FLOW_KEY);
    sessionStorage.removeItem(SSO_FLOW_KEY);
    window.history.replaceState(null, '', window.location.pathname);
    if (key) void exchange.complete(key);
  }, []);

  const begin = async () => {
    setStarting(true);
    try {
      const started = await call(endpoints.ssoStart, { body: { client: platform.kind } });
      if (platform.kind === 'desktop') {
        exchange.wait(started.flowKey);
        platform.openExternal(started.authorizationUrl);
        setStarting(false);
      } else {
        sessionStorage.setItem(SSO_FLOW_KEY, started.flowKey);
        window.location.assign(started.authorizationUrl);
      }
    } catch (err) {
      showToast(loginErrorMessage(err), 'error');
      setStarting(false);
    }
  };

  return (
    <div data-testid="sso-sign-in">
      <Button appearance="secondary" style={{ width: '100%' }} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void begin()}>
        {t('sso.login.button', { name: displayName })}
      </Button>
      {exchange.waiting && (
        <Text block role="status" style={{ marginTop: 8 }}>
          {t('sso.login.opening')}
        </Text>
      )}
    </div>
  );
}
