import type { ESLint } from 'eslint';

/** The server module a file belongs to (`requests`, `integrations/stays`), or undefined outside them. */
export function moduleOf(file: string): string | undefined;
/** Today's module imports that close a cycle, as `from -> to`, sorted. */
export function moduleCycleEdges(): string[];
/** Today's imports of another renderer feature's internals (`feature -> other/file`), sorted. */
export function featureInternalImports(): string[];
declare const plugin: ESLint.Plugin;
export default plugin;
