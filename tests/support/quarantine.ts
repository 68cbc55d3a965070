import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A test that failed and then passed on its retry: `file` relative to the project root, `test` its titles joined by " > ". */
export interface FlakyTest {
  file: string;
  test: string;
}

/** A known flaky test, allowed to pass on retry until its cause is fixed. */
export interface QuarantineEntry extends FlakyTest {
  cause: string;
}

export const QUARANTINE_FILE = path.resolve(import.meta.dirname, '../quarantine.json');

/**
 * The quarantine list, checked: every entry names a file, a test and its cause. A
 * malformed list throws, so that a typo cannot quietly let every flaky test through.
 */
export function parseQuarantine(json: string): QuarantineEntry[] {
  const data: unknown = JSON.parse(json);
  if (!Array.isArray(data)) throw new Error('tests/quarantine.json must hold a list of {file, test, cause}');
  return data.map((entry: unknown, i) => {
    const e = entry as Partial<Record<keyof QuarantineEntry, unknown>> | null;
    for (const key of ['file', 'test', 'cause'] as const) {
      if (typeof e?.[key] !== 'string' || !e[key].trim()) throw new Error(`tests/quarantine.json entry ${i} needs a non-empty "${key}"`);
    }
    return { file: e!.file as string, test: e!.test as string, cause: e!.cause as string };
  });
}

export function readQuarantine(file = QUARANTINE_FILE): QuarantineEntry[] {
  return parseQuarantine(readFileSync(file, 'utf8'));
}

const sameFile = (a: string, b: string) => path.normalize(a) === path.normalize(b);

/**
 * The flaky tests that fail the run: all of them except those listed in the
 * quarantine. A retry exists to see flakiness, not to hide it.
 */
export function unquarantinedFlaky(flaky: readonly FlakyTest[], quarantine: readonly QuarantineEntry[]): FlakyTest[] {
  return flaky.filter((f) => !quarantine.some((q) => sameFile(q.file, f.file) && q.test === f.test));
}

/** The report's lines: what fails the run and why, or what passed only thanks to its quarantine. */
export function describeFlaky(flaky: readonly FlakyTest[], quarantine: readonly QuarantineEntry[]): { failing: FlakyTest[]; lines: string[] } {
  const failing = unquarantinedFlaky(flaky, quarantine);
  const lines: string[] = [];
  if (failing.length) {
    lines.push(`${failing.length} test(s) failed, then passed on retry; this fails the run (fix them, or list them with their cause in tests/quarantine.json):`);
    for (const f of failing) lines.push(`  ${f.file} › ${f.test}`);
  }
  const tolerated = flaky.filter((f) => !failing.includes(f));
  if (tolerated.length) {
    lines.push(`${tolerated.length} quarantined test(s) failed, then passed on retry:`);
    for (const f of tolerated) lines.push(`  ${f.file} › ${f.test} (${quarantine.find((q) => sameFile(q.file, f.file) && q.test === f.test)!.cause})`);
  }
  return { failing, lines };
}
