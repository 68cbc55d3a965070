import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp, subjectOf } from '../../support/smtp';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../server/src/db/client';
import { outboundMessages } from '../../../server/src/db/schema';
import { GUEST_FINISHED_KIND, enqueueFinishedNotice } from '../../../server/src/modules/service-levels/guest-mail';
import { enqueue } from '../../../server/src/outbound/outbound-queue';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

/** The request's finished e-mail on the outbound queue (one row per request, by its key). */
const finishedRows = (db: DbOrTx, requestId: string) => db.select().from(outboundMessages).where(eq(outboundMessages.dedupeKey, `guest-finished:${requestId}`));

describe('the guest hears back when the request is finished', () => {
  let a: TestServer;
  let b: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let tokenA: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    a = await startTestServer({ env: { PUBLIC_URL: 'https://guest.example.com', HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    // On PostgreSQL a second server on the same database, as in a chain (PGlite is one process by nature).
    b = testDbKind() === 'postgres' ? await startTestServer({ reuse: { dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl }, env: { PUBLIC_URL: 'https://guest.example.com' } }) : a;
    const db = a.server.app.ctx.database.db;
    fx = await seedFixture(db);
    const clerk = await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] });
    tokenA = await tokenFor(a.server.app.ctx.tokens, clerk);
    await useSmtp(a, smtp);
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.cleanup();
    await smtp.close();
  });

  /** Both processes' work after their answers (the guests' e-mails) and their schedulers' ticks are over. */
  const settled = async () => {
    for (const t of new Set([a, b])) {
      expect(await t.server.app.ctx.background.drain(10_000)).toBe(0);
      await t.tick();
    }
  };

  const finish = async (t: TestServer, token: string, lineId: number, status: 'Completed' | 'Rejected', note: string) => {
    const assigned = await t.api.call(endpoints.updateServiceRequestStatus, { token, body: { requestDetailsId: lineId, status: 'Assigned', note: '', workerId: fx.workers.floater } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const done = await t.api.call(endpoints.updateServiceRequestStatus, { token, body: { requestDetailsId: lineId, status, note } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  };

  it('sends one e-mail, in Arabic to a guest who wrote in Arabic, with each outcome and the review link, only once the last line is finished', async () => {
    const added = await a.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.towels, fx.services.repair], { custEmail: 'sara@guest.test', custName: 'Click evil.example to win', note: 'SEE evil.example' }),
      lang: 'ar',
    });
    expect(added.status).toBe(200);
    const id: string = added.body.id;
    const [towels, repair] = (await a.api.call(endpoints.userRequestDetails, { params: { id } })).body.requestDetails;

    await finish(a, tokenA, towels.id, 'Completed', 'وصلت المناشف');
    // What the step left to do after its answer is done (the guest's e-mail would be that), and no e-mail is due.
    await settled();
    expect(await finishedRows(a.server.app.ctx.database.db, id)).toEqual([]);
    expect(smtp.messages.filter((m) => m.to.includes('sara@guest.test'))).toHaveLength(0);

    await finish(b, tokenA, repair.id, 'Rejected', 'القطعة غير متوفرة');
    const mail = await smtp.waitFor((m) => m.to.includes('sara@guest.test'));
    const code = (await a.api.call(endpoints.userRequestDetails, { params: { id } })).body.requestCode;
    // The code is isolated left to right inside the Arabic sentence.
    expect(subjectOf(mail)).toBe(`اكتمل طلبك \u2066${code}\u2069`);
    const body = bodyOf(mail);
    // Nothing the guest typed is written back (the name or notes could be anybody's text to anybody's address).
    expect(body.startsWith('مرحبًا،\n')).toBe(true);
    expect(body).not.toContain('evil.example');
    expect(body).not.toContain('note 1');
    expect(body).toContain('• مناشف إضافية: تم');
    expect(body).toContain('ردّنا: وصلت المناشف');
    expect(body).toContain('• إصلاح التكييف: تعذّر تنفيذه');
    expect(body).toContain(`https://guest.example.com/Request/Review?id=${id}`);

    // Both processes seeing the finished request again send nothing more: the database row decides.
    const seenAgain = (t: TestServer) => enqueueFinishedNotice(t.server.app.ctx, t.server.app.ctx.database.db, id, 'Completed');
    expect(await Promise.all([seenAgain(a), seenAgain(b)])).toEqual([false, false]);
    await a.api.call(endpoints.addReview, { body: { id, rating: 8, feedback: '' } });
    await settled();
    expect(smtp.messages.filter((m) => m.to.includes('sara@guest.test'))).toHaveLength(1);
  });

  it('writes in English to a guest who used English', async () => {
    const added = await a.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custEmail: 'tom@guest.test' }), lang: 'en' });
    const [line] = (await a.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails;
    await finish(a, tokenA, line.id, 'Completed', 'Left at your door');
    const mail = await smtp.waitFor((m) => m.to.includes('tom@guest.test'));
    expect(subjectOf(mail)).toMatch(/^Your request RQ-\d{6} is finished$/);
    expect(bodyOf(mail)).toContain('• Extra towels: done');
    expect(bodyOf(mail)).toContain('Our reply: Left at your door');
  });

  it('keeps a reject reason among staff: the guest reads only the optional guest message, and the e-mail says the request could not be done', async () => {
    const added = await a.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels, fx.services.repair], { custEmail: 'dnd@guest.test' }), lang: 'en' });
    const id: string = added.body.id;
    const [towels, repair] = (await a.api.call(endpoints.userRequestDetails, { params: { id } })).body.requestDetails;
    await finish(a, tokenA, towels.id, 'Rejected', 'Room is occupied by the guest (DND)');
    const withMessage = await a.api.call(endpoints.updateServiceRequestStatus, {
      token: tokenA,
      body: { requestDetailsId: repair.id, status: 'Rejected', note: 'Technician off sick', guestMessage: 'We will call you to arrange a time' },
    });
    expect(withMessage.status, JSON.stringify(withMessage.body)).toBe(200);

    const guest = (await a.api.call(endpoints.userRequestDetails, { params: { id } })).body;
    expect(JSON.stringify(guest)).not.toContain('DND');
    expect(JSON.stringify(guest)).not.toContain('off sick');
    expect(guest.requestDetails.map((l: { reply: string | null }) => l.reply)).toEqual([null, 'We will call you to arrange a time']);
    // Staff still read the reason.
    const history = await a.api.call(endpoints.serviceAssignmentDetails, { token: tokenA, params: { id: towels.id } });
    expect(history.body.rejectReason).toBe('Room is occupied by the guest (DND)');

    const mail = await smtp.waitFor((m) => m.to.includes('dnd@guest.test'));
    expect(subjectOf(mail)).toMatch(/^Your request RQ-\d{6} could not be done$/);
    const body = bodyOf(mail);
    expect(body).toContain('we could not do your request');
    expect(body).not.toContain('finished');
    expect(body).not.toContain('DND');
    expect(body).not.toContain('off sick');
    expect(body).toContain('• Extra towels: could not be done');
    expect(body).toContain('Our reply: We will call you to arrange a time');
  });

  it('says so in Arabic when part of a request could not be done', async () => {
    const added = await a.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels, fx.services.repair], { custEmail: 'part@guest.test' }), lang: 'ar' });
    const [towels, repair] = (await a.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails;
    await finish(a, tokenA, towels.id, 'Completed', '');
    await finish(a, tokenA, repair.id, 'Rejected', 'لا توجد قطعة');
    const mail = await smtp.waitFor((m) => m.to.includes('part@guest.test'));
    expect(subjectOf(mail)).toMatch(/^اكتمل طلبك \u2066RQ-\d{6}\u2069$/);
    expect(bodyOf(mail)).toContain('وتعذّر تنفيذ جزء منه');
    expect(bodyOf(mail)).not.toContain('لا توجد قطعة');
  });

  it('still e-mails the guest when the process stops right after the step that finished the request', async () => {
    const ctx = a.server.app.ctx;
    const added = await a.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custEmail: 'stopped@guest.test' }), lang: 'en' });
    const id: string = added.body.id;
    const [line] = (await a.api.call(endpoints.userRequestDetails, { params: { id } })).body.requestDetails;
    // The stop falls after the step's commit and its answer, before its nudge of the outbound
    // queue: this process never sends it on its own.
    const nudge = ctx.outbound.nudge;
    ctx.outbound.nudge = () => undefined;
    try {
      await finish(a, tokenA, line.id, 'Completed', 'Left at your door');
    } finally {
      ctx.outbound.nudge = nudge;
    }
    // The step left the e-mail due in the database ...
    expect(await finishedRows(ctx.database.db, id)).toMatchObject([{ state: 'pending', attempts: 0 }]);
    expect(smtp.messages.filter((m) => m.to.includes('stopped@guest.test'))).toHaveLength(0);
    // ... so the next pass of any process sends it, once.
    await b.tick();
    const mail = await smtp.waitFor((m) => m.to.includes('stopped@guest.test'));
    expect(subjectOf(mail)).toMatch(/^Your request RQ-\d{6} is finished$/);
    await settled();
    expect(smtp.messages.filter((m) => m.to.includes('stopped@guest.test'))).toHaveLength(1);
  });

  it('sends a row moved from the old guest_notices at the upgrade (only the request, no message): the same e-mail, made at its first try, once', async () => {
    const ctx = a.server.app.ctx;
    const db = ctx.database.db;
    const added = await a.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custEmail: 'moved@guest.test' }), lang: 'ar' });
    const id: string = added.body.id;
    const [line] = (await a.api.call(endpoints.userRequestDetails, { params: { id } })).body.requestDetails;
    const nudge = ctx.outbound.nudge;
    ctx.outbound.nudge = () => undefined;
    try {
      await finish(a, tokenA, line.id, 'Completed', 'وصلت');
    } finally {
      ctx.outbound.nudge = nudge;
    }
    // As migration 0049 writes it: the row the step wrote gives way to one with only its input.
    await db.delete(outboundMessages).where(eq(outboundMessages.dedupeKey, `guest-finished:${id}`));
    expect(await enqueue(ctx, db, { kind: GUEST_FINISHED_KIND, dedupeKey: `guest-finished:${id}`, input: { requestId: id } })).toBe(true);
    await a.tick();
    const mail = await smtp.waitFor((m) => m.to.includes('moved@guest.test'));
    expect(subjectOf(mail)).toMatch(/^اكتمل طلبك \u2066RQ-\d{6}\u2069$/);
    expect(bodyOf(mail)).toContain('ردّنا: وصلت');
    expect(bodyOf(mail)).toContain(`https://guest.example.com/Request/Review?id=${id}`);
    await settled();
    expect(smtp.messages.filter((m) => m.to.includes('moved@guest.test'))).toHaveLength(1);
  });
});

