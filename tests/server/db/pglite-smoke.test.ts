import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { stays } from '../../../server/src/db/schema';
import { totpCode } from '../../../server/src/security/totp';
import { createStaffUser, tokenFor } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp, subjectOf } from '../../support/smtp';
import { SoftAuthenticator } from '../../support/soft-authenticator';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer, testDbKind } from '../../support/test-server';
import { linkOf, mailTo, useSmtp } from '../administration/administration.fixtures';
import { makePng } from '../../unit/files/image-fixtures';
import { XLSX, fileForm, fillTemplate, readWorkbook } from '../excel/excel.fixtures';

/** The one-PC address (PUBLIC_URL): passkeys' origin, the QR links' base. */
const ORIGIN = 'https://hotel.test';
const MIN = 60_000;

/**
 * The smoke of the one-PC product on PGlite: ONE server walks every module once over HTTP, each
 * step on what the steps before it made (master data made through its screens' calls, a user invited
 * by e-mail, a guest's request routed to a worker's phone, …). Every file of tests/server proves its
 * module in full on PostgreSQL; every statement the server sends there is parsed and typed by PGlite
 * (tests/engines/pglite-statements.test.ts); what PGlite does differently has its own files
 * (tests/server/engines.ts). This file proves each module answers on PGlite end to end, so it runs there
 * only: on PostgreSQL the modules' own files prove all of it and more.
 */
