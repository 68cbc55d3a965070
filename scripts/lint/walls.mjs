// The project's own lint rules for the walls between parts of one client or of the server,
// which `no-restricted-imports` cannot say (it sees one import, not the graph or who imports):
// - `house/no-module-cycle`: no import cycle between server modules (server/src/modules/*,
//   server/src/modules/integrations/*): a module that imports another is one the other never reaches back.
// - `house/no-feature-internals`: a renderer feature (renderer/src/features/*) imports another
//   feature only through that feature's `index.ts`; widgets and hooks that serve several features
//   live in renderer/src/ui/ and renderer/src/api/.
// Both count every import, type-only ones too: a type names the other part's internals as much as a value does.
// Today's crossings are listed in known-crossings.mjs, the one place they are allowed, so their
// count can only go down (tests/unit/architecture/lint-walls.test.ts keeps that list exact).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MODULES = path.join(ROOT, 'server/src/modules');
const FEATURES = path.join(ROOT, 'renderer/src/features');
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The project file a relative specifier names, or undefined (a package, an alias, a file not there). */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The server module a file belongs to (`requests`, `integrations/stays`), or undefined outside them. */
export function moduleOf(file) {
  const parts = path.relative(MODULES, path.resolve(ROOT, file)).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0]) || parts.length < 2) return undefined;
  if (parts[0] === 'integrations') return parts.length > 2 ? `integrations/${parts[1]}` : undefined;
  return parts[0];
}

/** The renderer feature a file belongs to, or undefined outside renderer/src/features. */
function featureOf(file) {
  const parts = path.relative(FEATURES, path.resolve(ROOT, file)).split(path.sep);
  return parts[0] === '..' || path.isAbsolute(parts[0]) || parts.length < 2 ? undefined : parts[0];
}

/** What a file on disk imports, by specifier (type-only and dynamic imports too). */
function specifiersOnDisk(file) {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((ref) => ref.fileName);
}

/** Each module file → the other modules it imports, read again only when the file changed (an editor's lint server lives long). */
const moduleImportsCache = new Map();
function moduleImportsOnDisk() {
  const now = new Map();
  for (const file of sourceFiles(MODULES)) {
    const mtime = statSync(file).mtimeMs;
    const cached = moduleImportsCache.get(file);
    now.set(file, cached?.mtime === mtime ? cached : { mtime, targets: otherModules(file, specifiersOnDisk(file)) });
  }
  moduleImportsCache.clear();
  for (const [file, entry] of now) moduleImportsCache.set(file, entry);
  return new Map([...now].map(([file, entry]) => [file, entry.targets]));
}

function otherModules(file, specifiers) {
  const own = moduleOf(file);
  const targets = new Set();
  for (const specifier of specifiers) {
    const target = resolveImport(file, specifier);
    const other = target && moduleOf(target);
    if (other && other !== own) targets.add(other);
  }
  return targets;
}

/** The module graph (module → modules it imports), with `file`'s imports taken from `specifiers` when given. */
function moduleGraph(file, specifiers) {
  const graph = new Map();
  const add = (from, targets) => {
    if (!from) return;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const t of targets) graph.get(from).add(t);
  };
  for (const [f, targets] of moduleImportsOnDisk()) if (f !== file) add(moduleOf(f), targets);
  if (file) add(moduleOf(file), otherModules(file, specifiers));
  return graph;
}

/** A shortest way from `from` to `to` in the graph, as the list of modules on it, or undefined. */
function pathBetween(graph, from, to) {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) {
      const way = [];
      for (let m = to; m !== undefined; m = previous.get(m)) way.unshift(m);
      return way;
    }
    for (const next of graph.get(at) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** Today's module imports that close a cycle, as `from -> to`, sorted: what `house/no-module-cycle` reports. */
export function moduleCycleEdges() {
  const graph = moduleGraph();
  const edges = [];
  for (const [from, targets] of graph) for (const to of targets) if (pathBetween(graph, to, from)) edges.push(`${from} -> ${to}`);
  return edges.sort();
}

/** The name of an import of another feature's internals (`home -> live/use-now`), or undefined when it is none. */
function featureCrossing(file, target) {
  const own = featureOf(file);
  const other = target && featureOf(target);
  if (!own || !other || other === own) return undefined;
  const inside = path.relative(FEATURES, target).split(path.sep).join('/').replace(SOURCE, '');
  return inside === `${other}/index` ? undefined : `${own} -> ${inside}`;
}

/** Today's imports of another feature's internals, sorted: what `house/no-feature-internals` reports. */
export function featureInternalImports() {
  const crossings = new Set();
  for (const file of sourceFiles(FEATURES)) {
    for (const specifier of specifiersOnDisk(file)) {
      const crossing = featureCrossing(file, resolveImport(file, specifier));
      if (crossing) crossings.add(crossing);
    }
  }
  return [...crossings].sort();
}

/** Listeners that collect every import of the linted file (with the node to report on), then `done(found)` once it is read. */
function collectImports(done) {
  const found = [];
  const take = (node) => {
    if (node?.type === 'Literal' && typeof node.value === 'string') found.push({ node, specifier: node.value });
  };
  return {
    ImportDeclaration: (node) => take(node.source),
    ExportNamedDeclaration: (node) => take(node.source),
    ExportAllDeclaration: (node) => take(node.source),
    ImportExpression: (node) => take(node.source),
    TSImportType: (node) => take(node.argument?.literal),
    'Program:exit': () => done(found),
  };
}

const known = { type: 'object', properties: { known: { type: 'array', items: { type: 'string' } } }, additionalProperties: false };

const noModuleCycle = {
  meta: { type: 'problem', schema: [known], messages: { cycle: 'import cycle between server modules: {{way}} (a module another imports never imports it back; move the shared part out, or announce an event)' } },
  create(context) {
    const file = context.filename;
    const own = moduleOf(file);
    if (!own) return {};
    const allowed = new Set(context.options[0]?.known ?? []);
    return collectImports((found) => {
      const graph = moduleGraph(file, found.map((i) => i.specifier));
      for (const { node, specifier } of found) {
        const target = resolveImport(file, specifier);
        const other = target && moduleOf(target);
        if (!other || other === own || allowed.has(`${own} -> ${other}`)) continue;
        const back = pathBetween(graph, other, own);
        if (back) context.report({ node, messageId: 'cycle', data: { way: [own, ...back].join(' → ') } });
      }
    });
  },
};

const noFeatureInternals = {
  meta: { type: 'problem', schema: [known], messages: { internal: "a feature imports another feature's internals ({{crossing}}): import its index.ts, or move what both use to renderer/src/ui/ or renderer/src/api/" } },
  create(context) {
    const file = context.filename;
    if (!featureOf(file)) return {};
    const allowed = new Set(context.options[0]?.known ?? []);
    return collectImports((found) => {
      for (const { node, specifier } of found) {
        const crossing = featureCrossing(file, resolveImport(file, specifier));
        if (crossing && !allowed.has(crossing)) context.report({ node, messageId: 'internal', data: { crossing } });
      }
    });
  },
};

export default { meta: { name: 'house' }, rules: { 'no-module-cycle': noModuleCycle, 'no-feature-internals': noFeatureInternals } };
