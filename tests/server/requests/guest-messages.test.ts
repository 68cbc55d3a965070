import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_MESSAGE_MAX, endpoints, pathOf } from '@shared';
import { type Fixture, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { openStream } from '../../support/sse';
import { type TestServer, startTestServer } from '../../support/test-server';

/** The guest answers on a line from the tracking page: it joins the thread, alerts the line's staff, and reads as unread until opened. */
describe('the guest answering on a line', () => {
  let t: TestServer;
  let fx: Fixture;
  let housekeeping: string;
  let maintenance: string;
  const streams: { close(): void }[] = [];
  const lists = ['Service Management.Service List.View', 'Service Management.Service List.Assign', 'Service Management.Service List.Complete', 'Service Management.Service List.Reject'];

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '1000', HOTEL_GUEST_MESSAGE_RATE_LIMIT: '3', HOTEL_GUEST_MESSAGE_ADDRESS_RATE_LIMIT: '1000' } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    const tokens = t.server.app.ctx.tokens;
    housekeeping = await tokenFor(tokens, await createStaffUser(db, { claims: lists, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
    maintenance = await tokenFor(tokens, await createStaffUser(db, { claims: lists, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.maintenance] }));
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.cleanup();
  });

  const submit = async (serviceIds = [fx.services.towels]) => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, serviceIds) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } });
    return { id: added.body.id as string, lineIds: view.body.requestDetails.map((l: { id: number }) => l.id) as number[] };
  };
  const answer = (id: string, requestDetailsId: number, text: string, lang?: 'en' | 'ar') =>
    t.api.call(endpoints.addGuestMessage, { lang, body: { id, requestDetailsId, text } });
  const staffLine = async (line: number, token = housekeeping, read = true) =>
    (await t.api.call(endpoints.serviceDetails, { token, params: { id: line }, query: read ? { read: 'true' } : {} })).body.serviceDetails;
  const unreadInList = async (line: number) => {
    const rows = (await t.api.call(endpoints.allServicesRequest, { token: housekeeping, query: { pageSize: 100 } })).body as { id: number; guestUnread?: boolean }[];
    return rows.find((r) => r.id === line)?.guestUnread;
  };
  const url = (endpoint: { method: string; path: string }, params?: Record<string, string>) => new URL(pathOf(endpoint, params), t.url).toString();

  it('joins the thread on an open line, alerts the staff of its department, and reads unread until a staff member opens the line', async () => {
    const { id, lineIds: [line] } = await submit();
    const hk = await openStream(url(endpoints.staffEvents), { authorization: `Bearer ${housekeeping}` });
    const mt = await openStream(url(endpoints.staffEvents), { authorization: `Bearer ${maintenance}` });
    streams.push(hk, mt);
    expect((await t.api.call(endpoints.addServiceMessage, { token: housekeeping, body: { requestDetailsId: line, text: 'Towels in 10 minutes' } })).status).toBe(200);
    const sent = await answer(id, line, '  Please bring <a href="http://x.test">four</a>, not two  ', 'ar');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe('تم إرسال رسالتك إلى الفندق');

    const alert = await hk.next((e) => e.event === 'guest-message', 'guest-message on the housekeeping stream');
    expect(alert.data).toMatchObject({ requestId: id, lineId: line, mine: true, guestMessage: { roomNumber: '101', preview: expect.stringContaining('Please bring') } });
    // The maintenance clerk does not hold the line: the event does not reach them.
    expect((await t.api.call(endpoints.addServiceMessage, { token: maintenance, body: { requestDetailsId: line, text: 'x' } })).status).toBe(404);
    expect(mt.received.filter((e) => e.event === 'guest-message')).toHaveLength(0);

    expect(await unreadInList(line)).toBe(true);
    const viewer = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(t.server.app.ctx.database.db, { claims: ['Service Management.Request List.View'], hotelIds: [fx.hotelA.id] }));
    const request = (await t.api.call(endpoints.requestDetails, { token: viewer, params: { id } })).body.requestDetails;
    expect(request.requestDetails[0].guestUnread).toBe(true);

    const guest = (await t.api.call(endpoints.userRequestDetails, { params: { id } })).body.requestDetails[0];
    expect(guest.messages.map((m: { kind: string; text: string }) => [m.kind, m.text])).toEqual([
      ['reply', 'Towels in 10 minutes'],
      ['guest', 'Please bring <a href="http://x.test">four</a>, not two'],
    ]);
    expect(guest.guestUnread).toBeUndefined();
    // The guest's words do not become "the hotel's reply".
    expect(guest.reply).toBe('Towels in 10 minutes');

    // A look at the line without opening its page (a request page's card looking up workers) leaves it unread.
    expect((await staffLine(line, housekeeping, false)).guestUnread).toBe(true);
    expect(await unreadInList(line)).toBe(true);
    const opened = await staffLine(line);
    expect(opened.messages.map((m: { kind: string }) => m.kind)).toEqual(['reply', 'guest']);
    expect(opened.guestUnread).toBe(false);
    expect(await unreadInList(line)).toBe(false);
  });

  it('refuses a closed line in the guest\'s language and changes nothing', async () => {
    const { id, lineIds: [line] } = await submit();
    const rejected = await t.api.call(endpoints.updateServiceRequestStatus, {
      token: housekeeping,
      body: { requestDetailsId: line, status: 'Rejected', note: 'No stock', guestMessage: 'Sorry, none left' },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const ar = await answer(id, line, 'Why?', 'ar');
    expect(ar.status).toBe(409);
    expect(ar.body.message).toBe('هذه الخدمة منتهية ولا تقبل رسائل أخرى. يرجى إرسال طلب جديد إن كنت ما زلت بحاجة إلى مساعدة.');
    const en = await answer(id, line, 'Why?', 'en');
    expect(en.body.message).toMatch(/already finished/);
    expect((await staffLine(line)).messages.map((m: { kind: string }) => m.kind)).toEqual(['reply']);
    expect(await unreadInList(line)).toBe(false);
  });

  it("refuses a message naming another request's line, an unknown request, or a bad id, and changes nothing", async () => {
    const mine = await submit();
    const other = await submit([fx.services.repair]);
    const crossed = await answer(mine.id, other.lineIds[0], 'I am not your guest', 'en');
    expect(crossed.status).toBe(404);
    expect(crossed.body.message).toBe('This service is not part of your request');
    expect((await answer('00000000-0000-4000-8000-000000000000', mine.lineIds[0], 'hello')).status).toBe(404);
    expect((await answer('not-a-uuid', mine.lineIds[0], 'hello')).status).toBe(404);
    expect((await answer(mine.id, 2_000_000, 'hello')).status).toBe(404);
    const thread = (await t.api.call(endpoints.serviceDetails, { token: maintenance, params: { id: other.lineIds[0] } })).body.serviceDetails;
    expect(thread.messages).toEqual([]);
    expect(thread.guestUnread).toBe(false);
  });

  it('keeps markup as the text the guest typed (JSON, never a page); a 1 MB answer is a clear 413 in the guest\'s language that adds nothing', async () => {
    const { id, lineIds: [line] } = await submit();
    const huge = await t.api.call(endpoints.addGuestMessage, { lang: 'ar', body: { id, requestDetailsId: line, text: 'x'.repeat(1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('الملف أو الطلب كبير جدًا');
    const markup = '<b onmouseover="alert(1)">hi</b><script>fetch("//evil")</script>';
    expect((await answer(id, line, markup)).status).toBe(200);
    const guest = await t.api.call(endpoints.userRequestDetails, { params: { id } });
    expect(guest.headers.get('content-type')).toMatch(/^application\/json/);
    expect(guest.body.requestDetails[0].messages.map((m: { text: string }) => m.text)).toEqual([markup]);
    expect((await staffLine(line)).messages.map((m: { text: string }) => m.text)).toEqual([markup]);
  });

  it('refuses 1,001 characters and a blank message; takes 1,000', async () => {
    const { id, lineIds: [line] } = await submit();
    const long = await answer(id, line, 'x'.repeat(GUEST_MESSAGE_MAX + 1), 'ar');
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ field: 'text' });
    expect((await answer(id, line, '   ')).status).toBe(400);
    expect(await unreadInList(line)).toBe(false);
    expect((await answer(id, line, 'x'.repeat(GUEST_MESSAGE_MAX))).status).toBe(200);
  });

  it('limits the messages of one request (429, in the guest\'s language)', async () => {
    const { id, lineIds: [line] } = await submit();
    for (let i = 0; i < 3; i++) expect((await answer(id, line, `message ${i}`)).status).toBe(200);
    const limited = await answer(id, line, 'one too many', 'ar');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/[\u0600-\u06FF]/);
    expect((await staffLine(line)).messages).toHaveLength(3);
  });
});

describe('the guest answering from one address', () => {
  let t: TestServer;
  let fx: Fixture;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '1000', HOTEL_GUEST_MESSAGE_ADDRESS_RATE_LIMIT: '2' } });
    fx = await seedFixture(t.server.app.ctx.database.db);
  });
  afterAll(() => t.cleanup());

  it('is limited across requests: a stranger cannot spray messages over many request ids', async () => {
    const ids: { id: string; line: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
      const view = await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } });
      ids.push({ id: added.body.id, line: view.body.requestDetails[0].id });
    }
    const send = (i: number) => t.api.call(endpoints.addGuestMessage, { body: { id: ids[i].id, requestDetailsId: ids[i].line, text: 'hello' } });
    expect((await send(0)).status).toBe(200);
    expect((await send(1)).status).toBe(200);
    expect((await send(2)).status).toBe(429);
  });
});
