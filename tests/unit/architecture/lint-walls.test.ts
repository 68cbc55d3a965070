import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });

/** The rules that fired on `code` as if it were the file at `filePath` (relative to the project root). */
async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const IMPORTS = /no-restricted-imports/;

/** Each wall of the architecture, broken on purpose: lint must refuse it. */
const walls: Array<{ wall: string; file: string; code: string }> = [
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
  { wall: 'the list table imports no feature', file: 'renderer/src/table/x.ts', code: "import { x } from '../features/export/ExportButton';\nexport const y = x;\n" },
  { wall: 'the list table never imports the server either', file: 'renderer/src/table/x.ts', code: "import { x } from '../../../server/src/x';\nexport const y = x;\n" },
  { wall: 'the contract imports no other part', file: 'shared/x.ts', code: "import { x } from '../server/src/x';\nexport const y = x;\n" },
];

// The first lint loads the whole config and typescript-eslint: seconds on a busy machine.
describe('lint holds the walls of the architecture', { timeout: 60_000 }, () => {
  it.each(walls)('$wall', async ({ file, code }) => {
    expect((await lintAs(file, code)).filter((m) => IMPORTS.test(m))).not.toEqual([]);
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
