import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apaleo-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ HOTEL_DATA_DIR: dataDir, HOTEL_JWT_SECRET: 'x'.repeat(40), ...env }, []);

/** The hotel's apaleo secret and tokens go to these addresses: never over plain http to another machine. */
describe('apaleo addresses in the configuration', () => {
  it('defaults to apaleo itself, without a trailing slash', () => {
    expect(load({}).apaleo).toEqual({ readsPerMinute: 300, identityUrl: 'https://identity.apaleo.com', apiUrl: 'https://api.apaleo.com' });
    expect(load({ HOTEL_APALEO_API_URL: 'https://api.apaleo.com/' }).apaleo.apiUrl).toBe('https://api.apaleo.com');
  });

  it('takes plain http on loopback only', () => {
    expect(load({ HOTEL_APALEO_IDENTITY_URL: 'http://127.0.0.1:4100' }).apaleo.identityUrl).toBe('http://127.0.0.1:4100');
    expect(() => load({ HOTEL_APALEO_API_URL: 'http://apaleo.example.com' })).toThrow(/HOTEL_APALEO_API_URL: must be an https:\/\/ address/);
    expect(() => load({ HOTEL_APALEO_IDENTITY_URL: 'http://127.0.0.1.evil.example.com' })).toThrow(/HOTEL_APALEO_IDENTITY_URL/);
  });
});
