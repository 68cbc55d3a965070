import { spawnServer } from '../../support/server-process';

export const E2E_ADMIN = { email: 'admin@e2e.hotel', password: 'E2e-Admin-Passw0rd' };

export interface E2EServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The real server in its own process on a free port with a fresh PGlite folder,
 * serving the built clients from dist/; the built server too when `npm run build` made a
 * fresh one (dist-server/). Always PGlite: the browser tests are
 * about the clients.
 */
export async function startE2EServer(options: { demo?: boolean; demoHistory?: boolean; env?: Record<string, string> } = {}): Promise<E2EServer> {
  return spawnServer(
    {
      HOTEL_ADMIN_EMAIL: E2E_ADMIN.email,
      HOTEL_ADMIN_PASSWORD: E2E_ADMIN.password,
      // The demo's thirty days of requests only when asked: most specs count what they make themselves.
      ...(options.demo ? { HOTEL_DEMO: '1', HOTEL_DEMO_HISTORY: options.demoHistory ? '1' : '0' } : {}),
      ...options.env,
    },
    { useBuild: true },
  );
}
