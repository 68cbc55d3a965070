import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASIC_DATA_ITEMS, CATALOGUE, clientRoutes, endpoints, menuEntry } from '@shared';
import { shellEndpoints } from '../../renderer/src/api/shell-endpoints';
import { ROUTES } from '../../renderer/src/app/routes';

const SRC = path.resolve(import.meta.dirname, '../../renderer/src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });

describe('the admin route table', () => {
  it('has one route per path, every menu item of the catalogue among them', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const entry of CATALOGUE) {
      const link = menuEntry(`${entry.section}.${entry.item}`);
      // An item without View (Escalations.Receive) is a right, not a screen.
      const viewable = (entry.actions as readonly string[]).includes('View');
      if (link && viewable) expect(ROUTES.some((r) => r.menu?.group === link.group && r.menu.item === link.item)).toBe(true);
    }
    for (const item of BASIC_DATA_ITEMS) expect(paths).toContain(clientRoutes.basicData(item));
    expect(paths).toContain(clientRoutes.requestDetails(':id'));
  });

  it('loads every screen from its section chunk', async () => {
    for (const route of ROUTES) {
      expect(typeof (await route.load()), route.path).toBe('function');
    }
  }, 60_000);

  it('writes no /Admin/… path by hand: every screen uses shared/routes.ts', () => {
    const offenders = files(SRC).filter((f) => /['"`]\/Admin\//.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('has the shell calls (kept free of zod for the first download) exactly as the endpoint table', () => {
    for (const [name, entry] of Object.entries(shellEndpoints)) {
      const real = endpoints[name as keyof typeof shellEndpoints];
      expect({ method: entry.method, path: entry.path, auth: entry.auth }).toEqual({ method: real.method, path: real.path, auth: real.auth });
    }
  });
});
