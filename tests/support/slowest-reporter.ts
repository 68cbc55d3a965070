import type { Reporter, TestModule } from 'vitest/node';

/** A test file as the reports name it: its project and its path in the repository. */
function fileName(m: TestModule): string {
  return `${m.project.name} › ${m.moduleId.replace(`${process.cwd()}/`, '')}`;
}

/**
 * After the run, the twenty test files that took longest (per project): where a faster CI starts. Then, last,
 * the tests that failed or passed only on their retry, so that the tail of a CI log names them.
 */
export default class SlowestReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed = modules
      .map((m) => ({ name: fileName(m), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 20);
    if (timed.length) {
      console.log('\nSlowest test files:');
      for (const { name, ms } of timed) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
    }
    const troubled = modules.flatMap((m) => {
      const tests = [...m.children.allTests()];
      const lines = tests.flatMap((t) => {
        const failed = t.result().state === 'failed';
        if (!failed && !t.diagnostic()?.flaky) return [];
        return [`  ${failed ? 'failed' : 'passed on its retry'}: ${fileName(m)} › ${t.fullName}`];
      });
      // A file can fail with no failed test: an error in its hooks or at import.
      return m.state() === 'failed' && !lines.length ? [`  failed (the file itself): ${fileName(m)}`] : lines;
    });
    if (troubled.length) console.log(`\nTests that failed or passed only on their retry:\n${troubled.join('\n')}`);
  }
}
