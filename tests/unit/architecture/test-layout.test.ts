import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * tests/server/ mirrors the server: a test file lives in the folder of the module it proves
 * (server/src/modules/<module>/, or integrations' parts under integrations/), or of the server part
 * it proves outside the modules (access/, db/, live/, outbound/; platform/ for the start, stop, limits
 * and logs of the whole server). A newcomer finds a module's tests beside its name.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_PARTS = ['access', 'db', 'live', 'outbound', 'platform'];
const MODULES = readdirSync(path.join(ROOT, 'server/src/modules')).filter((name) => statSync(path.join(ROOT, 'server/src/modules', name)).isDirectory());

describe('tests/server mirrors server/src', () => {
  it('every server test file is in the folder of a server module or part, none at the top', () => {
    const entries = readdirSync(path.join(ROOT, 'tests/server'));
    const loose = entries.filter((name) => /\.test\.ts$/.test(name));
    const folders = entries.filter((name) => statSync(path.join(ROOT, 'tests/server', name)).isDirectory());
    expect(loose).toEqual([]);
    expect(folders.filter((folder) => !MODULES.includes(folder) && !SERVER_PARTS.includes(folder))).toEqual([]);
    for (const part of SERVER_PARTS) expect(statSync(path.join(ROOT, 'server/src', part === 'platform' ? 'http' : part)).isDirectory()).toBe(true);
  });
});
