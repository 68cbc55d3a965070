import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'migrations' ? [] : sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveFile(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** What `file` loads at run time: type-only imports and exports are left out (they vanish on compile and form no cycle). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers.flatMap((spec) => {
    let target: string | undefined;
    if (spec === '@shared') target = resolveFile(path.join(ROOT, 'shared/index'));
    else if (spec.startsWith('@shared/')) target = resolveFile(path.join(ROOT, 'shared', spec.slice('@shared/'.length)));
    else if (spec.startsWith('.')) target = resolveFile(path.resolve(path.dirname(file), spec.replace(/\.js$/, '')));
    return target ? [target] : [];
  });
}

/** The import cycles among the project's own files under `dirs` (relative to the project root, or absolute), each as a list of files. */
export function importCycles(dirs: readonly string[]): string[][] {
  const files = dirs.flatMap((dir) => sourceFiles(path.resolve(ROOT, dir)));
  const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? runtimeImports(file)) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}
