import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '../../shared/api/paths';
import { postJson } from './load';
import { BENCH_ADMIN, type ServerProcess, startServerProcess } from './server-process';

type StartOptions = NonNullable<Parameters<typeof startServerProcess>[0]>;

/** What a bench needs of a started server: the bench admin's token and the demo chain's first hotel. */
export interface BenchApi {
  url: (p: string) => string;
  token: string;
  auth: { authorization: string };
  hotel: { id: number };
  rooms: { id: number }[];
  /** The services a guest may ask for (not the special ones). */
  services: { id: number }[];
  getJson: (p: string) => Promise<any>;
  /** A guest's AddRequest body with one line: `${label} guest ${i}`, the rooms and services in turn. */
  guestRequest: (i: number, label: string, lineNote?: string) => Record<string, unknown>;
}

/** Signs in as the bench admin and reads the first hotel, its rooms and the services. */
export async function openApi(server: { url: string }): Promise<BenchApi> {
  const url = (p: string) => `${server.url}${p}`;
  const { accessToken: token } = await postJson(url(apiPaths.login), BENCH_ADMIN);
  const auth = { authorization: `Bearer ${token}` };
  const getJson = async (p: string) => {
    const res = await fetch(url(p), { headers: auth });
    if (!res.ok) throw new Error(`${url(p)}: ${res.status}`);
    return res.json();
  };
  const [hotel] = await getJson(apiPaths.generateHotels);
  const rooms = await getJson(`${apiPaths.generateRooms}?hotelId=${hotel.id}`);
  const groups: { services: { id: number; isSpecial: boolean }[] }[] = await getJson(apiPaths.generateServices);
  const services = groups.flatMap((g) => g.services).filter((s) => !s.isSpecial);
  return {
    url,
    token,
    auth,
    hotel,
    rooms,
    services,
    getJson,
    guestRequest: (i, label, lineNote = 'Two extra towels please') => ({
      custName: `${label} guest ${i}`,
      custEmail: `${label.toLowerCase()}${i}@example.com`,
      custPhone: '+966 55 123 4567',
      hotelId: hotel.id,
      roomId: rooms[i % rooms.length].id,
      note: '',
      services: [{ serviceId: services[i % services.length].id, note: lineNote }],
    }),
  };
}

export interface WithServerOptions extends StartOptions {
  /** Sign in and read the chain before `fn` (the default), or leave that to `fn` (`openApi`). */
  signIn?: boolean;
  /**
   * Fills the database before the server starts (the target as the server will open it).
   * Without a `dataDir` of the caller's, it gets the temp folder the server will use.
   */
  seed?: (target: { databaseUrl?: string; dataDir: string }) => Promise<void>;
}

/**
 * One server process for the length of `fn`, always stopped after it. A `dataDir` given is
 * the caller's and kept (a restart on the same folder); without one, the server's is a temp
 * folder, removed after.
 */
export async function withServer<T>(options: WithServerOptions & { signIn: false }, fn: (server: ServerProcess) => Promise<T>): Promise<T>;
export async function withServer<T>(options: WithServerOptions, fn: (server: ServerProcess, api: BenchApi) => Promise<T>): Promise<T>;
export async function withServer<T>(options: WithServerOptions, fn: (server: ServerProcess, api: BenchApi) => Promise<T>): Promise<T> {
  return withServers(1, options, ([server], [api]) => fn(server, api));
}

/**
 * `count` server processes on one database, started together and always stopped after `fn`,
 * each on a temp data folder of its own (removed after) unless a `dataDir` is given.
 */
export async function withServers<T>(count: number, options: WithServerOptions, fn: (servers: ServerProcess[], apis: BenchApi[]) => Promise<T>): Promise<T> {
  const { signIn = true, seed, ...start } = options;
  const dirs = start.dataDir ? [] : Array.from({ length: count }, () => mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-server-')));
  const dataDirOf = (i: number) => start.dataDir ?? dirs[i];
  const servers: ServerProcess[] = [];
  try {
    await seed?.({ databaseUrl: start.databaseUrl, dataDir: dataDirOf(0) });
    // One after another: each start migrates (under the database's lock) and compiles alike.
    for (let i = 0; i < count; i++) servers.push(await startServerProcess({ ...start, dataDir: dataDirOf(i) }));
    const apis = signIn ? await Promise.all(servers.map((s) => openApi(s))) : [];
    return await fn(servers, apis);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
