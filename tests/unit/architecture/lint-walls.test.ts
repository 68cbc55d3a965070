import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { KNOWN_FEATURE_INTERNALS, KNOWN_MODULE_CYCLES } from '../../../scripts/lint/known-crossings.mjs';
import { featureInternalImports, moduleCycleEdges } from '../../../scripts/lint/walls.mjs';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });

/** The rules that fired on `code` as if it were the file at `filePath` (relative to the project root). */
async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const IMPORTS = /no-restricted-imports/;

/** Each wall of the architecture, broken on purpose: lint must refuse it (by `rule`, no-restricted-imports unless said). */
const walls: Array<{ wall: string; file: string; code: string; rule?: RegExp }> = [
  { wall: 'a service runs no query', file: 'server/src/modules/rooms/rooms.service.ts', code: "import { eq } from 'drizzle-orm';\nexport const f = eq;\n" },
  { wall: 'a route touches no table', file: 'server/src/modules/rooms/rooms.routes.ts', code: "import { rooms } from '../../db/schema';\nexport const t = rooms;\n" },
  { wall: 'security code reads no raw rows', file: 'server/src/security/x.ts', code: "import { rowsOf } from '../db/client';\nexport const r = rowsOf;\n" },
  { wall: 'electron/ never imports the admin app', file: 'electron/x.ts', code: "import { x } from '../renderer/src/x';\nexport const y = x;\n" },
  { wall: 'electron/ never imports the guest pages', file: 'electron/x.ts', code: "import { x } from '../guest-web/src/x';\nexport const y = x;\n" },
  { wall: 'electron/ never imports the server', file: 'electron/x.ts', code: "import { x } from '../server/src/x';\nexport const y = x;\n" },
  { wall: 'the admin app never imports the server', file: 'renderer/src/x.ts', code: "import { x } from '../../server/src/x';\nexport const y = x;\n" },
  { wall: 'the guest pages never import the server', file: 'guest-web/src/x.ts', code: "import { x } from '../../server/src/x';\nexport const y = x;\n" },
  { wall: "the workers' page never imports the server", file: 'work-web/src/x.ts', code: "import { x } from '../../server/src/x';\nexport const y = x;\n" },
  { wall: "the workers' page never imports electron", file: 'work-web/src/x.ts', code: "import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n" },
  { wall: "the phone pages' kit never imports the server", file: 'clients-kit/x.ts', code: "import { x } from '../server/src/x';\nexport const y = x;\n" },
  { wall: "the phone pages' kit never imports electron", file: 'clients-kit/x.ts', code: "import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n" },
  { wall: "the phone pages' kit never imports the guest pages", file: 'clients-kit/x.ts', code: "import { x } from '../guest-web/src/x';\nexport const y = x;\n" },
  { wall: "the phone pages' kit never imports the workers' page", file: 'clients-kit/x.ts', code: "import { x } from '../work-web/src/x';\nexport const y = x;\n" },
  { wall: 'the guest pages never import the workers\' page (what both use lives in clients-kit/)', file: 'guest-web/src/x.ts', code: "import { x } from '../../work-web/src/api';\nexport const y = x;\n" },
  { wall: "the workers' page never imports the guest pages", file: 'work-web/src/x.ts', code: "import { x } from '../../guest-web/src/api';\nexport const y = x;\n" },
  { wall: "the guest pages still never import the server (beside the wall between the phone pages)", file: 'guest-web/src/review/x.ts', code: "import { x } from '../../../server/src/x';\nexport const y = x;\n" },
  { wall: "the contract imports no phone pages' kit", file: 'shared/x.ts', code: "import { x } from '../clients-kit/api';\nexport const y = x;\n" },
  { wall: "the server imports no phone pages' kit", file: 'server/src/x.ts', code: "import { x } from '../../clients-kit/api';\nexport const y = x;\n" },
  { wall: 'the list table imports no feature', file: 'renderer/src/table/x.ts', code: "import { x } from '../features/export/ExportButton';\nexport const y = x;\n" },
  { wall: 'the list table never imports the server either', file: 'renderer/src/table/x.ts', code: "import { x } from '../../../server/src/x';\nexport const y = x;\n" },
  { wall: 'the contract imports no other part', file: 'shared/x.ts', code: "import { x } from '../server/src/x';\nexport const y = x;\n" },
  // passkeys → security-audit today (its sign-ins are audited), so the way back closes a cycle.
  {
    wall: 'no import cycle between server modules',
    file: 'server/src/modules/security-audit/x.ts',
    code: "import type * as passkeys from '../passkeys/passkeys.service';\nexport type P = typeof passkeys;\n",
    rule: /house\/no-module-cycle: .*security-audit → passkeys → security-audit/,
  },
  {
    wall: "a renderer feature never imports another feature's internals",
    file: 'renderer/src/features/home/x.ts',
    code: "import { x } from '../reports/section';\nexport const y = x;\n",
    rule: /house\/no-feature-internals: .*home -> reports\/section/,
  },
  { wall: 'the server logs through its logger, never the console', file: 'server/src/modules/rooms/rooms.service.ts', code: "export const f = () => console.error('x');\n", rule: /^no-console/ },
  // Issue 44: a longer function is split into hooks, parts or plugins (blank lines and comments are not counted).
  { wall: "no function over 120 lines in the phone pages' kit", file: 'clients-kit/x.ts', code: `export function f(n: number) {\n${'  n++;\n'.repeat(120)}  return n;\n}\n`, rule: /^max-lines-per-function/ },
  { wall: 'no function over 120 lines in product code', file: 'renderer/src/x.ts', code: `export function f(n: number) {\n${'  n++;\n'.repeat(120)}  return n;\n}\n`, rule: /^max-lines-per-function/ },
];

