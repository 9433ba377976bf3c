// A vitest reporter: after the summary, one line per skipped test saying why it was skipped.
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * The default reporter counts skipped tests but does not name them; a skip must say why (a missing
 * tool, a platform that cannot build the binary), so `npm test` prints each one, with its reason:
 * the note given to `ctx.skip(note)`, else the test's name, which says it in the skipIf cases.
 * Under CI (CI=true) a test skipped because a tool "is not installed" fails the run: CI installs
 * every tool the tests need (.ci/run), so such a skip means a test that never ran in a green run.
 */
/** How a skip for a missing tool says so, in its test's name or its note. */
const TOOL_MISSING = /\bis not installed\b/;

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
    const missingTools = lines.filter((line) => TOOL_MISSING.test(line));
    if (process.env.CI !== 'true' || missingTools.length === 0) return;
    this.vitest.logger.error(
      `CI: ${missingTools.length} test${missingTools.length === 1 ? ' was' : 's were'} skipped for a missing tool, which CI must install; the run fails`,
    );
    process.exitCode = 1;
  }
}
