import type { Reporter, TestModule } from 'vitest/node';

/** After the run, the twenty test files that took longest (per project): where a faster CI starts. */
export default class SlowestReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed = modules
      .map((m) => ({ name: `${m.project.name} › ${m.moduleId.replace(`${process.cwd()}/`, '')}`, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 20);
    if (!timed.length) return;
    console.log('\nSlowest test files:');
    for (const { name, ms } of timed) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
  }
}
