import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiPaths } from '@shared/api/paths';
import type { ServerProcess } from '../../support/server-process';
import { spawnLoggedServer } from '../../support/logged-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testDbKind } from '../../support/test-server';

/**
 * The browser tests' shared server (server/src/testing/resettable-server.ts): one process per Playwright
 * worker, put back between spec files. What a spec relies on: the data it made is gone (rows and the ids
 * after them), the settings it asked for apply, a setting a reset may not change is refused and the server
 * goes on serving as it was.
 */
describe.runIf(testDbKind() === 'pglite')('the browser tests\' resettable server', () => {
  let server: ServerProcess;
  let control: string;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-reset-'));
    cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
    server = await spawnLoggedServer({ HOTEL_TEST_RESET: '1', HOTEL_CLOSE_GRACE_MS: '0' }, { dataDir });
    control = /test control at (http:\/\/\S+?) /.exec(server.log())![1];
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  const reset = async (body: string) => {
    const res = await fetch(`${control}/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: res.status, body: (await res.json()) as { url?: string; message?: string } };
  };
  const signIn = async () => {
    const res = await fetch(`${server.url}${apiPaths.login}?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { accessToken: string; expiresIn: number };
  };
  const addCompany = async (token: string, name: string) => {
    const res = await fetch(`${server.url}${apiPaths.company_add}?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name, countryName: 'Saudi Arabia', companyCode: name.slice(0, 8).toUpperCase() }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { id: number };
  };
  const companies = async (token: string) => {
    const res = await fetch(`${server.url}${apiPaths.company_list}?lang=en`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { name: string }[]).map((c) => c.name);
  };

  it('puts the data back as the server started: a spec\'s rows are gone and the next id is the same again', async () => {
    const { accessToken } = await signIn();
    const before = await companies(accessToken);
    const first = await addCompany(accessToken, 'Reset Probe');
    expect(await companies(accessToken)).toContain('Reset Probe');

    const answer = await reset(JSON.stringify({ env: {} }));
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe(server.url);
    const again = (await signIn()).accessToken;
    expect(await companies(again)).toEqual(before);
    expect((await addCompany(again, 'Reset Probe')).id).toBe(first.id);
  });

  it('starts the next app instance with the settings the spec asked for', async () => {
    expect((await reset(JSON.stringify({ env: { HOTEL_ACCESS_TOKEN_TTL: '60' } }))).status).toBe(200);
    expect((await signIn()).expiresIn).toBe(60);
    // The next spec gets the process's own settings back.
    expect((await reset('{}')).status).toBe(200);
    expect((await signIn()).expiresIn).not.toBe(60);
  });

  it('refuses a setting a reset may not change, and the running instance goes on serving', async () => {
    const { accessToken } = await signIn();
    await addCompany(accessToken, 'Kept Probe');
    const refused = await reset(JSON.stringify({ env: { HOTEL_DEMO: '1' } }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('HOTEL_DEMO');
    expect((await reset('not json')).status).toBe(400);
    expect(await companies(accessToken)).toContain('Kept Probe');
  });
});
