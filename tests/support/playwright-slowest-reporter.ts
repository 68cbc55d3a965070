import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * After the browser run, the twenty spec files that took longest (their tests' time, retries included,
 * per project), as the Vitest side prints its slowest files: where a faster CI starts. Then, last, every
 * test that failed or passed only on its retry: CI keeps a log's tail, and that is where its name must be.
 */
export default class PlaywrightSlowestReporter implements Reporter {
  private readonly files = new Map<string, number>();
  private readonly troubled = new Map<string, string>();

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const key = `${project} › ${path.relative(process.cwd(), test.location.file)}`;
    this.files.set(key, (this.files.get(key) ?? 0) + result.duration);
    const outcome = test.outcome();
    const name = `${key} › ${test.titlePath().slice(3).join(' > ')}`;
    if (outcome === 'unexpected' || outcome === 'flaky') this.troubled.set(name, outcome === 'flaky' ? 'passed on its retry' : 'failed');
    else this.troubled.delete(name);
  }

  onEnd(): void {
    const slowest = [...this.files].sort((a, b) => b[1] - a[1]).slice(0, 20);
    if (slowest.length) {
      console.log('\nSlowest spec files (sum of their tests):');
      for (const [name, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
    }
    if (!this.troubled.size) return;
    console.log('\nBrowser tests that failed or passed only on their retry:');
    for (const [name, what] of this.troubled) console.log(`  ${what}: ${name}`);
  }
}
