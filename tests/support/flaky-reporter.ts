import type { Reporter, TestCase } from 'vitest/node';

/**
 * Lists, after the run, each test that failed and then passed on its retry (CI only,
 * see `retry` in vitest.config.ts), so that a flaky test is seen and fixed rather
 * than hidden by the retry that let the run pass.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    if (test.diagnostic()?.flaky) this.flaky.push(`${test.project.name} › ${test.module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(`\n${this.flaky.length} flaky (failed, then passed on retry):`);
    for (const name of this.flaky) console.log(`  ${name}`);
  }
}