// The first lint loads the whole config and typescript-eslint: seconds on a busy machine.
describe('lint holds the walls of the architecture', { timeout: 60_000 }, () => {
  it.each(walls)('$wall', async ({ file, code, rule = IMPORTS }) => {
    expect((await lintAs(file, code)).filter((m) => rule.test(m))).not.toEqual([]);
  });

  it("lets a module and a feature import their own files, a feature the shared widgets, and the command-line tools print", async () => {
    expect(await lintAs('server/src/modules/passkeys/x.ts', "import { x } from './passkeys.service';\nexport const y = x;\n")).toEqual([]);
    expect(await lintAs('renderer/src/features/reports/x.ts', "import { x } from './section';\nimport { y } from '../../ui/use-return-focus';\nexport const z = [x, y];\n")).toEqual([]);
    expect(await lintAs('server/src/cli/x.ts', "console.log('done');\n")).toEqual([]);
  });

  it("lets both phone pages import their kit and the contract, and the kit the contract", async () => {
    expect(await lintAs('guest-web/src/review/x.ts', "import { ApiError } from '../../../clients-kit/api';\nexport const y = ApiError;\n")).toEqual([]);
    expect(await lintAs('work-web/src/x.ts', "import { PhoneShell } from '../../clients-kit/Shell';\nimport { fillPath } from '@shared/api/paths';\nexport const y = [PhoneShell, fillPath];\n")).toEqual([]);
    expect(await lintAs('clients-kit/x.ts', "import * as calls from '@shared/api/calls';\nexport const y = calls;\n")).toEqual([]);
  });

  it("lets a test's function be long (a describe block is long by nature)", async () => {
    expect(await lintAs('tests/unit/x.test.ts', `export function f(n: number) {\n${'  n++;\n'.repeat(120)}  return n;\n}\n`)).toEqual([]);
  });

  it('lets a repository and db/ use Drizzle and the tables', async () => {
    const code = "import { eq } from 'drizzle-orm';\nimport { rooms } from '../../db/schema';\nexport const f = [eq, rooms];\n";
    expect(await lintAs('server/src/modules/rooms/rooms.repository.ts', code)).toEqual([]);
    expect(await lintAs('server/src/db/x.ts', "import { eq } from 'drizzle-orm';\nexport const f = eq;\n")).toEqual([]);
  });

  it('lets a service name a database type', async () => {
    const code = "import type { SQL } from 'drizzle-orm';\nimport type { Db } from '../../db/client';\nimport { type rooms } from '../../db/schema';\nexport type T = [SQL, Db, typeof rooms];\n";
    expect(await lintAs('server/src/modules/rooms/rooms.service.ts', code)).toEqual([]);
  });
});

// Today's crossings are allowed in scripts/lint/known-crossings.mjs only, and the list only shrinks:
// a crossing someone removed takes its line with it, so no later change can bring it back unseen.
describe('the known crossings of the walls inside a part', { timeout: 60_000 }, () => {
  it('name only module cycles that still exist', () => {
    const today = moduleCycleEdges();
    expect(KNOWN_MODULE_CYCLES.filter((edge) => !today.includes(edge))).toEqual([]);
  });

  it("name only imports of another feature's internals that still exist", () => {
    const today = featureInternalImports();
    expect(KNOWN_FEATURE_INTERNALS.filter((crossing) => !today.includes(crossing))).toEqual([]);
  });
});
