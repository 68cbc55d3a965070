import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The login page's first download (≤ 200 KB gzip) holds only what
 * renderer/src/main.tsx reaches through static imports. One value imported from the
 * '@shared' index pulls the whole endpoint table and zod into it (+29 KiB gzip, seen
 * 2026-11-23 when `MAX_PAGE_SIZE` was taken from '@shared' in api/client.ts). This walks
 * that graph as the bundler does (type-only imports and import() are not part of it).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec === '@shared') base = path.join(ROOT, 'shared/index');
  else if (spec.startsWith('@shared/')) base = path.join(ROOT, 'shared', spec.slice('@shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return undefined; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return undefined;
}

/** Static value imports and re-exports of a module (not `import type`, not `import()`). */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)'/gms)) {
    // `import { type A, type B } from …` brings no value either.
    const names = m[1].replace(/[{}\s]/g, '').split(',').filter(Boolean);
    if (names.length && names.every((n) => n.startsWith('type'))) continue;
    specs.push(m[2]);
  }
  for (const m of source.matchAll(/^import\s+'([^']+)'/gm)) specs.push(m[1]);
  return specs;
}

function firstViewGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of staticImports(file)) {
      const target = resolve(file, spec);
      if (target) queue.push(target);
      else if (!spec.startsWith('.')) packages.add(spec);
    }
  }
  return { files, packages };
}

describe('the admin app first view', () => {
  const { files, packages } = firstViewGraph(path.join(ROOT, 'renderer/src/main.tsx'));

  it('reaches the login page and the shell loader', () => {
    const rel = [...files].map((f) => path.relative(ROOT, f));
    expect(rel).toContain('renderer/src/auth/LoginPage.tsx');
    expect(rel).toContain('renderer/src/app/routes.tsx');
  });

  it('carries neither zod nor the endpoint table', () => {
    const rel = [...files].map((f) => path.relative(ROOT, f));
    expect(rel.filter((f) => f === 'shared/index.ts' || f === 'shared/api/endpoints.ts')).toEqual([]);
    expect([...packages].filter((p) => p === 'zod' || p.startsWith('zod/'))).toEqual([]);
  });
});
