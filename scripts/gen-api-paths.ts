// `npm run gen:paths`: rewrites shared/api/paths.ts (the zod-free path list) and, beside it,
// shared/api/calls.ts (the zod-free call table the phone pages call through) from the endpoint
// table in shared/api/endpoints.ts. tests/unit/shared/paths.test.ts fails when either is stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '../shared/api/endpoints';

interface Entry {
  /** The endpoint's names from the table's root: ['company', 'add']. */
  names: string[];
  method: string;
  path: string;
}

/** Every endpoint of the table, in its order. */
export function tableEntries(): Entry[] {
  const entries: Entry[] = [];
  const walk = (node: object, prefix: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === 'object' && 'path' in value) entries.push({ names: [...prefix, key], ...(value as { method: string; path: string }) });
      else if (value && typeof value === 'object') walk(value, [...prefix, key]);
    }
  };
  walk(endpoints, []);
  return entries;
}

export function pathsSource(entries = tableEntries()): string {
  return `/**
 * Every API path, without zod: what the guest page imports to stay small.
 * Keys are the endpoint names of endpoints.ts joined by '_' (company.add → company_add);
 * tests/unit/shared/paths.test.ts fails when the two drift apart; \`npm run gen:paths\` rewrites this file.
 */
export const apiPaths = {
${entries.map((e) => `  ${e.names.join('_')}: '${e.path}',`).join('\n')}
} as const;

export type ApiPathName = keyof typeof apiPaths;

/** '/api/Request/GetUserRequestDetails/:id' + { id } → the URL path. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
`;
}

export function callsSource(entries = tableEntries()): string {
  const type = (names: string[]) => `Endpoints${names.map((n) => `['${n}']`).join('')}`;
  return `/**
 * Every API call as its method and path, with its request and response types from the contract, and no
 * zod at run time: the phone pages (guest-web, work-web, through clients-kit/) call through it.
 * One export per endpoint (names as in paths.ts, company.add → company_add), so a page's bundle keeps
 * only the calls it makes; the types come from endpoints.ts by \`import type\` and vanish on build.
 * Written by \`npm run gen:paths\` (scripts/gen-api-paths.ts); tests/unit/shared/paths.test.ts fails when it is stale.
 */
import type { z } from 'zod';
import type { Endpoint, endpoints } from './endpoints';

type Endpoints = typeof endpoints;

/** One call of the contract: its method and path travel at run time, its endpoint's schemas as types only. */
export interface ApiCall<E extends Pick<Endpoint, 'method' | 'path'> = Pick<Endpoint, 'method' | 'path'>> {
  readonly method: E['method'];
  readonly path: string;
  /** Never set: names the endpoint, so the types below can read its schemas. */
  readonly endpoint?: E;
}

type Part<C, K extends string, In extends boolean, Absent> =
  C extends ApiCall<infer E> ? (E extends { [P in K]: infer S extends z.ZodType } ? (In extends true ? z.input<S> : z.output<S>) : Absent) : never;
/** The JSON body a client sends (undefined: the call takes none). */
export type CallBody<C> = Part<C, 'body', true, undefined>;
/** The query a client sends (undefined: the call takes none). */
export type CallQuery<C> = Part<C, 'query', true, undefined>;
/** The path's parameters (undefined: the path has none). */
export type CallParams<C> = Part<C, 'params', true, undefined>;
/** The 200 answer's JSON (unknown: a file, a stream or no schema). */
export type CallResponse<C> = Part<C, 'response', false, unknown>;

${entries.map((e) => `export const ${e.names.join('_')} = { method: '${e.method}', path: '${e.path}' } as ApiCall<${type(e.names)}>;`).join('\n')}
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entries = tableEntries();
  writeFileSync('shared/api/paths.ts', pathsSource(entries));
  writeFileSync('shared/api/calls.ts', callsSource(entries));
}
