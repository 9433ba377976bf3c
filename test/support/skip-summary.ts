// A vitest reporter: after the summary, one line per skipped test saying why it was skipped.
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * The default reporter counts skipped tests but does not name them; a skip must say why (a missing
 * tool, a platform that cannot build the binary), so `npm test` prints each one, with its reason:
 * the note given to `ctx.skip(note)`, else the test's name, which says it in the skipIf cases.
 */
export default class SkipSummary implements Reporter {
  private vitest!: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        const result = test.result();
        const note = result.state === 'skipped' && result.note ? `: ${result.note}` : '';
        lines.push(`  ${module.relativeModuleId} > ${test.fullName}${note}`);
      }
    }
    if (lines.length === 0) return;
    this.vitest.logger.log(`\nSkipped (${lines.length}):\n${lines.join('\n')}\n`);
  }
}
