import { Button, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@shared';
import { shellEndpoints as endpoints } from '../../api/shell-endpoints';
import { call } from '../../api/client';
import { loginErrorMessage } from '../../auth/login-error';
import { showToast } from '../../feedback/toast';
import { platform } from '../../platform';
import './strings';

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
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const flowKey = useRef<string | undefined>(undefined);
  const done = useRef(false);

  const complete = async (key: string, exchangeCode?: string) => {
    if (done.current) return;
    done.current = true;
    setBusy(true);
    try {
      await onSignedIn(await call(endpoints.ssoComplete, { body: exchangeCode ? { flowKey: key, exchangeCode } : { flowKey: key } }));
    } catch (err) {
      showToast(loginErrorMessage(err), 'error');
      done.current = false;
    } finally {
      setBusy(false);
      setWaiting(false);
    }
  };

  // The web app's return: the key is taken out of storage before it is used, so it is used once.
  useEffect(() => {
    if (platform.kind !== 'web' || !isSsoReturn(window.location.search)) return;
    const key = sessionStorage.getItem(SSO_FLOW_KEY);
    sessionStorage.removeItem(SSO_FLOW_KEY);
    window.history.replaceState(null, '', window.location.pathname);
    if (key) void complete(key);
  }, []);

  // The desktop app's return: its deep link's code, redeemed with the key only this window holds.
  useEffect(() => {
    if (!platform.onSsoCode) return;
    return platform.onSsoCode((code) => {
      const key = flowKey.current;
      flowKey.current = undefined;
      if (key) void complete(key, code);
    });
  }, []);

  const begin = async () => {
    setBusy(true);
    try {
      const started = await call(endpoints.ssoStart, { body: { client: platform.kind } });
      if (platform.kind === 'desktop') {
        flowKey.current = started.flowKey;
        platform.openExternal(started.authorizationUrl);
        setWaiting(true);
        setBusy(false);
      } else {
        sessionStorage.setItem(SSO_FLOW_KEY, started.flowKey);
        window.location.assign(started.authorizationUrl);
      }
    } catch (err) {
      showToast(loginErrorMessage(err), 'error');
      setBusy(false);
    }
  };

  return (
    <div data-testid="sso-sign-in">
      <Button appearance="secondary" style={{ width: '100%' }} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void begin()}>
        {t('sso.login.button', { name: displayName })}
      </Button>
      {waiting && (
        <Text block role="status" style={{ marginTop: 8 }}>
          {t('sso.login.opening')}
        </Text>
      )}
    </div>
  );
}
