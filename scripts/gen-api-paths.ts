// `npm run gen:paths`: rewrites shared/api/paths.ts (the zod-free path list the
// guest page imports) from the endpoint table in shared/api/endpoints.ts.
import { writeFileSync } from 'node:fs';
import { endpoints } from '../shared/api/endpoints';

const lines: string[] = [];
const walk = (node: object, prefix: string[]) => {
  for (const [key, value] of Object.entries(node)) {
    if (value && typeof value === 'object' && 'path' in value) lines.push(`  ${[...prefix, key].join('_')}: '${(value as { path: string }).path}',`);
    else if (value && typeof value === 'object') walk(value, [...prefix, key]);
  }
};
walk(endpoints, []);

writeFileSync(
  'shared/api/paths.ts',
  `/**
 * Every API path, without zod: what the guest page imports to stay small.
 * Keys are the endpoint names of endpoints.ts joined by '_' (company.add → company_add);
 * tests/unit/shared/paths.test.ts fails when the two drift apart; \`npm run gen:paths\` rewrites this file.
 */
export const apiPaths = {
${lines.join('\n')}
} as const;

export type ApiPathName = keyof typeof apiPaths;

/** '/api/Request/GetUserRequestDetails/:id' + { id } → the URL path. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
`,
);