describe.runIf(testDbKind() === 'pglite')('the one-PC product on PGlite, module by module', { timeout: 120_000 }, () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let admin: string;
  /** What the steps make and the later ones use. */
  const m = {} as {
    companyId: number;
    hotelId: number;
    hotelCode: string;
    useTypeId: number;
    roomTypeId: number;
    roomIds: [number, number];
    groupId: number;
    departmentId: number;
    towels: number;
    workerId: number;
    clerk: string;
    clerkEmail: string;
    requestId: string;
    lineId: number;
    deskRequestId: string;
  };
  let ip = 0;
  const from = (origin?: string) => ({ 'x-forwarded-for': `10.42.0.${++ip}`, ...(origin ? { origin } : {}) });
  const add = async (key: 'company' | 'hotel' | 'useType' | 'roomType' | 'room' | 'serviceGroup' | 'department' | 'service' | 'worker', body: object) => {
    const res = await t.api.call(endpoints[key].add, { token: admin, body });
    expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(res.body.message).toBe('Added Successfully');
    return res.body.id as number;
  };
  const list = async (key: 'hotel' | 'room' | 'service' | 'worker', query?: Record<string, string | number>) => {
    const res = await t.api.call(endpoints[key].list, { token: admin, query });
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>[];
  };
  const guestView = async (id: string) => (await t.api.call(endpoints.userRequestDetails, { params: { id } })).body;

  beforeAll(async () => {
    smtp = await startSmtp();
    // No timers: escalations and routing run when the test plays them, at the test clock's time.
    t = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true', PUBLIC_URL: ORIGIN, HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    await t?.cleanup();
    await smtp?.close();
  });

  it('health: ok once the database is ready; an unknown address is a JSON 404 in the caller language', async () => {
    expect((await t.api.call(endpoints.health)).body).toEqual({ status: 'ok' });
    const ar = await t.api.raw('GET', '/api/NoSuchThing', { lang: 'ar' });
    expect(ar.status).toBe(404);
    expect(ar.body.message).toBe('هذا العنوان غير موجود');
    expect(Object.keys((await t.api.raw('GET', '/api/openapi.json')).body.paths)).toContain('/api/health');
  });

  it('account: the first admin signs in with every permission; a refresh gives a new session, a wrong password the 401', async () => {
    const res = await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, headers: from() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userRoles: ['Admin'], userEmail: ADMIN_EMAIL });
    expect(res.body.permissions).toContain('Basic Data.Routing');
    admin = res.body.accessToken;
    const refreshed = await t.api.call(endpoints.refreshToken, { body: { refreshToken: res.body.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await t.api.call(endpoints.allRoles, { token: refreshed.body.accessToken })).status).toBe(200);
    const wrong = await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: 'not-the-password' }, headers: from() });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Wrong Email or Password');
  });

  it('basic data: the chain company → hotel → rooms → services → worker is made and listed with the names it points at; an edit and a removal hold', async () => {
    m.companyId = await add('company', { name: 'Smoke Hospitality', countryName: 'Saudi Arabia', companyCode: 'SMK' });
    m.hotelCode = 'SMK-RUH';
    m.hotelId = await add('hotel', { name: 'Smoke Riyadh', nameAr: 'دخان الرياض', hotelCode: m.hotelCode, companyId: m.companyId });
    m.useTypeId = await add('useType', { nameEn: 'Guest room', nameAr: 'غرفة نزلاء', useTypeCode: 'GR' });
    m.roomTypeId = await add('roomType', { nameEn: 'Double', nameAr: 'مزدوجة', roomTypeCode: 'DBL' });
    const room = (number: string) => add('room', { number, hotelId: m.hotelId, useTypeId: m.useTypeId, roomTypeId: m.roomTypeId });
    m.roomIds = [await room('101'), await room('102')];
    m.groupId = await add('serviceGroup', { nameEn: 'Rooms', nameAr: 'الغرف', serviceGroupCode: 'RM' });
    m.departmentId = await add('department', { name: 'Housekeeping', departmentCode: 'HK' });
    m.towels = await add('service', {
      nameEn: 'Extra towels',
      nameAr: 'مناشف إضافية',
      serviceCode: 'TWL',
      serviceGroupId: m.groupId,
      departmentId: m.departmentId,
      acknowledgeMinutes: 5,
    });
    m.workerId = await add('worker', { name: 'Huda Saleh', phoneNumber: '+966 55 100 0001', workerCode: 'W1', departmentId: m.departmentId, hotelIds: [m.hotelId] });

    expect((await list('hotel')).find((r) => r.id === m.hotelId)).toMatchObject({ companyName: 'Smoke Hospitality', nameAr: 'دخان الرياض' });
    expect((await list('room')).find((r) => r.id === m.roomIds[0])).toMatchObject({ number: '101', hotelName: 'Smoke Riyadh', roomTypeNameAr: 'مزدوجة' });
    expect((await list('service')).find((r) => r.id === m.towels)).toMatchObject({ departmentName: 'Housekeeping', serviceGroupNameEn: 'Rooms', isSpecial: false });
    expect((await list('worker')).find((r) => r.id === m.workerId)).toMatchObject({ departmentName: 'Housekeeping', hotelIds: [m.hotelId] });

    const edited = await t.api.call(endpoints.hotel.edit, {
      token: admin,
      lang: 'ar',
      params: { id: m.hotelId },
      body: { name: 'Smoke Riyadh', nameAr: 'دخان الرياض', hotelCode: m.hotelCode, companyId: m.companyId, escalationDigestMinutes: 10 },
    });
    expect(edited.body).toEqual({ message: 'تم التحديث بنجاح', id: m.hotelId });
    const spare = await room('999');
    expect((await t.api.call(endpoints.room.remove, { token: admin, params: { id: spare } })).body).toEqual({ message: 'Removed Successfully', id: spare });
    expect((await list('room')).map((r) => r.id)).not.toContain(spare);
  });

  it('booking rooms: one made from the screen form with an image, listed with its names, the image served as sent', async () => {
    const png = makePng(3, 2);
    const form = new FormData();
    for (const [name, value] of [['hotelId', String(m.hotelId)], ['roomTypeId', String(m.roomTypeId)], ['noOfGuests', '2'], ['facilities', 'wifi']]) form.append(name, value);
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'view.png');
    const res = await t.api.call(endpoints.bookingRoom.create, { token: admin, form });
    expect(res.body.message).toBe('Added Successfully');
    const [room] = (await t.api.call(endpoints.bookingRoom.list, { token: admin })).body;
    expect(room).toMatchObject({ id: res.body.id, nameEn: 'Double', hotelName: 'Smoke Riyadh', noOfGuests: 2, facilities: ['wifi'] });
    const image = await t.api.raw('GET', room.images[0].url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(image.body, png)).toBe(0);
  });

  it('administration: a role with the service claims, a user invited by e-mail who sets a password and signs in with exactly those', async () => {
    await useSmtp(t, smtp);
    const role = await t.api.call(endpoints.addRole, { token: admin, body: { name: 'Front desk', description: 'Requests' } });
    expect(role.body.message).toBe('Added Successfully');
    const claims = (await t.api.call(endpoints.roleClaims, { token: admin, params: { id: role.body.id } })).body.claims as { claimType: string }[];
    const wanted = claims.map((c) => c.claimType).filter((c) => c.startsWith('Service Management.') || c.startsWith('Reports.'));
    const saved = await t.api.call(endpoints.updateRoleClaims, {
      token: admin,
      body: { roleId: role.body.id, roleName: 'Front desk', claims: claims.map((c) => ({ ...c, isSelected: wanted.includes(c.claimType) })) },
    });
    expect(saved.body.message).toBe('Role permissions updated successfully!');

    m.clerkEmail = 'mona.clerk@test.hotel';
    const added = await t.api.call(endpoints.addUser, {
      token: admin,
      body: { firstName: 'Mona', lastName: 'Clerk', phoneNumber: '+966 55 123 4567', email: m.clerkEmail, userCode: 'U-MONA', hotelIds: [m.hotelId], departmentIds: [m.departmentId] },
    });
    expect(added.body.message).toBe('User added successfully');
    expect((await t.api.call(endpoints.updateUserRoles, { token: admin, body: { userId: added.body.id, roles: [{ roleId: role.body.id, isSelected: true }] } })).status).toBe(200);

    const link = linkOf(await mailTo(smtp, m.clerkEmail));
    expect((await t.api.call(endpoints.resetPassword, { body: { email: link.email, token: link.token, newPassword: 'Mona-desk-lantern-58' } })).status).toBe(200);
    const session = await t.api.call(endpoints.login, { body: { email: m.clerkEmail, password: 'Mona-desk-lantern-58' }, headers: from() });
    expect(session.status).toBe(200);
    expect([...session.body.claims].sort()).toEqual([...wanted].sort());
    expect(session.body.userRoles).toEqual(['Front desk']);
    m.clerk = session.body.accessToken;
    expect((await t.api.call(endpoints.allUsers, { token: m.clerk })).status).toBe(403);
    expect((await t.api.call(endpoints.allUsers, { token: admin })).body.find((u: { id: number }) => u.id === added.body.id)).toMatchObject({ hasPassword: true });
  });

  it("a guest's request is routed to the on-shift worker, whose paired phone accepts, starts and finishes it; the guest follows and reviews it", async () => {
    expect((await t.api.call(endpoints.saveRoutingRule, { token: admin, body: { hotelId: m.hotelId, scope: 'department', scopeId: m.departmentId } })).status).toBe(200);
    expect((await t.api.call(endpoints.setWorkerShift, { token: admin, params: { id: m.workerId }, body: { shift: 'on' } })).status).toBe(200);

    // The request's own nudge would route it at once: held, so the guest first sees it Open, then the test routes it.
    await t.server.routing.settled();
    const release = t.server.routing.hold();
    const filed = await t.api.call(endpoints.addRequest, {
      body: { custName: 'Layla Hassan', custEmail: 'layla@example.com', custPhone: '+966 55 123 4567', hotelId: m.hotelId, roomId: m.roomIds[0], note: '', services: [{ serviceId: m.towels, note: 'two' }] },
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.message).toBe('Request submitted successfully!');
    m.requestId = filed.body.id;
    let view = await guestView(m.requestId);
    expect(view).toMatchObject({ statusName: 'Open', hotelName: 'Smoke Riyadh', roomNumber: '101' });
    expect(view.requestCode).toMatch(/^RQ-\d{6}$/);
    m.lineId = view.requestDetails[0].id;

    release();
    await t.server.routing.runOnce(t.clock.now());
    const routed = await t.api.call(endpoints.serviceAssignmentDetails, { token: m.clerk, params: { id: m.lineId } });
    expect(routed.body.workerName).toBe('Huda Saleh');
    expect(routed.body.routing[0]).toMatchObject({ outcome: 'assigned' });

    const code = await t.api.call(endpoints.workerPairingCode, { token: admin, params: { workerId: m.workerId } });
    expect(code.body.code).toMatch(/^[23456789BCDFGHJKMNPQRSTVWXYZ]{8}$/);
    const phone = await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Huda phone' } });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    const tasks = await t.api.call(endpoints.workTasks, { token: phone.body.accessToken });
    expect(tasks.body.find((x: { lineId: number }) => x.lineId === m.lineId)).toMatchObject({ roomNumber: '101', serviceNameEn: 'Extra towels', guestName: 'Layla Hassan' });
    const act = (name: 'workAccept' | 'workStart' | 'workDone', body: object = {}) => t.api.call(endpoints[name], { token: phone.body.accessToken, params: { lineId: m.lineId }, body });
    expect((await act('workAccept', { clientActionId: 'smoke-accept-01' })).status).toBe(200);
    expect((await act('workStart')).status).toBe(200);
    expect((await act('workDone', { clientActionId: 'smoke-done-0001', note: 'Left at the door' })).status).toBe(200);

    view = await guestView(m.requestId);
    expect(view.statusName).toBe('Completed');
    expect(view.requestDetails[0]).toMatchObject({ statusName: 'Completed' });
    const history = await t.api.call(endpoints.serviceAssignmentDetails, { token: m.clerk, params: { id: m.lineId } });
    expect(history.body.worker_Accepted).toContain('Huda');
    expect(history.body.started_Date).toBeTruthy();
    const review = await t.api.call(endpoints.addReview, { body: { id: m.requestId, feedback: 'Quick and kind', rating: 9 } });
    expect(review.body.message).toBe('Your Review Added Successfully');
    expect(await guestView(m.requestId)).toMatchObject({ review: 'Quick and kind', rating: 9 });
  });

  it('desk requests: the clerk files a phone request for a guest; the lists show its channel', async () => {
    const res = await t.api.call(endpoints.createRequestForGuest, {
      token: m.clerk,
      body: { channel: 'phone', hotelId: m.hotelId, roomId: m.roomIds[1], note: 'Guest called', services: [{ serviceId: m.towels, note: 'bath towels' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/^Request RQ-\d{6} filed for the guest$/);
    m.deskRequestId = res.body.id;
    const requests = await t.api.call(endpoints.allRequests, { token: m.clerk });
    expect(requests.body.find((r: { id: string }) => r.id === m.deskRequestId)).toMatchObject({ channel: 'phone', roomNumber: '102' });
    const lines = await t.api.call(endpoints.allServicesRequest, { token: m.clerk, query: { sort: 'serviceName', order: 'asc' } });
    expect(lines.body.find((r: { requestId: string }) => r.requestId === m.deskRequestId)).toMatchObject({ channel: 'phone' });
  });

  it('line messages: a reply the guest reads and a note the guest never sees', async () => {
    const [line] = (await guestView(m.deskRequestId)).requestDetails as { id: number }[];
    const write = (text: string, kind: 'reply' | 'note') => t.api.call(endpoints.addServiceMessage, { token: m.clerk, body: { requestDetailsId: line.id, text, kind } });
    expect((await write('Towels are on their way', 'reply')).body.message).toBe('Reply sent to the guest');
    expect((await write('INTERNAL: second floor store', 'note')).status).toBe(200);
    const staff = (await t.api.call(endpoints.serviceDetails, { token: m.clerk, params: { id: line.id } })).body.serviceDetails;
    expect(staff.messages.map((x: { kind: string; text: string }) => [x.kind, x.text])).toEqual([
      ['reply', 'Towels are on their way'],
      ['note', 'INTERNAL: second floor store'],
    ]);
    const guest = await guestView(m.deskRequestId);
    expect(guest.requestDetails[0].reply).toBe('Towels are on their way');
    expect(JSON.stringify(guest)).not.toContain('second floor store');
  });

  it('excel: the room template carries the hotel codes from the database; a filled one imports its rooms', async () => {
    const template = await t.api.call<Buffer>(endpoints.roomTemplate, { token: admin });
    expect(template.headers.get('content-type')).toBe(XLSX);
    const wb = await readWorkbook(template.body);
    const codes: string[] = [];
    wb.getWorksheet('Lookups')!.eachRow((row) => row.eachCell((cell) => codes.push(String(cell.value))));
    expect(codes).toContain(m.hotelCode);
    const file = await fillTemplate(template.body, [
      ['201', m.hotelCode, 'GR', 'DBL'],
      ['202', m.hotelCode, 'GR', 'DBL'],
    ]);
    const res = await t.api.call(endpoints.uploadRoom, { token: admin, lang: 'ar', form: fileForm(file, 'rooms.xlsx', XLSX) });
    expect(res.body).toEqual({ message: 'تم رفع الملف بنجاح. الصفوف المستوردة: 2', id: 2 });
    const numbers = (await list('room')).filter((r) => r.hotelId === m.hotelId).map((r) => r.number);
    expect(numbers).toEqual(expect.arrayContaining(['101', '102', '201', '202']));
  });

  it("qr: the hotel's sheet is a PDF with one signed link per room to the guest form", async () => {
    const res = await t.api.call<Buffer>(endpoints.roomQrSheet, { token: admin, query: { hotelId: m.hotelId } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const urls = [...res.body.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((x) => x[1].replace(/\\(.)/g, '$1'));
    expect(urls).toHaveLength(4);
    expect(urls).toContainEqual(expect.stringMatching(new RegExp(`^${ORIGIN}/Request/Service\\?hotelId=${m.hotelId}&roomId=${m.roomIds[0]}&sig=[\\w.-]+$`)));
  });

  it('reports: service levels, guest feedback and the room history count what happened', async () => {
    const now = t.clock.now().getTime();
    const range = { from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 3_600_000).toISOString() };
    const levels = await t.api.call(endpoints.serviceLevels, { token: m.clerk, query: { ...range, groupBy: 'department' } });
    expect(levels.status, JSON.stringify(levels.body)).toBe(200);
    expect(levels.body.total).toMatchObject({ lines: 2, completed: 1, rejected: 0 });
    expect(levels.body.rows.find((r: { name: string }) => r.name === 'Housekeeping')).toMatchObject({ lines: 2 });
    expect(levels.body.ratingDistribution[8]).toBe(1);
    const feedback = await t.api.call(endpoints.guestFeedback, { token: m.clerk, query: range });
    expect(feedback.body).toEqual([expect.objectContaining({ rating: 9, review: 'Quick and kind' })]);
    const room = await t.api.call(endpoints.roomHistory, { token: m.clerk, query: { roomId: m.roomIds[0] } });
    expect(room.status).toBe(200);
    expect(JSON.stringify(room.body)).toContain('Extra towels');
  });

  it("dashboard: today's figures of the clerk's hotel", async () => {
    const res = await t.api.call(endpoints.homeFigures, { token: m.clerk });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ openLines: 1, completedToday: 1, avgRating: 9, reviewsToday: 1 });
    expect(res.body.waitingLongest[0]).toMatchObject({ serviceName: 'Extra towels', roomNumber: '102' });
  });

  it('stays: a signed check-in from the PMS puts the guest in the room, a check-out ends the stay', async () => {
    const made = await t.api.call(endpoints.staySecret, { token: admin, body: { hotelId: m.hotelId } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const send = (eventId: string, type: string) => {
      const raw = JSON.stringify({ hotelId: m.hotelId, eventId, type, stayId: 'R-1', roomNumber: '101', guest: { name: 'Layla Hassan', language: 'ar' }, arrival: '2026-11-27', departure: '2026-11-30' });
      const timestamp = String(Math.ceil(t.clock.now().getTime() / 1000));
      const signature = `v1=${createHmac('sha256', made.body.secret).update(`${timestamp}.${raw}`).digest('hex')}`;
      return t.api.raw('POST', endpoints.stayEvent.path, { body: raw, headers: { 'x-hgs-timestamp': timestamp, 'x-hgs-signature': signature } });
    };
    expect((await send('evt-1', 'check-in')).status).toBe(200);
    const stay = async () => (await t.server.app.ctx.database.db.select().from(stays).where(eq(stays.externalId, 'R-1')))[0];
    expect(await stay()).toMatchObject({ roomId: m.roomIds[0], guestName: 'Layla Hassan', language: 'ar', checkedOutAt: null });
    expect((await send('evt-1', 'check-in')).status).not.toBe(200);
    expect((await send('evt-2', 'check-out')).status).toBe(200);
    expect((await stay()).checkedOutAt).not.toBeNull();
  });

  it('two-factor: set up and confirmed, the password alone no longer signs in; the code does', async () => {
    const user = await createStaffUser(t.server.app.ctx.database.db, { hotelIds: [m.hotelId] });
    const token = await tokenFor(t.server.app.ctx.tokens, user);
    const setup = await t.api.call(endpoints.twoFactorSetup, { token });
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const confirmed = await t.api.call(endpoints.twoFactorConfirm, { token, body: { code: totpCode(setup.body.secret, t.clock.now()) } });
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    t.clock.advance(30_000);
    const headers = from();
    const first = await t.api.call(endpoints.login, { body: { email: user.email, password: user.password }, headers });
    expect(first.body).toEqual({ twoFactor: 'code', twoFactorToken: expect.any(String), expiresIn: 300 });
    const second = await t.api.call(endpoints.loginTwoFactor, { body: { twoFactorToken: first.body.twoFactorToken, code: totpCode(setup.body.secret, t.clock.now()) }, headers });
    expect(second.status).toBe(200);
    expect((await t.api.call(endpoints.twoFactorStatus, { token: second.body.accessToken })).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('passkeys: options for the hotel address, a passkey added, and a sign-in with it alone', async () => {
    const user = await createStaffUser(t.server.app.ctx.database.db, { hotelIds: [m.hotelId] });
    const token = await tokenFor(t.server.app.ctx.tokens, user);
    const options = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: from(ORIGIN) });
    expect(options.body.rp).toEqual({ name: 'Hotel Services', id: 'hotel.test' });
    const authenticator = new SoftAuthenticator();
    const { response } = authenticator.create(options.body, { origin: ORIGIN });
    expect((await t.api.call(endpoints.passkeyRegister, { token, headers: from(ORIGIN), body: { name: 'Desk PC', response } })).status).toBe(200);
    const signInOptions = await t.api.call(endpoints.passkeyLoginOptions, { headers: from(ORIGIN) });
    expect(signInOptions.body.rpId).toBe('hotel.test');
    const answer = await t.api.call(endpoints.passkeyLogin, { headers: from(ORIGIN), body: { response: authenticator.get(signInOptions.body, { origin: ORIGIN }) } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.userEmail).toBe(user.email);
    expect((await t.api.call(endpoints.passkeys, { token: answer.body.accessToken })).body).toEqual([expect.objectContaining({ name: 'Desk PC', lastUsedAt: expect.any(String) })]);
  });

  it("api keys: a key made for the hotel lists the hotel's requests and is seen used", async () => {
    const made = await t.api.call(endpoints.createApiKey, { token: admin, body: { name: 'PMS bridge', hotelId: m.hotelId, claims: ['Service Management.Request List.View'] } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.key).toMatch(/^hgs_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const listed = await t.api.call(endpoints.allRequests, { token: made.body.key });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.map((r: { id: string }) => r.id).sort()).toEqual([m.requestId, m.deskRequestId].sort());
    expect((await t.api.call(endpoints.allUsers, { token: made.body.key })).status).toBe(403);
    const keys = await t.api.call(endpoints.apiKeys, { token: admin });
    expect(keys.body.find((k: { id: number }) => k.id === made.body.id).lastUsedAt).not.toBeNull();
  });

  it('escalations: a line nobody acknowledged past its target is escalated and e-mailed to the clerk as the hotel digest', async () => {
    const late = await t.api.call(endpoints.addRequest, {
      body: { custName: 'Omar Zaid', custEmail: 'omar@example.com', custPhone: '+966 55 765 4321', hotelId: m.hotelId, roomId: m.roomIds[1], note: '', services: [{ serviceId: m.towels, note: '' }] },
    });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    const [line] = (await guestView(late.body.id)).requestDetails as { id: number }[];
    t.clock.advance(6 * MIN);
    // The tick's digest runs before its escalations: the line it finds late goes out with the next one.
    await t.tick();
    await t.tick();
    const mail = await mailTo(smtp, m.clerkEmail, 1);
    expect(subjectOf(mail)).toBe('Late: 1 requests at Smoke Riyadh');
    expect(bodyOf(mail)).toContain(`/Admin/Service/Details/${line.id}`);
    const overdue = await t.api.call(endpoints.allRequests, { token: m.clerk, query: { overdue: 'true' } });
    expect(overdue.body.map((r: { id: string }) => r.id)).toEqual([late.body.id]);
  });
});
