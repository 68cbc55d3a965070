import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// `npm run typecheck` is one `tsc -b` over these parts. Before checking a part again, tsc -b looks
// only at whether one of the part's own files (its include) changed since the last run: a file the
// part reaches by import from another folder (shared/ from a client, a client's strings from a unit
// test) would be type-checked the first time but never again after it changed, and a warm run
// would pass on stale results. So every project file a part imports must be in that part's include.
const PARTS = ['tsconfig.json', 'renderer/tsconfig.json', 'guest-web/tsconfig.json', 'work-web/tsconfig.json'];

function parse(config: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, config), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${config}`);
  return parsed;
}

/** The project files (outside node_modules) that a part reaches by import but does not list in its include. */
function reachedButNotIncluded(config: string): string[] {
  const parsed = parse(config);
  const roots = new Set(parsed.fileNames.map((f) => path.resolve(f)));
  const cache = ts.createModuleResolutionCache(ROOT, (f) => f, parsed.options);
  const seen = new Set(roots);
  const queue = [...roots];
  const missing = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = [
      ...info.importedFiles.map((ref) => ts.resolveModuleName(ref.fileName, file, parsed.options, ts.sys, cache).resolvedModule?.resolvedFileName),
      ...info.referencedFiles.map((ref) => path.resolve(path.dirname(file), ref.fileName)),
    ];
    for (const target of targets) {
      if (!target) continue;
      const full = path.resolve(target);
      if (seen.has(full) || full.split(path.sep).includes('node_modules') || !full.startsWith(ROOT + path.sep)) continue;
      seen.add(full);
      queue.push(full);
      if (!roots.has(full)) missing.add(path.relative(ROOT, full));
    }
  }
  return [...missing].sort();
}

describe('type check parts', () => {
  // Reads every source file of every part: seconds on a busy 2-core machine.
  it.each(PARTS)('%s includes every project file it imports, so a warm `tsc -b` re-checks it when one changes', { timeout: 60_000 }, (config) => {
    expect(reachedButNotIncluded(config)).toEqual([]);
  });

  it('the solution tsconfig builds exactly these parts', () => {
    const solution = parse('tsconfig.build.json');
    expect(solution.fileNames).toEqual([]);
    const referenced = (solution.projectReferences ?? []).map((ref) => path.relative(ROOT, ts.resolveProjectReferencePath(ref)));
    expect(referenced.sort()).toEqual([...PARTS].sort());
  });
});
