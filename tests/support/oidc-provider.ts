import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login name (what the test types at the provider's login form); the login name is the subject. */
  accounts: Map<string, TestAccount>;
  /**
   * Signs `login` in at the provider as a browser would (its own cookie jar, its login and
   * consent forms) and answers the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (oidc-provider) on a loopback port, with its developer login and consent forms. */
export async function startIdentityProvider(redirectUri: string): Promise<TestIdentityProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const clientId = 'hotel-services';
  const clientSecret = 'a-client-secret-of-the-test-provider-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
  });
  // oidc-provider tells of its own warnings on the console; the test run stays quiet.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    };
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 12; hop++) {
      if (url.origin !== issuer) return url;
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
      keep(res);
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location')!, url);
        continue;
      }
      const html = await res.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!prompt || !action) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
      const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
      const posted = await fetch(new URL(action, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      keep(posted);
      url = new URL(posted.headers.get('location')!, url);
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
