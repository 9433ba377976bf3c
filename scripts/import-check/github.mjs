// `npm run check:import`: imports GitHub's REST description (@octokit/openapi) into a throwaway
// registry, builds svc from it and checks every operation's help and dry run (check-import.mjs);
// prints the figures docs/performance.md records and every failure with its operation id.
// `--sample n` checks every n-th operation only (the test's fixed sample is n = 12); then tsc
// type-checks every generated file (`--no-typecheck` leaves that out: about 2.5 minutes here).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../build/bundle.mjs';
import { checkImport, GITHUB_RENAME, githubDescription, typecheckRegistry } from './check-import.mjs';

const { values } = parseArgs({ options: { sample: { type: 'string', default: '1' }, 'no-typecheck': { type: 'boolean', default: false } } });
const sample = Number(values.sample);
if (!Number.isInteger(sample) || sample < 1) throw new Error(`--sample takes a whole number from 1: ${values.sample}`);
const work = mkdtempSync(join(tmpdir(), 'svc-import-check-'));
try {
  const started = performance.now();
  const result = await checkImport({ repoRoot, description: githubDescription(), rename: GITHUB_RENAME, work, sample, everyParameter: true });
  const { report, timings } = result;
  const out = (line = '') => process.stdout.write(`${line}\n`);
  out(
    `GitHub's description (${report.description}): ${result.described} operations described, ${report.operations} imported into ${report.areas.length} areas`,
  );
  out(
    `times (s): import ${timings.import} (the importer's own count: ${report.seconds.toFixed(1)}), build ${timings.build}, validator ${timings.validator}, help and dry runs ${timings.run}; all ${((performance.now() - started) / 1000).toFixed(1)}`,
  );
  out(
    `checked ${result.checked} operations${sample > 1 ? ` (every ${sample}th)` : ''}: help ${result.helpPassed} passed, dry run ${result.dryRunPassed} passed`,
  );
  out(`dry run with every optional query and header parameter given: ${result.everyParameter.passed} of ${result.everyParameter.checked} operations passed`);
  out(`real bin against the hosts: ${result.spawned.count} lines, ${result.spawned.differing.length} differing`);
  out('unmapped constructs (operations or places, by construct):');
  for (const [construct, count] of Object.entries(report.counts).sort((a, b) => b[1] - a[1])) out(`  ${construct}: ${count}`);
  if (result.failures.length > 0) out(`failures (${result.failures.length}):`);
  for (const failure of result.failures) out(`  ${failure.id} [${failure.check}] ${failure.detail}`);
  for (const line of result.spawned.differing) out(`  differs when spawned: svc ${line.join(' ')}`);
  let typecheckFailed = false;
  if (!values['no-typecheck']) {
    const since = performance.now();
    const tsc = await typecheckRegistry({ repoRoot, work });
    typecheckFailed = tsc.code !== 0;
    out(`tsc over the imported registry: ${typecheckFailed ? `exit ${tsc.code}` : 'no errors'} (${((performance.now() - since) / 1000).toFixed(1)} s)`);
    if (typecheckFailed) out(tsc.output.split('\n').slice(0, 40).join('\n'));
  }
  process.exitCode = result.failures.length > 0 || result.spawned.differing.length > 0 || typecheckFailed ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}
