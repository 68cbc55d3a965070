import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEndpoints, endpoints } from '@shared';
import * as calls from '@shared/api/calls';
import { apiPaths } from '@shared/api/paths';
import { callsSource, pathsSource } from '../../../scripts/gen-api-paths';
import { ALL_CLAIMS, claimCategory, menuEntry, permissionsFromClaims } from '@shared/permissions';

describe('the contract package', () => {
  it('keeps the zod-free path list equal to the endpoint table', () => {
    const fromTable: Record<string, string> = {};
    const walk = (node: object, prefix: string[]) => {
      for (const [k, v] of Object.entries(node)) {
        if (v && typeof v === 'object' && 'path' in v) fromTable[[...prefix, k].join('_')] = (v as { path: string }).path;
        else if (v && typeof v === 'object') walk(v, [...prefix, k]);
      }
    };
    walk(endpoints, []);
    expect(apiPaths).toEqual(fromTable);
  });

  // The phone pages call through shared/api/calls.ts (method and path at run time, types from the contract).
  it('keeps the zod-free call table equal to the endpoint table', () => {
    const fromTable: Record<string, { method: string; path: string }> = {};
    const walk = (node: object, prefix: string[]) => {
      for (const [k, v] of Object.entries(node)) {
        if (v && typeof v === 'object' && 'path' in v) fromTable[[...prefix, k].join('_')] = { method: (v as { method: string }).method, path: (v as { path: string }).path };
        else if (v && typeof v === 'object') walk(v, [...prefix, k]);
      }
    };
    walk(endpoints, []);
    expect({ ...calls }).toEqual(fromTable);
  });

  it('keeps paths.ts and calls.ts as `npm run gen:paths` writes them', () => {
    const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../../../shared/api', file), 'utf8');
    expect(read('paths.ts')).toBe(pathsSource());
    expect(read('calls.ts')).toBe(callsSource());
  });

  it('names every endpoint once', () => {
    const keys = allEndpoints().map((e) => `${e.method} ${e.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('protects every endpoint with a claim of the catalogue (or a list of them), or says it is public, for any user or for a worker’s phone', () => {
    for (const e of allEndpoints()) {
      if (Array.isArray(e.auth)) {
        expect(e.auth.length, e.path).toBeGreaterThan(0);
        for (const claim of e.auth) expect(ALL_CLAIMS).toContain(claim);
      } else expect(['public', 'user', 'device', ...ALL_CLAIMS]).toContain(e.auth);
    }
  });

  it('keeps workers’ phones on /api/Work/* and nothing else there', () => {
    for (const e of allEndpoints()) if (e.auth === 'device') expect(e.path).toMatch(/^\/api\/Work\//);
  });

  it('derives menu entries and role-detail categories from permission names', () => {
    expect(menuEntry('Basic Data.Use Type')).toEqual({ group: 'BasicData', item: 'UseType' });
    expect(menuEntry('Administration.Email Settings')).toEqual({ group: 'Administration', item: 'EmailSettings' });
    expect(claimCategory('Service Management.Request List.View')).toBe('Service Management [Request List]');
    expect(permissionsFromClaims(['Basic Data.Company.View', 'Basic Data.Hotel.Create'])).toEqual(['Basic Data.Company']);
  });
});
