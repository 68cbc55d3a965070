import { existsSync, readFileSync } from 'node:fs';
import type { TestCase as PlaywrightTestCase } from '@playwright/test/reporter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestCase } from 'vitest/node';
import FlakyReporter from '../../support/flaky-reporter';
import PlaywrightFlakyReporter from '../../support/playwright-flaky-reporter';
import { describeFlaky, parseQuarantine, readQuarantine, unquarantinedFlaky } from '../../support/quarantine';

const flaky = { file: 'tests/server/a.test.ts', test: 'rooms > lists them' };
const entry = { ...flaky, cause: 'the SMTP receiver answers late under load' };

describe('quarantine of flaky tests', () => {
  afterEach(() => {
    process.exitCode = undefined;
    vi.restoreAllMocks();
  });

  it('lists only tests that exist, each with its cause', () => {
    for (const q of readQuarantine()) {
      expect(existsSync(q.file), q.file).toBe(true);
      // A name is its describe blocks and title joined by ' > ' (as Vitest and Playwright give it): each part is in the file.
      const source = readFileSync(q.file, 'utf8');
      for (const part of q.test.replace(/ \((ar|en)\)$/, '').split(' > ')) expect(source).toContain(part);
      expect(q.cause.length).toBeGreaterThan(20);
    }
  });

  it('fails a test that passed only on retry unless the quarantine lists it', () => {
    expect(unquarantinedFlaky([flaky], [])).toEqual([flaky]);
    expect(unquarantinedFlaky([flaky], [entry])).toEqual([]);
    expect(unquarantinedFlaky([flaky], [{ ...entry, test: 'rooms > other' }])).toEqual([flaky]);
    expect(unquarantinedFlaky([flaky], [{ ...entry, file: 'tests/server/b.test.ts' }])).toEqual([flaky]);
  });

  it('names what fails the run and the cause of what it tolerates', () => {
    const other = { file: 'tests/unit/b.test.ts', test: 'b' };
    const { failing, lines } = describeFlaky([flaky, other], [entry]);
    expect(failing).toEqual([other]);
    expect(lines.join('\n')).toContain('tests/unit/b.test.ts › b');
    expect(lines.join('\n')).toContain(entry.cause);
  });

  it('refuses an entry without its cause, and a file that is not a list', () => {
    expect(() => parseQuarantine(JSON.stringify([{ file: flaky.file, test: flaky.test }]))).toThrow(/cause/);
    expect(() => parseQuarantine(JSON.stringify([{ ...entry, cause: '  ' }]))).toThrow(/cause/);
    expect(() => parseQuarantine('{}')).toThrow(/list/);
    expect(parseQuarantine(JSON.stringify([entry]))).toEqual([entry]);
  });

  it('vitest: a flaky test sets a failing exit code; a test that passed first time does not', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const testCase = (isFlaky: boolean) =>
      ({ diagnostic: () => ({ flaky: isFlaky }), module: { moduleId: `${process.cwd()}/${flaky.file}` }, fullName: flaky.test }) as unknown as TestCase;

    const steady = new FlakyReporter();
    steady.onTestCaseResult(testCase(false));
    steady.onTestRunEnd();
    expect(process.exitCode).toBeUndefined();

    const reporter = new FlakyReporter();
    reporter.onTestCaseResult(testCase(true));
    reporter.onTestRunEnd();
    expect(process.exitCode).toBe(1);
  });

  it('playwright: a flaky test turns a passed run into a failed one', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const spec = (outcome: string) =>
      ({
        outcome: () => outcome,
        location: { file: `${process.cwd()}/tests/e2e/admin/login.spec.ts` },
        titlePath: () => ['', 'admin', 'admin/login.spec.ts', 'login', 'signs in'],
      }) as unknown as PlaywrightTestCase;

    const steady = new PlaywrightFlakyReporter();
    steady.onTestEnd(spec('expected'));
    expect(await steady.onEnd({ status: 'passed' } as never)).toBeUndefined();

    const reporter = new PlaywrightFlakyReporter();
    reporter.onTestEnd(spec('flaky'));
    expect(await reporter.onEnd({ status: 'passed' } as never)).toEqual({ status: 'failed' });
  });
});
