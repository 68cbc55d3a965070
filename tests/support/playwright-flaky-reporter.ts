import path from 'node:path';
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';
import { describeFlaky, type FlakyTest, readQuarantine } from './quarantine';

/**
 * Playwright's side of the quarantine: a browser test that failed and then passed on
 * its retry fails the run unless tests/quarantine.json lists it with its cause.
 */
export default class PlaywrightFlakyReporter implements Reporter {
  private readonly flaky: FlakyTest[] = [];

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase): void {
    // Called after each attempt; the outcome is "flaky" once a retry has passed after a failure.
    if (test.outcome() !== 'flaky') return;
    const entry = { file: path.relative(process.cwd(), test.location.file), test: playwrightTestName(test) };
    if (!this.flaky.some((f) => f.file === entry.file && f.test === entry.test)) this.flaky.push(entry);
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    if (!this.flaky.length) return undefined;
    const { failing, lines } = describeFlaky(this.flaky, readQuarantine());
    console.log(`\n${lines.join('\n')}`);
    return failing.length && result.status === 'passed' ? { status: 'failed' } : undefined;
  }
}

/** A browser test's name as the quarantine lists it: its describe blocks and title, without project and file. */
export function playwrightTestName(test: TestCase): string {
  // titlePath: ['', project, file, ...describes, title]
  return test.titlePath().slice(3).join(' > ');
}
