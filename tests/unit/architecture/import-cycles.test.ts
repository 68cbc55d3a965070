import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from './import-graph';

describe('import cycles', () => {
  // Parses every source file: seconds on a busy 2-core machine, beyond the default 5 s limit.
  it('none among the server, the contract, the clients and the desktop shell', { timeout: 60_000 }, () => {
    expect(importCycles(['server/src', 'shared', 'renderer/src', 'guest-web/src', 'work-web/src', 'clients-kit', 'electron'])).toEqual([]);
  });

  it('finds a cycle made on purpose, and ignores one made of type-only imports', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'import-cycle-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { c } from './c';\nexport const b = c;\n");
      writeFileSync(path.join(dir, 'c.ts'), "export { a as c } from './a';\n");
      writeFileSync(path.join(dir, 'd.ts'), "import type { E } from './e';\nexport type D = E;\n");
      writeFileSync(path.join(dir, 'e.ts'), "import { type D } from './d';\nexport type E = D | 1;\n");
      const cycles = importCycles([dir]);
      expect(cycles).toHaveLength(1);
      expect(cycles[0].map((f) => path.basename(f))).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
