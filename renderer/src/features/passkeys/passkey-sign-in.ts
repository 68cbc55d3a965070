import { startAuthentication } from '@simplewebauthn/browser';
import { endpoints, type LoginResponse } from '@shared';
import { call } from '../../api/client';

/**
 * The login page's passkey sign-in, loaded on the button's click: the server's options (a
 * challenge, no e-mail), the browser's passkey prompt, the signed answer back. The answer
 * is the same session a password sign-in gets.
 */
export async function signInWithPasskey(): Promise<LoginResponse> {
  const optionsJSON = await call(endpoints.passkeyLoginOptions);
  const response = await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return call(endpoints.passkeyLogin, { body: { response } });
}

/**
 * The same ceremony on the page the desktop app opened in the system browser: the answer
 * names the app's flow, and the server gives back a one-time code for the app's deep link
 * instead of a session here.
 */
export async function approveDesktopSignIn(flow: string): Promise<string> {
  const optionsJSON = await call(endpoints.passkeyLoginOptions);
  const response = await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return (await call(endpoints.passkeyDesktopLogin, { body: { flow, response } })).exchangeCode;
}
