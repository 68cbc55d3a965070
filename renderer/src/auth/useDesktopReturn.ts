import { useEffect, useId, useRef, useState } from 'react';
import type { LoginResponse } from '@shared';
import { shellEndpoints as endpoints } from '../api/shell-endpoints';
import { call } from '../api/client';
import { loginErrorMessage } from './login-error';
import { showToast } from '../feedback/toast';
import { platform } from '../platform';

/**
 * Which button's flow the next deep link belongs to. Single sign-on and the passkey both
 * come back as hotel-desk://sso?code=…, so only the flow started last redeems it: a
 * second button pressed while the first waits takes over instead of both redeeming.
 */
let waitingOwner: string | undefined;

/**
 * The desktop app's return from the system browser (RFC 8252), shared by single sign-on
 * and the passkey sign-in: the flow key stays in this window's memory, the code arrives
 * by the deep link, and Complete turns the two into the session.
 */
export function useDesktopReturn(onSignedIn: (answer: LoginResponse) => Promise<void>) {
  const owner = useId();
  const flowKey = useRef<string | undefined>(undefined);
  const done = useRef(false);
  const [waiting, setWaiting] = useState(false);
  const [busy, setBusy] = useState(false);

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

  useEffect(() => {
    if (!platform.onSsoCode) return;
    const stop = platform.onSsoCode((code) => {
      if (waitingOwner !== owner) return;
      const key = flowKey.current;
      flowKey.current = undefined;
      waitingOwner = undefined;
      if (key) void complete(key, code);
    });
    return () => {
      stop();
      if (waitingOwner === owner) waitingOwner = undefined;
    };
  }, []);

  /** The system browser has the sign-in now; the code that comes back is redeemed with this key. */
  const wait = (key: string) => {
    flowKey.current = key;
    waitingOwner = owner;
    setWaiting(true);
  };

  /** Stops waiting: a code arriving later is ignored (the flow expires on the server). */
  const cancel = () => {
    flowKey.current = undefined;
    if (waitingOwner === owner) waitingOwner = undefined;
    setWaiting(false);
  };

  return { wait, cancel, complete, waiting, busy };
}
