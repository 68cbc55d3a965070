import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type Fixture, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

const NAMES = ['Alpha Adams', 'Bravo Brown', 'Charlie Chen', 'Delta 50% Dunn', 'Echo Evans', 'Foxtrot Ford'];

describe('the staff lists: newest first, with optional paging, search, sort and filters', () => {
  let t: TestServer;
  let fx: Fixture;
  let token: string;
  const created: { id: string; lineId: number; code: string; name: string }[] = [];
  const list = (query: Record<string, string | number> = {}) => t.api.call(endpoints.allRequests, { token, query });
  const names = (rows: { custName: string }[]) => rows.map((r) => r.custName);

  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    token = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { isAdmin: true }));
    for (const [i, name] of NAMES.entries()) {
      const room = i === 2 ? { roomId: fx.hotelA.roomIds[1] } : {};
      const service = i % 2 ? fx.services.repair : fx.services.towels;
      const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [service], { custName: name, ...room }) });
      const view = (await t.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } })).body;
      created.push({ id: res.body.id, lineId: view.requestDetails[0].id, code: view.requestCode, name });
    }
  });
  afterAll(() => t.cleanup());

  it('answers the whole list, newest change first, without a total when no page is asked', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBeNull();
    expect(names(res.body)).toEqual([...NAMES].reverse());
    expect(res.body[0]).toMatchObject({ code: created[5].code, hotelName: fx.hotelA.name, roomNumber: '101', statusName: 'Open' });

    // Handling the oldest request brings it to the top (ordered by updatedAt).
    const assign = await t.api.call(endpoints.updateServiceRequestStatus, {
      token,
      body: { requestDetailsId: created[0].lineId, status: 'Assigned', workerId: fx.workers.housekeeper, note: '' },
    });
    expect(assign.status).toBe(200);
    expect(names((await list()).body)[0]).toBe('Alpha Adams');
    expect(names((await list({ status: 'In Progress' })).body)).toEqual(['Alpha Adams']);
  });

  it('pages with the total in X-Total-Count', async () => {
    const first = await list({ page: 0, pageSize: 4 });
    const second = await list({ page: 1, pageSize: 4 });
    expect(first.headers.get('x-total-count')).toBe('6');
    expect(first.body).toHaveLength(4);
    expect(second.body).toHaveLength(2);
    expect(new Set([...names(first.body), ...names(second.body)])).toEqual(new Set(NAMES));
    const bad = await list({ page: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('page');
  });

  it('names each request\'s services in the caller\'s language', async () => {
    const en = (await list({ search: created[1].code })).body;
    expect(en.map((r: { services: string[] }) => r.services)).toEqual([['AC repair']]);
    const ar = (await list({ lang: 'ar', page: 0, pageSize: 50 })).body;
    const byId = new Map(ar.map((r: { id: string; services: string[] }) => [r.id, r.services]));
    expect(byId.get(created[0].id)).toEqual(['مناشف إضافية']);
    expect(byId.get(created[1].id)).toEqual(['إصلاح التكييف']);
  });

  it('searches code, name, phone, hotel and room, taking % literally', async () => {
    expect(names((await list({ search: 'brav' })).body)).toEqual(['Bravo Brown']);
    expect(names((await list({ search: created[3].code })).body)).toEqual(['Delta 50% Dunn']);
    expect(names((await list({ search: '102' })).body)).toEqual(['Charlie Chen']);
    expect(names((await list({ search: '50%' })).body)).toEqual(['Delta 50% Dunn']);
    // The total counts every match, not just the page ('n' is in no hotel, room, phone or code here).
    const paged = await list({ search: 'N', page: 0, pageSize: 2 });
    expect(paged.body).toHaveLength(2);
    expect(paged.headers.get('x-total-count')).toBe(String(NAMES.filter((n) => /n/i.test(n)).length));
  });

  it('sorts on the allowed columns and ignores any other', async () => {
    expect(names((await list({ sort: 'custName', order: 'asc' })).body)).toEqual(NAMES);
    expect(names((await list({ sort: 'code', order: 'desc' })).body)).toEqual([...NAMES].reverse());
    const unknown = await list({ sort: 'passwordHash' });
    expect(unknown.status).toBe(200);
    expect(names(unknown.body)[0]).toBe('Alpha Adams');
  });

  it('lists service lines the same way, with status and hotel filters', async () => {
    const lines = (query: Record<string, string | number> = {}) => t.api.call(endpoints.allServicesRequest, { token, query });
    const all = await lines();
    expect(all.body).toHaveLength(6);
    expect(all.body[0]).toMatchObject({ id: created[0].lineId, requestHeaderCode: created[0].code, statusName: 'Assigned' });
    const page = await lines({ page: 0, pageSize: 2, sort: 'serviceName', order: 'asc' });
    expect(page.headers.get('x-total-count')).toBe('6');
    expect(page.body.map((r: { serviceName: string }) => r.serviceName)).toEqual(['AC repair', 'AC repair']);
    expect((await lines({ status: 'Assigned' })).body.map((r: { id: number }) => r.id)).toEqual([created[0].lineId]);
    expect((await lines({ hotelId: fx.hotelB.id })).body).toEqual([]);
    const ar = await lines({ lang: 'ar', search: 'تكييف' });
    expect(ar.body.map((r: { serviceName: string }) => r.serviceName)).toEqual(['إصلاح التكييف', 'إصلاح التكييف', 'إصلاح التكييف']);
  });

  it('a page of service lines is that slice of the whole list, for every sort, order and view', async () => {
    const db = t.server.app.ctx.database.db;
    const hotelOnly = await tokenFor(
      t.server.app.ctx.tokens,
      await createStaffUser(db, { claims: ['Service Management.Service List.View'], hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }),
    );
    const lines = (who: string, query: Record<string, string | number>) => t.api.call(endpoints.allServicesRequest, { token: who, query });
    for (const who of [token, hotelOnly]) {
      for (const view of [{}, { mine: 'true' }, { status: 'Open' }, { hotelId: fx.hotelA.id }, { search: 'repair' }] as Record<string, string | number>[]) {
        for (const sort of [undefined, 'updatedAt', 'createdAt', 'statusName', 'serviceName', 'roomNumber']) {
          for (const order of ['asc', 'desc']) {
            const query: Record<string, string | number> = { ...view, ...(sort ? { sort, order } : {}) };
            const whole = await lines(who, query);
            expect(whole.status).toBe(200);
            const pages = [];
            for (const page of [0, 1, 2]) {
              const res = await lines(who, { ...query, page, pageSize: 2 });
              expect(res.headers.get('x-total-count')).toBe(String(whole.body.length));
              pages.push(...res.body);
            }
            expect(pages, JSON.stringify(query)).toEqual(whole.body.slice(0, 6));
          }
        }
      }
    }
  });

  it('filters both lists by department and by a creation-time range', async () => {
    const lines = (query: Record<string, string | number>) => t.api.call(endpoints.allServicesRequest, { token, query });
    const repairs = NAMES.filter((_, i) => i % 2).reverse();
    expect(names((await list({ departmentId: fx.departments.maintenance })).body).sort()).toEqual([...repairs].sort());
    const maintenanceLines = await lines({ departmentId: fx.departments.maintenance, page: 0, pageSize: 10 });
    expect(maintenanceLines.headers.get('x-total-count')).toBe('3');
    expect(maintenanceLines.body.every((r: { serviceName: string }) => r.serviceName === 'AC repair')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).body).toHaveLength(6);
    expect((await list({ from: tomorrow })).body).toEqual([]);
    expect((await list({ to: yesterday })).body).toEqual([]);
    expect((await lines({ from: new Date(Date.now() + 60_000).toISOString() })).body).toEqual([]);
    const bad = await list({ from: 'last tuesday' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('from');
  });

  it('finds a request by its service name, and a renamed service by its new name', async () => {
    const repairs = NAMES.filter((_, i) => i % 2).sort();
    expect(names((await list({ search: 'AC rep' })).body).sort()).toEqual(repairs);
    expect(names((await list({ lang: 'ar', search: 'تكييف' })).body).sort()).toEqual(repairs);

    const [service] = (await t.api.call(endpoints.service.list, { token })).body.filter((r: { id: number }) => r.id === fx.services.repair);
    const { serviceCode, nameAr, serviceGroupId, departmentId } = service;
    const body = { serviceCode, nameAr, serviceGroupId, departmentId, nameEn: 'Air conditioner fix' };
    const renamed = await t.api.call(endpoints.service.edit, { token, params: { id: service.id }, body });
    expect(renamed.status).toBe(200);
    expect(names((await list({ search: 'conditioner' })).body).sort()).toEqual(repairs);
    expect((await list({ search: 'AC rep' })).body).toEqual([]);
    const lines = await t.api.call(endpoints.allServicesRequest, { token, query: { search: 'conditioner' } });
    expect(lines.body.map((r: { serviceName: string }) => r.serviceName)).toEqual(Array(3).fill('Air conditioner fix'));
  });

  it('counts a view once, and a new request shows in its total at once', async () => {
    const total = async () => Number((await list({ page: 0, pageSize: 2 })).headers.get('x-total-count'));
    const before = await total();
    const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custName: 'Golf Green' }) });
    expect(res.status).toBe(200);
    // Well within the counts' 5 s lifetime: the request's live event empties them.
    await expect.poll(total, { timeout: 2_000, interval: 50 }).toBe(before + 1);
  });
});

