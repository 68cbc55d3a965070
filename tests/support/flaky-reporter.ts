import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';
import { describeFlaky, type FlakyTest, readQuarantine } from './quarantine';

/**
 * On CI (see `retry` in vitest.config.ts) a test that failed and then passed on its
 * retry fails the run, unless tests/quarantine.json lists it with its cause: the retry
 * shows flakiness, it does not hide it.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: FlakyTest[] = [];

  onTestCaseResult(test: TestCase): void {
    if (test.diagnostic()?.flaky) this.flaky.push({ file: path.relative(process.cwd(), test.module.moduleId), test: test.fullName });
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    const { failing, lines } = describeFlaky(this.flaky, readQuarantine());
    console.log(`\n${lines.join('\n')}`);
    // Vitest only ever raises the exit code, so a 1 set here survives the end of the run.
    if (failing.length) process.exitCode = 1;
  }
}
