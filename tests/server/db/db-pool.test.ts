import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { loadConfig } from '../../../server/src/config';
import type { Db } from '../../../server/src/db/client';
import * as schema from '../../../server/src/db/schema';
import { ApiClient } from '../../support/api-client';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { spawnLoggedServer } from '../../support/logged-server';
import { type Cluster, startCluster } from '../../support/postgres';
import type { ServerProcess } from '../../support/server-process';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testDbKind } from '../../support/test-server';

const MAX_CONNECTIONS = 20;
/** Two processes make a chain: each pool sized below shows both cases (fitted under 20, unfitted 30 wanted of 20). */
const PROCESSES = 2;

/**
 * A chain of several processes shares PostgreSQL's max_connections. With each pool fitted
 * (processes × pool size + one LISTEN connection each < max_connections), a flood of guest
 * requests and list reads gets no 503; and where the pools were not fitted, a call waits
 * for a connection ("too many clients") instead of failing at once.
 */
describe.runIf(testDbKind() === 'postgres')('a chain of processes on a PostgreSQL with few connections', () => {
  let cluster: Cluster;
  let seedPool: pg.Pool;
  let fx: Fixture;
  beforeAll(async () => {
    cluster = await startCluster({ maxConnections: MAX_CONNECTIONS });
    seedPool = new pg.Pool({ connectionString: cluster.url, max: 1 });
    seedPool.on('error', () => undefined);
  });
  afterAll(async () => {
    await seedPool?.end();
    cluster?.stop();
  });

  const startChain = async (env: Record<string, string>): Promise<ServerProcess[]> => {
    // Every guest here writes from one address into one room: the per-address and per-room limits would answer 429.
    const spawn = () => spawnLoggedServer({ DATABASE_URL: cluster.url, HOTEL_REQUEST_RATE_LIMIT: '0', HOTEL_ROOM_REQUEST_RATE_LIMIT: '0', ...env });
    // The first migrates, and the seed needs the tables; the others then start side by side.
    const first = await spawn();
    fx ??= await seedFixture(drizzle(seedPool, { schema }) as unknown as Db);
    return [first, ...(await Promise.all(Array.from({ length: PROCESSES - 1 }, spawn)))];
  };

  /** `guests` senders and `readers` list readers, spread over the processes, each calling again once answered. */
  const flood = async (servers: ServerProcess[], { guests, readers, calls }: { guests: number; readers: number; calls: number }) => {
    const apis = servers.map((s) => new ApiClient(s.url));
    const token = await apis[0].login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const statuses = { add: [] as number[], list: [] as number[] };
    const add = (api: ApiClient, name: string) => api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custName: name }) });
    const list = (api: ApiClient) => api.call(endpoints.allRequests, { token, query: { pageNumber: 1, pageSize: 50 } });
    await Promise.all([
      ...Array.from({ length: guests }, async (_, g) => {
        for (let i = 0; i < calls; i++) statuses.add.push((await add(apis[(g + i) % apis.length], `Guest ${g}-${i}`)).status);
      }),
      ...Array.from({ length: readers }, async (_, r) => {
        for (let i = 0; i < calls; i++) statuses.list.push((await list(apis[(r + i) % apis.length])).status);
      }),
    ]);
    return statuses;
  };
  /** Connections PostgreSQL refused so far: it was at max_connections. */
  const refused = () => (cluster.log().match(/too many clients already/g) ?? []).length;
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('with the pools fitted to max_connections, a flood of guest requests and list reads gets no 503', async () => {
    // 2 processes × (6 pooled + 1 LISTEN) = 14, the seed's 1 beside: under 20.
    const servers = await startChain({ HOTEL_DB_POOL_SIZE: '6', HOTEL_DB_POOL_IDLE_MS: '1000' });
    try {
      const statuses = await flood(servers, { guests: 24, readers: 9, calls: 6 });
      console.log(`fitted pools: AddRequest 503 ${count(statuses.add, 503)}/${statuses.add.length}, list 503 ${count(statuses.list, 503)}/${statuses.list.length}`);
      expect(count(statuses.add, 503)).toBe(0);
      expect(count(statuses.list, 503)).toBe(0);
      // Fitted: PostgreSQL never had to refuse a connection.
      expect(refused()).toBe(0);
      expect(statuses.add.every((s) => s === 200)).toBe(true);
      expect(statuses.list.every((s) => s === 200)).toBe(true);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });

  it('with pools larger than PostgreSQL allows, a call waits for a connection rather than answering 503', async () => {
    // 2 × 15 pooled connections wanted of 20: some calls find PostgreSQL full and wait.
    const refusedBefore = refused();
    const servers = await startChain({ HOTEL_DB_POOL_SIZE: '15', HOTEL_DB_POOL_IDLE_MS: '200', HOTEL_DB_POOL_WAIT_MS: '10000' });
    try {
      const statuses = await flood(servers, { guests: 24, readers: 9, calls: 6 });
      console.log(`unfitted pools: AddRequest 503 ${count(statuses.add, 503)}/${statuses.add.length}, list 503 ${count(statuses.list, 503)}/${statuses.list.length}, ${refused() - refusedBefore} connections refused`);
      // PostgreSQL was full and said so: the calls that found it full waited instead.
      expect(refused()).toBeGreaterThan(refusedBefore);
      expect(count(statuses.add, 503)).toBe(0);
      expect(count(statuses.list, 503)).toBe(0);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});

describe('the PostgreSQL pool settings', () => {
  const env = { HOTEL_DATA_DIR: os.tmpdir(), HOTEL_JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db.example/hotel' };

  it('are read once, with the direct connection defaulting to DATABASE_URL', () => {
    expect(loadConfig(env).databasePool).toEqual({ directUrl: env.DATABASE_URL, size: 10, idleMs: 10_000, waitMs: 5_000, transactionPooler: false, listenCheckMs: 5_000 });
    const pooled = { ...env, DATABASE_DIRECT_URL: 'postgres://pg.example/hotel', HOTEL_DB_POOLER: 'transaction', HOTEL_DB_POOL_SIZE: '4', HOTEL_DB_POOL_IDLE_MS: '1000', HOTEL_DB_POOL_WAIT_MS: '0', HOTEL_DB_LISTEN_CHECK_MS: '800' };
    expect(loadConfig(pooled).databasePool).toEqual({ directUrl: 'postgres://pg.example/hotel', size: 4, idleMs: 1000, waitMs: 0, transactionPooler: true, listenCheckMs: 800 });
  });

  it('stop the server with a line naming a bad one', () => {
    expect(() => loadConfig({ ...env, HOTEL_DB_POOL_SIZE: '0' })).toThrow(/^Invalid HOTEL_DB_POOL_SIZE/);
    expect(() => loadConfig({ ...env, HOTEL_DB_POOL_SIZE: 'many' })).toThrow(/^Invalid HOTEL_DB_POOL_SIZE/);
    expect(() => loadConfig({ ...env, HOTEL_DB_POOL_IDLE_MS: '-1' })).toThrow(/^Invalid HOTEL_DB_POOL_IDLE_MS/);
    expect(() => loadConfig({ ...env, HOTEL_DB_POOL_WAIT_MS: '1e9' })).toThrow(/^Invalid HOTEL_DB_POOL_WAIT_MS/);
    expect(() => loadConfig({ ...env, HOTEL_DB_POOLER: 'session' })).toThrow(/^Invalid HOTEL_DB_POOLER/);
    expect(() => loadConfig({ ...env, HOTEL_DB_LISTEN_CHECK_MS: '10' })).toThrow(/^Invalid HOTEL_DB_LISTEN_CHECK_MS/);
    expect(() => loadConfig({ ...env, DATABASE_DIRECT_URL: 'mysql://x' })).toThrow(/^Invalid DATABASE_DIRECT_URL/);
  });
});
