import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { type Fixture, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { openStream } from '../../support/sse';
import { type TestServer, startTestServer } from '../../support/test-server';

const REQUEST_LIST = 'Service Management.Request List.View';
const SERVICE_LIST = 'Service Management.Service List.View';

/**
 * One scope rule (DESIGN): a user of hotel A and housekeeping sees exactly the same
 * requests and lines in the lists, the details, the Home figures and the live events.
 */
describe('one scope rule for lists, details, dashboard and events', () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  /** Hotel B: towels, repair, special. Hotel A: repair only; then towels, repair, special. */
  let b: { id: string; lines: number[] };
  let a2: { id: string; lines: number[] };
  let a3: { id: string; towels: number; repair: number; special: number };
  const tokens: Record<'lines' | 'requests' | 'both' | 'none', string> = { lines: '', requests: '', both: '', none: '' };
  const streams: Record<string, Awaited<ReturnType<typeof openStream>>> = {};

  const sorted = <T>(values: T[]) => [...values].sort();
  const submit = async (body: object) => {
    const res = await t.api.call(endpoints.addRequest, { body });
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } });
    return { id: res.body.id as string, lines: (view.body.requestDetails as { id: number }[]).map((l) => l.id) };
  };
  const allLines = () => [...b.lines, ...a2.lines, a3.towels, a3.repair, a3.special];
  const allRequests = () => [b.id, a2.id, a3.id];

  beforeAll(async () => {
    t = await startTestServer();
    const { db } = t.server.app.ctx.database;
    fx = await seedFixture(db);
    const user = async (claims: string[]) =>
      tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
    tokens.lines = await user([SERVICE_LIST]);
    tokens.requests = await user([REQUEST_LIST]);
    tokens.both = await user([REQUEST_LIST, SERVICE_LIST]);
    tokens.none = await user([]);
    admin = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { isAdmin: true }));
    for (const who of ['lines', 'requests', 'both', 'none'] as const)
      streams[who] = await openStream(new URL(pathOf(endpoints.staffEvents), t.url).toString(), { authorization: `Bearer ${tokens[who]}` });

    const { towels, repair, special } = fx.services;
    b = await submit(guestRequest(fx, [towels, repair, special], { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] }));
    a2 = await submit(guestRequest(fx, [repair]));
    const full = await submit(guestRequest(fx, [towels, repair, special]));
    a3 = { id: full.id, towels: full.lines[0], repair: full.lines[1], special: full.lines[2] };
  });
  afterAll(async () => {
    Object.values(streams).forEach((s) => s.close());
    await t.cleanup();
  });

  /** What hotel A + housekeeping may see: A's requests; A's housekeeping lines and the one waiting for a department. */
  const visibleLines = () => [a3.towels, a3.special];
  const visibleRequests = () => [a2.id, a3.id];

  it('a user without a list claim gets no event stream', async () => {
    expect(streams.none.res.status).toBe(403);
    expect(streams.lines.res.status).toBe(200);
  });

  it('the lists show exactly the scoped set', async () => {
    const lines = await t.api.call(endpoints.allServicesRequest, { token: tokens.both });
    expect(sorted(lines.body.map((r: { id: number }) => r.id))).toEqual(sorted(visibleLines()));
    const requests = await t.api.call(endpoints.allRequests, { token: tokens.both });
    expect(sorted(requests.body.map((r: { id: string }) => r.id))).toEqual(sorted(visibleRequests()));
  });

  it('the details open exactly the scoped set', async () => {
    const opened: number[] = [];
    for (const id of allLines())
      if ((await t.api.call(endpoints.serviceDetails, { token: tokens.lines, params: { id } })).status === 200) opened.push(id);
    expect(sorted(opened)).toEqual(sorted(visibleLines()));
    const openedRequests: string[] = [];
    for (const id of allRequests())
      if ((await t.api.call(endpoints.requestDetails, { token: tokens.requests, params: { id } })).status === 200) openedRequests.push(id);
    expect(sorted(openedRequests)).toEqual(sorted(visibleRequests()));
  });

  it('the Home figures count exactly the scoped set', async () => {
    const figures = await t.api.call(endpoints.homeFigures, { token: tokens.both });
    expect(figures.status).toBe(200);
    expect(figures.body.openLines).toBe(visibleLines().length);
    expect(sorted(figures.body.waitingLongest.map((w: { id: number }) => w.id))).toEqual(sorted(visibleLines()));
  });

  it('for every kind of user, the list (SQL) and the details (predicate) agree line by line', async () => {
    const { db } = t.server.app.ctx.database;
    const { housekeeping, maintenance } = fx.departments;
    const users = [
      { isAdmin: true },
      { hotelIds: [], departmentIds: [housekeeping] },
      { hotelIds: [fx.hotelA.id], departmentIds: [] },
      { hotelIds: [fx.hotelB.id], departmentIds: [maintenance] },
      { hotelIds: [fx.hotelA.id, fx.hotelB.id], departmentIds: [housekeeping, maintenance] },
    ];
    for (const options of users) {
      const token = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: [REQUEST_LIST, SERVICE_LIST], ...options }));
      const listed = (await t.api.call(endpoints.allServicesRequest, { token })).body.map((r: { id: number }) => r.id);
      const opened: number[] = [];
      for (const id of allLines()) if ((await t.api.call(endpoints.serviceDetails, { token, params: { id } })).status === 200) opened.push(id);
      expect(sorted(listed.filter((id: number) => allLines().includes(id))), JSON.stringify(options)).toEqual(sorted(opened));
      const requests = (await t.api.call(endpoints.allRequests, { token })).body.map((r: { id: string }) => r.id);
      const openedRequests: string[] = [];
      for (const id of allRequests()) if ((await t.api.call(endpoints.requestDetails, { token, params: { id } })).status === 200) openedRequests.push(id);
      expect(sorted(requests.filter((id: string) => allRequests().includes(id))), JSON.stringify(options)).toEqual(sorted(openedRequests));
    }
  });

  it('the live events carry exactly the scoped set', async () => {
    // Every line changes; hotel A's special line (seen by all of A) goes last, so once
    // a stream has it, it has had everything it would ever get (events keep order).
    const last = a3.special;
    for (const id of [...allLines().filter((l) => l !== last), last]) {
      const res = await t.api.call(endpoints.updateServiceRequestStatus, {
        token: admin,
        body: { requestDetailsId: id, status: 'Rejected', note: 'Scope test' },
      });
      expect(res.status).toBe(200);
    }
    const heard = async (who: 'lines' | 'requests' | 'both') => {
      await streams[who].next((e) => e.event === 'line-changed' && e.data.lineId === last, `the last change (${who})`);
      return {
        created: sorted(streams[who].received.filter((e) => e.event === 'request-created').map((e) => e.data.requestId)),
        lines: sorted(streams[who].received.filter((e) => e.event === 'line-changed').map((e) => e.data.lineId)),
      };
    };
    // Service List only: the lines of the scope, and the new requests that brought one.
    expect(await heard('lines')).toEqual({ created: [a3.id], lines: sorted(visibleLines()) });
    // Request List only: the requests of the scope, whose details show every line.
    expect(await heard('requests')).toEqual({ created: sorted(visibleRequests()), lines: sorted([...a2.lines, a3.towels, a3.repair, a3.special]) });
    expect(await heard('both')).toEqual({ created: sorted(visibleRequests()), lines: sorted([...a2.lines, a3.towels, a3.repair, a3.special]) });
  });
});