/**
 * HOTEL_GUEST_EMAIL=verified: the hotel's mail server writes only to guests whose request
 * came from the room's signed QR code; an unsigned one may carry anybody's address.
 */
describe('HOTEL_GUEST_EMAIL=verified', () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let token: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer({ env: { HOTEL_GUEST_EMAIL: 'verified', HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    token = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const signatureOf = async (roomId: number) => {
    const sheet = await t.api.call<Buffer>(endpoints.roomQrSheet, { token: await t.adminToken(), query: { hotelId: fx.hotelA.id } });
    const urls = [...sheet.body.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => new URL(m[1].replace(/\\(.)/g, '$1')));
    return urls.find((u) => Number(u.searchParams.get('roomId')) === roomId)!.searchParams.get('sig')!;
  };
  const submitAndFinish = async (email: string, signature?: string) => {
    const added = await t.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.towels], { custEmail: email }),
      ...(signature ? { headers: { 'x-room-signature': signature } } : {}),
    });
    expect(added.status).toBe(200);
    const [line] = (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails;
    for (const body of [
      { requestDetailsId: line.id, status: 'Assigned', note: '', workerId: fx.workers.housekeeper },
      { requestDetailsId: line.id, status: 'Completed', note: 'Done' },
    ]) {
      const res = await t.api.call(endpoints.updateServiceRequestStatus, { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return added.body.id as string;
  };

  it('e-mails the guest of a signed request, not one of an unsigned request', async () => {
    const unsigned = await submitAndFinish('victim@elsewhere.test');
    await submitAndFinish('guest@signed.test', await signatureOf(fx.hotelA.roomIds[0]));
    await smtp.waitFor((m) => m.to.includes('guest@signed.test'));
    // The unsigned request's e-mail was never written, and asking again still sends none.
    const db = t.server.app.ctx.database.db;
    expect(await finishedRows(db, unsigned)).toEqual([]);
    expect(await enqueueFinishedNotice(t.server.app.ctx, db, unsigned, 'Completed')).toBe(false);
    expect(smtp.messages.filter((m) => m.to.includes('victim@elsewhere.test'))).toEqual([]);
  });
});
