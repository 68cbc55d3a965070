import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX, endpoints, pathOf } from '@shared';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp } from '../../support/smtp';
import { openStream } from '../../support/sse';
import { type TestServer, startTestServer } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

/** A conversation per service line — replies the guest reads, notes the guest never sees. */
describe('the conversation on a service line', () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let clerk: string;
  let clerkName: string;
  let viewer: string;
  let otherHotel: string;
  const streams: { close(): void }[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] };
    const mona = await createStaffUser(db, { claims: SERVICE_CLAIMS, ...scope, firstName: 'Mona', lastName: 'Clerk' });
    clerkName = mona.name;
    clerk = await tokenFor(t.server.app.ctx.tokens, mona);
    const lists = ['Service Management.Request List.View', 'Service Management.Service List.View'];
    viewer = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: lists, ...scope }));
    otherHotel = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelB.id], departmentIds: scope.departmentIds }));
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.cleanup();
    await smtp.close();
  });

  const submit = async (serviceIds = [fx.services.towels], over: Record<string, unknown> = {}) => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, serviceIds, over) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } });
    return { id: added.body.id as string, lineIds: view.body.requestDetails.map((l: { id: number }) => l.id) as number[] };
  };
  const write = (requestDetailsId: number, text: string, kind?: 'reply' | 'note', token = clerk, lang?: 'en' | 'ar') =>
    t.api.call(endpoints.addServiceMessage, { token, lang, body: { requestDetailsId, text, ...(kind ? { kind } : {}) } });
  const guestJson = async (id: string) => (await t.api.call(endpoints.userRequestDetails, { params: { id } })).body;
  const step = (requestDetailsId: number, body: object) => t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId, ...body } });
  const url = (endpoint: { method: string; path: string }, params?: Record<string, string>) => new URL(pathOf(endpoint, params), t.url).toString();

  it('keeps any number of replies and notes in order; staff read all, the guest replies only, `reply` is the latest reply', async () => {
    const { id, lineIds: [line] } = await submit();
    const first = await write(line, 'Towels are on their way');
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Reply sent to the guest');
    const note = await write(line, 'INTERNAL: guest sounded upset, offer a late checkout', 'note', clerk, 'ar');
    expect(note.body.message).toBe('تمت إضافة الملاحظة الداخلية');
    expect((await write(line, 'They will be there in 5 minutes')).status).toBe(200);

    const staff = (await t.api.call(endpoints.serviceDetails, { token: clerk, params: { id: line } })).body.serviceDetails;
    expect(staff.messages.map((m: { kind: string; text: string; authorName: string }) => [m.kind, m.text, m.authorName])).toEqual([
      ['reply', 'Towels are on their way', clerkName],
      ['note', 'INTERNAL: guest sounded upset, offer a late checkout', clerkName],
      ['reply', 'They will be there in 5 minutes', clerkName],
    ]);
    expect(staff.reply).toBe('They will be there in 5 minutes');
    expect(staff.guestLanguage).toBe('en');
    const request = (await t.api.call(endpoints.requestDetails, { token: viewer, params: { id } })).body.requestDetails;
    expect(request.requestDetails[0].messages).toHaveLength(3);

    const guest = await guestJson(id);
    expect(guest.requestDetails[0].reply).toBe('They will be there in 5 minutes');
    expect(guest.requestDetails[0].messages).toEqual([
      { id: expect.any(Number), kind: 'reply', text: 'Towels are on their way', createdAt: expect.any(String), authorName: null },
      { id: expect.any(Number), kind: 'reply', text: 'They will be there in 5 minutes', createdAt: expect.any(String), authorName: null },
    ]);
    expect(JSON.stringify(guest)).not.toContain('INTERNAL');
    expect(JSON.stringify(guest)).not.toContain('"kind":"note"');
  });

  it("puts Assign's and Complete's reply, and Reject's guest message (never its reason), into the thread", async () => {
    const { lineIds: [towels, repair] } = await submit([fx.services.towels, fx.services.repair]);
    expect((await step(towels, { status: 'Assigned', workerId: fx.workers.housekeeper, note: 'Assigned to Huda' })).status).toBe(200);
    expect((await step(towels, { status: 'Completed', note: '' })).status).toBe(200);
    expect((await step(repair, { status: 'Rejected', note: 'Supplier let us down again', guestMessage: 'The part is out of stock' })).status).toBe(200);
    const thread = async (line: number) =>
      (await t.api.call(endpoints.serviceDetails, { token: clerk, params: { id: line } })).body.serviceDetails.messages.map((m: { text: string }) => m.text);
    expect(await thread(towels)).toEqual(['Assigned to Huda']);
    expect(await thread(repair)).toEqual(['The part is out of stock']);
  });

  it('refuses bad input in the caller\'s language and changes nothing', async () => {
    const { id, lineIds: [line] } = await submit();
    const long = await write(line, 'x'.repeat(MESSAGE_MAX + 1));
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ field: 'text' });
    const blank = await write(line, '   ', 'reply', clerk, 'ar');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('بعض الحقول غير صحيحة');
    expect(blank.body.errors[0]).toMatchObject({ field: 'text', message: 'هذا الحقل مطلوب' });
    const kind = await t.api.call(endpoints.addServiceMessage, { token: clerk, body: { requestDetailsId: line, text: 'hi', kind: 'shout' } });
    expect(kind.status).toBe(400);
    const noLine = await write(2_000_000, 'hello');
    expect(noLine.status).toBe(404);
    expect(noLine.body.message).toBe('This service request was not found');
    expect((await write(line, 'x'.repeat(MESSAGE_MAX))).status).toBe(200);
    expect((await guestJson(id)).requestDetails[0].messages).toHaveLength(1);
  });

  it('follows the reply rule: a Special Request is answered before it has a department; no reply on a closed line; notes still go', async () => {
    const { lineIds: [special, towels] } = await submit([fx.services.special, fx.services.towels]);
    const waiting = await write(special, 'We are on it');
    expect(waiting.status).toBe(200);
    expect((await step(towels, { status: 'Rejected', note: 'No towels left', guestMessage: 'Sorry, none left tonight' })).status).toBe(200);
    const closed = await write(towels, 'Sorry again', 'reply', clerk, 'ar');
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('هذه الخدمة مغلقة بالفعل ولا يمكن تغييرها');
    expect((await write(towels, 'Guest was told at the desk too', 'note')).status).toBe(200);
    const thread = (await t.api.call(endpoints.serviceDetails, { token: clerk, params: { id: towels } })).body.serviceDetails.messages;
    expect(thread.map((m: { kind: string }) => m.kind)).toEqual(['reply', 'note']);
  });

  it('answers only those who may answer the line: list readers 403, another hotel 404 (not revealed)', async () => {
    const { lineIds: [line] } = await submit();
    const readOnly = await write(line, 'Hello', 'reply', viewer);
    expect(readOnly.status).toBe(403);
    expect((await write(line, 'Hello', 'note', viewer)).status).toBe(403);
    const elsewhere = await write(line, 'Hello', 'reply', otherHotel);
    expect(elsewhere.status).toBe(404);
    expect((await t.api.call(endpoints.addServiceMessage, { body: { requestDetailsId: line, text: 'Hello' } })).status).toBe(401);
    const thread = (await t.api.call(endpoints.serviceDetails, { token: clerk, params: { id: line } })).body.serviceDetails.messages;
    expect(thread).toEqual([]);
  });

  it('tells the guest stream about replies only, and staff streams about both', async () => {
    const { id, lineIds: [line] } = await submit();
    const guest = await openStream(url(endpoints.guestEvents, { id }));
    const staff = await openStream(url(endpoints.staffEvents), { authorization: `Bearer ${clerk}` });
    streams.push(guest, staff);
    expect((await write(line, 'SECRET staff note', 'note')).status).toBe(200);
    expect((await write(line, 'Coming right up')).status).toBe(200);
    const reply = await guest.next((e) => e.event === 'message-added', 'message-added');
    expect(reply.data).toEqual({ type: 'message-added', requestId: id, lineId: line, statusName: 'Open', at: expect.any(String) });
    await staff.next((e) => e.event === 'message-added' && e.data.internal === false, 'the reply on the staff stream');
    expect(staff.received.filter((e) => e.event === 'message-added').map((e) => e.data.internal)).toEqual([true, false]);
    // Events arrive in order: the note's was published first, so it would be here by now.
    expect(guest.received.filter((e) => e.event === 'message-added')).toHaveLength(1);
    expect(guest.raw()).not.toContain('SECRET');
  });

  it("never puts a note in the guest's e-mail", async () => {
    const { lineIds: [line] } = await submit([fx.services.towels], { custEmail: 'noor@guest.test' });
    expect((await write(line, 'SECRET: VIP, do not charge', 'note')).status).toBe(200);
    expect((await step(line, { status: 'Assigned', workerId: fx.workers.housekeeper, note: '' })).status).toBe(200);
    expect((await write(line, 'SECRET again after assigning', 'note')).status).toBe(200);
    expect((await step(line, { status: 'Completed', note: 'Enjoy your stay' })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('noor@guest.test'));
    const body = bodyOf(mail);
    expect(body).toContain('Enjoy your stay');
    expect(body).not.toContain('SECRET');
    expect(mail.raw).not.toContain('SECRET');
  });
});

