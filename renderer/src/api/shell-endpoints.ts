import type { endpoints } from '@shared';
import { apiPaths } from '@shared/api/paths';

type Names = 'login' | 'logout' | 'forgotPassword' | 'resetPassword' | 'eventsTicket' | 'staffEvents' | 'allServicesRequest' | 'ssoPublic' | 'ssoStart' | 'ssoComplete';

/**
 * The few calls the login page and the shell make, without zod: importing the endpoint
 * table would put every schema (and zod) in the first download. Typed as the table's
 * entries, so `call` still knows their bodies and answers; tests/renderer/routes.test.ts
 * checks that method, path and auth match the table.
 */
export const shellEndpoints = {
  login: { method: 'POST', path: apiPaths.login, auth: 'public' },
  logout: { method: 'POST', path: apiPaths.logout, auth: 'user' },
  forgotPassword: { method: 'POST', path: apiPaths.forgotPassword, auth: 'public' },
  resetPassword: { method: 'POST', path: apiPaths.resetPassword, auth: 'public' },
  // "Sign in with <provider>" on the login page.
  ssoPublic: { method: 'GET', path: apiPaths.ssoPublic, auth: 'public' },
  ssoStart: { method: 'POST', path: apiPaths.ssoStart, auth: 'public' },
  ssoComplete: { method: 'POST', path: apiPaths.ssoComplete, auth: 'public' },
  // The shell's live alerts (every screen) open the staff event stream.
  eventsTicket: { method: 'POST', path: apiPaths.eventsTicket, auth: 'user' },
  staffEvents: { method: 'GET', path: apiPaths.staffEvents, auth: 'user' },
  // Reminders of lines waiting to be acknowledged.
  allServicesRequest: { method: 'GET', path: apiPaths.allServicesRequest, auth: 'Service Management.Service List.View' },
} as const as unknown as Pick<typeof endpoints, Names>;
