import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite-plugin-electron';
import { electronTargets } from '../../electron/vite-plugins';

/*
 * Builds the main and preload bundles exactly as `vite build` does (same targets),
 * into a temporary folder: `npm test` runs vitest before `npm run build`.
 */
describe('the Electron bundles', () => {
  let out: string;
  let main: string;
  let preload: string;
  beforeAll(async () => {
    out = mkdtempSync(path.join(os.tmpdir(), 'hotel-electron-build-'));
    for (const target of electronTargets(out)) await build(target);
    main = readFileSync(path.join(out, 'main.js'), 'utf8');
    preload = readFileSync(path.join(out, 'preload.cjs'), 'utf8');
  }, 180_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('main turns on context isolation and the sandbox, and keeps Node out of the page', () => {
    expect(main).toMatch(/contextIsolation:\s*true/);
    expect(main).toMatch(/sandbox:\s*true/);
    expect(main).toMatch(/nodeIntegration:\s*false/);
    expect(main).toMatch(/webviewTag:\s*false/);
    expect(main).toContain('preload.cjs');
  });

  it('main sends a strict Content-Security-Policy with the app pages', () => {
    expect(main).toContain('Content-Security-Policy');
    expect(main).toContain("default-src 'none'");
    expect(main).toMatch(/`script-src \$\{self\}/);
    expect(main).not.toContain('unsafe-eval');
  });

  it('main is an ES module that loads electron and Node built-ins at run time and bundles everything else', () => {
    expect(main).toMatch(/^import .* from "electron";$/m);
    expect(main).not.toMatch(/from "(zod|electron-store|conf)"/);
    // A bundled CommonJS dependency would need a require shim, which an ES module main does not have.
    expect(main).not.toMatch(/__require\(|createRequire\(/);
  });

  it('the preload is CommonJS (a sandboxed preload cannot load ES modules) and needs only electron', () => {
    expect(preload).toMatch(/require\("electron"\)/);
    expect(preload).not.toMatch(/^\s*(import|export) /m);
    expect([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(['electron']);
    expect(preload).toContain('exposeInMainWorld("hotelDesktop"');
  });
});
