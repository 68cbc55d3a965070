import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../guest-web/src');
/** The phone pages' shared kit: part of the guest bundle too. */
const KIT = path.resolve(import.meta.dirname, '../../clients-kit');
const SHARED = path.resolve(import.meta.dirname, '../../shared');
/** Contract files without zod: the only ones the guest bundle may load at run time. */
const ZOD_FREE = ['@shared/api/paths', '@shared/api/calls', '@shared/patterns', '@shared/phone-plan', '@shared/dial-codes', '@shared/statuses', '@shared/routes', '@shared/display-names', '@shared/live-events', '@shared/search-text', '@shared/service-levels', '@shared/typed-text'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe('guest bundle stays small', () => {
  const importsOf = (files: string[]) =>
    files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)].map((m) => ({ file: path.relative(SRC, file), typeOnly: Boolean(m[1]), from: m[2] })),
    );
  const imports = importsOf([...sources(SRC), ...sources(KIT)]);

  it('finds the sources', () => {
    expect(imports.length).toBeGreaterThan(20);
  });

  it('takes only types from the contract index and values only from zod-free files', () => {
    const bad = imports.filter((i) => i.from.startsWith('@shared') && !i.typeOnly && !ZOD_FREE.includes(i.from));
    expect(bad).toEqual([]);
  });

  it('uses no UI kit, HTTP library or zod', () => {
    const banned = imports.filter((i) => /^(zod|axios|@fluentui|ag-grid|jotai|react-router)/.test(i.from));
    expect(banned).toEqual([]);
  });

  it('loads the zod-free contract files without a value of zod or of the endpoint table', () => {
    const files = ZOD_FREE.map((spec) => path.join(SHARED, `${spec.slice('@shared/'.length)}.ts`));
    const bad = importsOf(files).filter((i) => !i.typeOnly && (/^zod/.test(i.from) || /endpoints$|^@shared$|\.\/index$/.test(i.from)));
    expect(bad).toEqual([]);
  });

  it('reads the kit', () => {
    expect(importsOf(sources(KIT)).some((i) => i.from === '@shared/api/calls')).toBe(true);
  });
});
