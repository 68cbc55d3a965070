import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * What a guest types on one line reaches staff lists and e-mails: it must stay one line
 * and read as what it is (no line breaks to forge e-mail lines, no bidi overrides or
 * invisible characters to disguise it). And one request names each service once.
 */
describe('AddRequest: the guest\'s single-line fields and its services', () => {
  let t: TestServer;
  let fx: Fixture;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    fx = await seedFixture(t.server.app.ctx.database.db);
  });
  afterAll(() => t.cleanup());

  const requestCount = async () => (await t.server.app.ctx.database.db.select({ id: s.requests.id }).from(s.requests)).length;
  const add = (over: Record<string, unknown>, lang?: 'ar') => t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], over), lang });

  const BAD = {
    'CR/LF': 'Layla\r\nBcc: victim@example.com',
    'a tab': 'Layla\tHassan',
    'a C1 control': 'Layla\u0085Hassan',
    'a right-to-left override': 'Layla \u202eTNUOCCA\u202c',
    'a bidi isolate': 'Layla \u2067x\u2069',
    'a zero-width space': 'Lay\u200bla',
    'a byte-order mark': '\ufeffLayla',
    'a line separator': 'Layla\u2028Hassan',
  };

  it.each(Object.entries(BAD))('refuses a name with %s, saying why, and stores nothing', async (_, custName) => {
    const before = await requestCount();
    const res = await add({ custName });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'custName', message: 'Must be one line without line breaks, control or invisible characters' }]);
    expect(await requestCount()).toBe(before);
  });

  it('says it in Arabic too', async () => {
    const res = await add({ custName: 'ليلى\u202e' }, 'ar');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'custName', message: 'يجب أن يكون سطرًا واحدًا دون فواصل أسطر أو محارف تحكم أو محارف غير مرئية' }]);
  });

  it('refuses an e-mail or phone with control, bidi or invisible characters', async () => {
    for (const custEmail of ['layla\u202e@example.com', 'layla@exa\u200bmple.com', 'layla@example.com\u0000']) {
      const res = await add({ custEmail });
      expect(res.status, JSON.stringify(custEmail)).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'custEmail', message: 'Must Enter Valid Email' }]);
    }
    for (const custPhone of ['+966 55\n123 4567', '+966\ufeff55 123 4567', '+966 55\u2028123 4567']) {
      const res = await add({ custPhone });
      expect(res.status, JSON.stringify(custPhone)).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'custPhone', message: 'Enter a valid phone number' }]);
    }
  });

  it('keeps names that need a joiner (Persian, emoji) and ordinary Arabic names', async () => {
    for (const custName of ['می\u200cخواهم', 'ليلى حسن', 'Ana 👩\u200d🍳']) expect((await add({ custName })).status, custName).toBe(200);
  });

  it('refuses the same service twice in one request, on the repeating line, in the guest\'s language', async () => {
    const before = await requestCount();
    const twice = guestRequest(fx, [fx.services.towels, fx.services.repair, fx.services.towels]);
    const res = await t.api.call(endpoints.addRequest, { body: twice });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'services.2.serviceId', message: 'This service is already in your request' }]);
    const many = guestRequest(fx, Array.from({ length: 20 }, () => fx.services.towels));
    const ar = await t.api.call(endpoints.addRequest, { body: many, lang: 'ar' });
    expect(ar.status).toBe(400);
    expect(ar.body.errors[0]).toEqual({ field: 'services.1.serviceId', message: 'هذه الخدمة موجودة في طلبك بالفعل' });
    expect(await requestCount()).toBe(before);
  });
});

/**
 * SPEC's pattern is the floor; a guest's number must also fit the numbering plan of its
 * country code, and the message shows that country's example, not a Saudi one.
 */
describe("AddRequest: a guest's phone by its country's numbering plan", () => {
  let t: TestServer;
  let fx: Fixture;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    fx = await seedFixture(t.server.app.ctx.database.db);
  });
  afterAll(() => t.cleanup());

  const requestCount = async () => (await t.server.app.ctx.database.db.select({ id: s.requests.id }).from(s.requests)).length;
  const add = (custPhone: string, lang?: 'ar') => t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custPhone }), lang });

  it('takes foreign mobile numbers written as guests write them', async () => {
    for (const custPhone of ['+49 151 2345678', '+49 1512 3456789', '+44 7400 123456', '+1 202 555 0143', '+971 50 123 4567', '+966 55 123 4567']) {
      expect((await add(custPhone)).status, custPhone).toBe(200);
    }
  });

  it("refuses a number that passes SPEC's pattern but not its country's plan, with that country's example, and stores nothing", async () => {
    const before = await requestCount();
    const german = await add('+49 12');
    expect(german.status).toBe(400);
    expect(german.body.errors).toEqual([{ field: 'custPhone', message: 'This is not a valid phone number for its country code, e.g. +49 1512 3456789' }]);
    const saudi = await add('+966 12 345 678', 'ar');
    expect(saudi.status).toBe(400);
    expect(saudi.body.errors).toEqual([{ field: 'custPhone', message: 'هذا ليس رقم هاتف صحيحًا لرمز الدولة المختار، مثل +966 51 234 5678' }]);
    expect(await requestCount()).toBe(before);
  });
});
