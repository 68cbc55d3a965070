import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * After the browser run, the twenty spec files that took longest (their tests' time, retries included,
 * per project), as the Vitest side prints its slowest files: where a faster CI starts. Then where the
 * run's wall time went beyond its tests (worker processes started, time between one test's end and the
 * next one's start on a parallel slot). Then, last, every test that failed or passed only on its retry:
 * CI keeps a log's tail, and that is where its name must be.
 */
export default class PlaywrightSlowestReporter implements Reporter {
  private readonly files = new Map<string, number>();
  private readonly troubled = new Map<string, string>();
  /** Per parallel slot (parallelIndex): each test's start and end. */
  private readonly slots = new Map<number, { start: number; end: number; file: string }[]>();
  private readonly workers = new Set<number>();
  private startedAt = Date.now();

  printsToStdio(): boolean {
    return false;
  }

  onBegin(): void {
    this.startedAt = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const key = `${project} › ${path.relative(process.cwd(), test.location.file)}`;
    this.files.set(key, (this.files.get(key) ?? 0) + result.duration);
    const start = result.startTime.getTime();
    const slot = this.slots.get(result.parallelIndex) ?? [];
    slot.push({ start, end: start + result.duration, file: key });
    this.slots.set(result.parallelIndex, slot);
    this.workers.add(result.workerIndex);
    const outcome = test.outcome();
    const name = `${key} › ${test.titlePath().slice(3).join(' > ')}`;
    if (outcome === 'unexpected' || outcome === 'flaky') this.troubled.set(name, outcome === 'flaky' ? 'passed on its retry' : 'failed');
    else this.troubled.delete(name);
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.files].sort((a, b) => b[1] - a[1]).slice(0, 20);
    if (slowest.length) {
      console.log('\nSlowest spec files (sum of their tests):');
      for (const [name, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
    }
    if (this.slots.size) {
      const wall = (result.duration || Date.now() - this.startedAt) / 1000;
      const gaps: { ms: number; before: string }[] = [];
      const busy = [...this.slots].map(([index, runs]) => {
        const inTests = runs.reduce((sum, r) => sum + (r.end - r.start), 0) / 1000;
        runs.sort((a, b) => a.start - b.start);
        let previous = this.startedAt;
        for (const r of runs) {
          gaps.push({ ms: r.start - previous, before: r.file });
          previous = r.end;
        }
        return `slot ${index}: ${inTests.toFixed(1)} s in tests, ${((runs[0].start - this.startedAt) / 1000).toFixed(1)} s before its first`;
      });
      const between = gaps.reduce((sum, g) => sum + g.ms, 0) / 1000;
      const largest = gaps.sort((a, b) => b.ms - a.ms).slice(0, 8).map((g) => `${(g.ms / 1000).toFixed(1)} s before ${g.before}`);
      console.log(`\nBetween tests: ${between.toFixed(1)} s over all slots; the largest: ${largest.join('; ')}`);
      console.log(`\nBrowser run: ${wall.toFixed(1)} s wall, ${this.workers.size} worker processes; ${busy.join(', ')}`);
    }
    if (!this.troubled.size) return;
    console.log('\nBrowser tests that failed or passed only on their retry:');
    for (const [name, what] of this.troubled) console.log(`  ${what}: ${name}`);
  }
}