describe('canned replies', () => {
  let t: TestServer;
  let admin: string;
  let clerk: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.adminToken();
    clerk = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(t.server.app.ctx.database.db, { claims: SERVICE_CLAIMS }));
  });
  afterAll(() => t.cleanup());

  const api = endpoints.cannedReplies;

  it('an Admin adds, edits and removes them; staff who write on lines read them', async () => {
    const added = await t.api.call(api.add, { token: admin, body: { textEn: '  On its way  ', textAr: 'في الطريق إليك' } });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Added Successfully');
    const second = await t.api.call(api.add, { token: admin, body: { textEn: 'Thank you', textAr: 'شكرًا لك' }, lang: 'ar' });
    expect(second.body.message).toBe('تمت الإضافة بنجاح');
    let list = await t.api.call(api.list, { token: clerk });
    expect(list.status).toBe(200);
    expect(list.body.map((r: { textEn: string; textAr: string }) => [r.textEn, r.textAr])).toEqual([
      ['On its way', 'في الطريق إليك'],
      ['Thank you', 'شكرًا لك'],
    ]);
    const edited = await t.api.call(api.edit, { token: admin, params: { id: added.body.id }, body: { textEn: 'On its way to you', textAr: 'في الطريق إليك' } });
    expect(edited.status).toBe(200);
    expect((await t.api.call(api.remove, { token: admin, params: { id: second.body.id } })).status).toBe(200);
    list = await t.api.call(api.list, { token: clerk });
    expect(list.body.map((r: { textEn: string }) => r.textEn)).toEqual(['On its way to you']);
    expect((await t.api.call(api.remove, { token: admin, params: { id: second.body.id } })).status).toBe(404);
  });

  it('are not for every signed-in user: the list needs a claim that writes on lines or manages the replies', async () => {
    const db = t.server.app.ctx.database.db;
    const tokenOf = async (claims: string[]) => tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims }));
    const nobody = await t.api.call(api.list, { token: await tokenOf([]), lang: 'ar' });
    expect(nobody.status).toBe(403);
    expect(nobody.body.message).toBe('ليست لديك صلاحية للقيام بهذا الإجراء');
    expect((await t.api.call(api.list, { token: await tokenOf(['Service Management.Service List.View']) })).status).toBe(403);
    for (const claim of ['Service Management.Service List.Complete', 'Service Management.Service List.Assign', 'Administration.Canned Replies.View']) {
      expect((await t.api.call(api.list, { token: await tokenOf([claim]) })).status, claim).toBe(200);
    }
  });

  it('refuses the clerk, bad texts and unknown ids, in English and Arabic', async () => {
    const body = { textEn: 'Hi', textAr: 'مرحبًا' };
    const refused = await t.api.call(api.add, { token: clerk, body });
    expect(refused.status).toBe(403);
    expect((await t.api.call(api.edit, { token: clerk, params: { id: 1 }, body })).status).toBe(403);
    expect((await t.api.call(api.remove, { token: clerk, params: { id: 1 } })).status).toBe(403);
    const blank = await t.api.call(api.add, { token: admin, body: { textEn: 'Hi', textAr: ' ' }, lang: 'ar' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: 'textAr', message: 'هذا الحقل مطلوب' }]);
    const long = await t.api.call(api.add, { token: admin, body: { textEn: 'x'.repeat(1001), textAr: 'y' } });
    expect(long.status).toBe(400);
    expect(long.body.errors[0].field).toBe('textEn');
    const missing = await t.api.call(api.edit, { token: admin, params: { id: 999_999 }, body, lang: 'ar' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('هذا الرد الجاهز غير موجود');
    expect((await t.api.call(api.list, { token: admin })).body.some((r: { textEn: string }) => r.textEn === 'Hi')).toBe(false);
  });
});
