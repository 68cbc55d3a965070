import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import type { Db } from '../../../server/src/db/client';
import * as schema from '../../../server/src/db/schema';
import { ApiClient } from '../../support/api-client';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture } from '../../support/fixtures';
import { spawnLoggedServer } from '../../support/logged-server';
import { type Bouncer, hasPgBouncer, startPgBouncer } from '../../support/pgbouncer';
import { type Cluster, startCluster } from '../../support/postgres';
import type { ServerProcess } from '../../support/server-process';
import { openStream } from '../../support/sse';
import { testDbKind } from '../../support/test-server';

/**
 * A chain behind PgBouncer in transaction mode: consecutive transactions of one pooled
 * connection may run on different PostgreSQL sessions. The product keeps nothing on a
 * session through the pooler (no named statements; LISTEN and the migrations' lock go
 * to PostgreSQL directly), so everything works as without it.
 */
describe.runIf(testDbKind() === 'postgres' && hasPgBouncer())('a chain behind PgBouncer in transaction mode', () => {
  let cluster: Cluster;
  let bouncer: Bouncer;
  let servers: ServerProcess[];
  let apis: ApiClient[];
  let seedPool: pg.Pool;
  let fx: Fixture;
  beforeAll(async () => {
    cluster = await startCluster();
    bouncer = await startPgBouncer(cluster, { serverConnections: 2 });
    const env = {
      DATABASE_URL: bouncer.url,
      DATABASE_DIRECT_URL: cluster.url,
      HOTEL_DB_POOLER: 'transaction',
      HOTEL_REQUEST_RATE_LIMIT: '0',
      HOTEL_ROOM_REQUEST_RATE_LIMIT: '0',
    };
    // Together: both migrate at once, and one waits on the other's lock.
    servers = await Promise.all([spawnLoggedServer(env), spawnLoggedServer(env)]);
    apis = servers.map((s) => new ApiClient(s.url));
    seedPool = new pg.Pool({ connectionString: cluster.url, max: 1 });
    seedPool.on('error', () => undefined);
    fx = await seedFixture(drizzle(seedPool, { schema }) as unknown as Db);
  }, 240_000);
  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await seedPool?.end();
    await bouncer?.stop();
    cluster?.stop();
  });

  const signIn = async (api: ApiClient, email: string, password: string) => {
    const res = await api.call(endpoints.login, { body: { email, password } });
    expect(res.status).toBe(200);
    return { access: res.body.accessToken as string, refresh: res.body.refreshToken as string };
  };

  it('takes guest requests and lists them on both processes, many at once', async () => {
    const [first, second] = apis;
    const added = await Promise.all(
      Array.from({ length: 30 }, (_, i) => apis[i % 2].call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custName: `Bounced ${i}` }) })),
    );
    expect(added.map((r) => r.status)).toEqual(added.map(() => 200));
    const user = await createStaffUser(drizzle(seedPool, { schema }) as unknown as Db, { isAdmin: true });
    const { access } = await signIn(first, user.email, user.password);
    // Concurrent authenticated calls: each reads its session through the pooler.
    const lists = await Promise.all(Array.from({ length: 20 }, (_, i) => apis[i % 2].call(endpoints.allRequests, { token: access, query: { pageNumber: 1, pageSize: 50 } })));
    expect(lists.map((r) => r.status)).toEqual(lists.map(() => 200));
    const names = (lists[1].body.data ?? lists[1].body) as { custName: string }[];
    expect(JSON.stringify(names)).toContain('Bounced');
    expect((await second.call(endpoints.userRequestDetails, { params: { id: added[0].body.id } })).status).toBe(200);
  });

  it('a staff stream on one process hears a request made through the other', async () => {
    const user = await createStaffUser(drizzle(seedPool, { schema }) as unknown as Db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [] });
    const { access } = await signIn(apis[1], user.email, user.password);
    const stream = await openStream(new URL(endpoints.staffEvents.path, servers[1].url).toString(), { authorization: `Bearer ${access}` });
    try {
      expect(stream.res.status).toBe(200);
      const added = await apis[0].call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
      expect(added.status).toBe(200);
      const created = await stream.next((e) => e.data.requestId === added.body.id, 'request-created from the other process');
      expect(created.event).toBe('request-created');
    } finally {
      stream.close();
    }
  });

  it('a logout on one process ends the token on the other at once', async () => {
    const user = await createStaffUser(drizzle(seedPool, { schema }) as unknown as Db, { claims: ['Administration.Roles.View'] });
    const session = await signIn(apis[0], user.email, user.password);
    const roles = (api: ApiClient) => api.call(endpoints.allRoles, { token: session.access }).then((r) => r.status);
    expect(await roles(apis[1])).toBe(200);
    expect((await apis[0].call(endpoints.logout, { token: session.access, body: { refreshToken: session.refresh } })).status).toBe(200);
    expect(await roles(apis[1])).toBe(401);
    expect(await roles(apis[0])).toBe(401);
  });
});
