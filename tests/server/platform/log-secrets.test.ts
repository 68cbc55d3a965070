import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, endpoints, pathOf } from '@shared';
import { ApiClient } from '../../support/api-client';
import { logLines, spawnLoggedServer } from '../../support/logged-server';
import type { ServerProcess } from '../../support/server-process';
import { type SmtpCatcher, startSmtp } from '../../support/smtp';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/test-server';
import { linkOf, mailTo, useSmtp } from '../administration/administration.fixtures';

/**
 * DESIGN: no password, token or SMTP secret is ever logged. A real server process
 * goes through a login, a token refresh, a password reset by e-mail (the link opened
 * as a browser would, then submitted) and event streams (the token in the header, a
 * stream ticket in the URL as the admin app sends it, a token in the URL as a careless
 * client might); its whole log is then searched for every secret that passed through it.
 */
async function companyId(api: ApiClient, token: string, companyCode = 'LOGC'): Promise<number> {
  const added = await api.call(endpoints.company.add, { token, body: { name: 'Log Company', countryName: 'Egypt', companyCode } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body.id;
}

describe('the server log', () => {
  const SMTP_PASSWORD = 'Smtp-S3cret-pass';
  const NEW_PASSWORD = 'Brand-new-Passw0rd!';
  let server: ServerProcess;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    [server, smtp] = await Promise.all([spawnLoggedServer(), startSmtp({ requireAuth: { user: 'mailer', pass: SMTP_PASSWORD } })]);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** Opens an event stream, waits for its greeting and closes it. */
  const touchStream = async (url: URL, headers: Record<string, string> = {}) => {
    const abort = new AbortController();
    const res = await fetch(url, { headers, signal: abort.signal });
    if (res.status === 200) {
      const reader = res.body!.getReader();
      await reader.read();
    }
    abort.abort();
    return res.status;
  };

  it('holds no password, access token, refresh token, reset token or stream ticket after a login, a reset and event streams', async () => {
    const api = new ApiClient(server.url);
    const secrets: Record<string, string> = { 'admin password': ADMIN_PASSWORD, 'new password': NEW_PASSWORD, 'SMTP password': SMTP_PASSWORD };

    const first = await api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(first.status).toBe(200);
    secrets['access token'] = first.body.accessToken;
    secrets['refresh token'] = first.body.refreshToken;
    await useSmtp({ api, adminToken: async () => first.body.accessToken }, smtp, { username: 'mailer', password: SMTP_PASSWORD });

    expect((await api.call(endpoints.forgotPassword, { body: { email: ADMIN_EMAIL } })).status).toBe(200);
    const link = linkOf(await mailTo(smtp, ADMIN_EMAIL));
    secrets['reset token'] = link.token;
    // The browser opens the link from the e-mail: the token is in its query string.
    const page = new URL(link.url);
    await fetch(new URL(page.pathname + page.search, server.url));
    const reset = await api.call(endpoints.resetPassword, { body: { email: link.email, token: link.token, newPassword: NEW_PASSWORD } });
    expect(reset.status).toBe(200);

    const second = await api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: NEW_PASSWORD } });
    expect(second.status).toBe(200);
    secrets['second access token'] = second.body.accessToken;
    const refreshed = await api.call(endpoints.refreshToken, { body: { refreshToken: second.body.refreshToken } });
    expect(refreshed.status).toBe(200);
    secrets['second refresh token'] = second.body.refreshToken;
    secrets['refreshed access token'] = refreshed.body.accessToken;
    secrets['refreshed refresh token'] = refreshed.body.refreshToken;

    const streamUrl = () => new URL(pathOf(endpoints.staffEvents), server.url);
    expect(await touchStream(streamUrl(), { authorization: `Bearer ${refreshed.body.accessToken}` })).toBe(200);
    // As the admin app opens it (EventSource sends no header): a ticket in the URL.
    const { ticket } = (await api.call(endpoints.eventsTicket, { token: refreshed.body.accessToken })).body;
    secrets['stream ticket'] = ticket;
    const withTicket = streamUrl();
    withTicket.searchParams.set('ticket', ticket);
    expect(await touchStream(withTicket)).toBe(200);
    // A token put in the URL is refused, and not written down either.
    const withToken = streamUrl();
    withToken.searchParams.set('access_token', refreshed.body.accessToken);
    await touchStream(withToken);

    // An invitation link an admin copies: a credential answered once, never written down.
    const hotel = await api.call(endpoints.hotel.add, {
      token: refreshed.body.accessToken,
      body: { name: 'Log Hotel', nameAr: 'فندق السجل', hotelCode: 'LOGH', companyId: await companyId(api, refreshed.body.accessToken), bookingPolicy: '', accommodationPolicy: '' },
    });
    const department = await api.call(endpoints.department.add, { token: refreshed.body.accessToken, body: { name: 'Log Desk', departmentCode: 'LOGD' } });
    const invited = await api.call(endpoints.addUser, {
      token: refreshed.body.accessToken,
      body: { firstName: 'Lina', lastName: 'Log', phoneNumber: '+966 55 123 4567', email: 'lina.log@test.hotel', userCode: 'LOG-1', hotelIds: [hotel.body.id], departmentIds: [department.body.id] },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const copied = await api.call(endpoints.invitationLink, { token: refreshed.body.accessToken, body: { userId: invited.body.id } });
    expect(copied.status).toBe(200);
    secrets['copied invitation token'] = new URL(copied.body.link).searchParams.get('token') ?? '';

    await server.stop();
    const log = server.log();
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret, what).toBeTruthy();
      expect(log.includes(secret) || log.includes(encodeURIComponent(secret)), `${what} is in the log`).toBe(false);
    }
    // No JSON Web Token at all (their header always starts with eyJ).
    expect(log).not.toMatch(/eyJ[\w-]{10,}/);
    // The calls were logged (one line each), so the search above searched a real log.
    const paths = logLines(log).map((l) => l.path);
    for (const endpoint of [endpoints.login, endpoints.forgotPassword, endpoints.resetPassword, endpoints.refreshToken, endpoints.staffEvents])
      expect(paths).toContain(pathOf(endpoint));
  });

  it('masks a guest request\'s id (the guest\'s credential) in logged paths, and records who rotated a hotel\'s QR codes', async () => {
    // A server of its own: the test above stops its server to read the whole log.
    const server = await spawnLoggedServer();
    const api = new ApiClient(server.url);
    const login = await api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    const token: string = login.body.accessToken;
    const add = async (endpoint: Endpoint, body: Record<string, unknown>) => {
      const res = await api.call(endpoint, { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.id as number;
    };
    const hotelId = await add(endpoints.hotel.add, { name: 'Guest Log Hotel', nameAr: 'فندق', hotelCode: 'GLOGH', companyId: await companyId(api, token, 'GLOGC') });
    const roomId = await add(endpoints.room.add, {
      number: '101',
      hotelId,
      useTypeId: await add(endpoints.useType.add, { nameEn: 'Guest', nameAr: 'نزلاء', useTypeCode: 'GLOGU' }),
      roomTypeId: await add(endpoints.roomType.add, { nameEn: 'Single', nameAr: 'مفردة', roomTypeCode: 'GLOGR' }),
    });
    const serviceId = await add(endpoints.service.add, {
      nameEn: 'Towels',
      nameAr: 'مناشف',
      serviceCode: 'GLOGS',
      serviceGroupId: await add(endpoints.serviceGroup.add, { nameEn: 'Rooms', nameAr: 'الغرف', serviceGroupCode: 'GLOGG' }),
      departmentId: await add(endpoints.department.add, { name: 'Guest Log Desk', departmentCode: 'GLOGD' }),
    });
    const request = await api.call(endpoints.addRequest, {
      body: { custName: 'Log Guest', custEmail: 'guest@log.test', custPhone: '+966 55 123 4567', hotelId, roomId, services: [{ serviceId }] },
    });
    expect(request.status).toBe(200);
    const id: string = request.body.id;
    expect((await api.call(endpoints.userRequestDetails, { params: { id } })).status).toBe(200);
    expect((await api.call(endpoints.requestDetails, { token, params: { id } })).status).toBe(200);
    expect(await touchStream(new URL(pathOf(endpoints.guestEvents, { id }), server.url))).toBe(200);
    expect((await api.call(endpoints.rotateRoomQrCodes, { token, body: { hotelId } })).status).toBe(200);

    await server.stop();
    const log = server.log();
    expect(log).not.toContain(id);
    // Not even the part after the first four characters: the whole id is the credential.
    expect(log).not.toContain(id.slice(4));
    const paths = logLines(log).map((l) => String(l.path));
    const masked = (endpoint: Endpoint) => pathOf(endpoint, { id: 'ID' }).replace('ID', `${id.slice(0, 4)}…`);
    for (const endpoint of [endpoints.userRequestDetails, endpoints.guestEvents, endpoints.requestDetails]) expect(paths).toContain(masked(endpoint));
    const rotated = logLines(log).find((l) => l.msg === 'room QR codes rotated');
    expect(rotated).toMatchObject({ hotelId, rooms: 1, userId: expect.any(Number) });
  });
});
