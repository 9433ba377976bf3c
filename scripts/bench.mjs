// npm run bench: svc's start-up and single-call cost against bare Node. Builds a variant
// CLI with 1,000 generated operations and one with GitHub's REST description imported, adds that
// description at run time (svc areas add) to a settings folder, installs the npm package from its tarball and builds the
// standalone binary, starts `svc mock` on loopback, runs each case and its
// baseline alternately, and prints a Markdown table of medians, ratios and targets. Exits 1 when a
// case misses its target, so the rule "import heavy modules lazily" is guarded by a number. Then the
// floor section (scripts/bench/tls.mjs: start-up and a GET over TLS against node -e 0, gh and
// node:https; `--only floor` runs that alone) and the batch section (scripts/bench/batch.mjs);
// `--only batch` runs that alone. `--only throttled` runs bulk runs against
// a rate limit (scripts/bench/throttled.mjs), a minute of wall time, so only when asked.
// Usage: node scripts/bench.mjs [--runs 40] [--memory-runs 10] [--tool hyperfine|node] [--only <text in a case name>]
// (after npm run build)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './build/bundle.mjs';
import { ADDED, defineCases } from './bench/cases.mjs';
import { startMock } from './bench/mock-process.mjs';
import { allPass, formatTable, summarize } from './bench/report.mjs';
import { buildCliVariant } from './bench/cli-variant.mjs';
import { installBoth } from './bench/installs.mjs';
import { GITHUB_RENAME, githubDescription, importedVariant } from './import-check/check-import.mjs';
import { syntheticRegistryPlugin } from './bench/synthetic-registry.mjs';
import { addGithub, answersFor, startAnswers } from './bench/added-areas.mjs';
import { hasHyperfine, outputOf, peakMemoryAlternately, timeAlternately } from './bench/timing.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '40' }, 'memory-runs': { type: 'string', default: '10' }, tool: { type: 'string' }, only: { type: 'string' } },
});
const runs = Number(values.runs);
const memoryRuns = Number(values['memory-runs']);
const tool = values.tool ?? (hasHyperfine() ? 'hyperfine' : 'node');

function machine() {
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU';
  return `${cpu}, ${availableParallelism()} cores, Node ${process.version}, ${tool === 'hyperfine' ? 'hyperfine' : 'Node spawnSync'} timing`;
}

function measure(kase) {
  const commands = [kase.baseline, kase.svc];
  if (kase.expect && !kase.expect.test(outputOf(kase.svc))) throw new Error(`${kase.svc.label} did not print what the case expects (${kase.expect})`);
  process.stderr.write(`${kase.name}: ${kase.memory ? memoryRuns : runs} rounds…\n`);
  const [baseline, svc] = kase.memory ? peakMemoryAlternately(commands, { runs: memoryRuns }) : timeAlternately(commands, { runs, tool });
  return { kase, svc: summarize(svc), baseline: summarize(baseline) };
}

/** GitHub's description added to the profile ADDED of the cases' settings folder, and the server answering the calls compared. */
async function prepareAdded(svcBin, work, mock) {
  process.stderr.write("adding GitHub's description (svc areas add)…\n");
  const configDir = join(work, 'config');
  addGithub(svcBin, configDir, ADDED);
  const draft = await (await fetch(`${mock.url}/email/drafts/dr_123`, { headers: { authorization: `Bearer ${mock.apiKey}` } })).json();
  const answers = await startAnswers(answersFor(draft));
  return { configDir, answersUrl: answers.url, stop: answers.stop };
}

const work = mkdtempSync(join(tmpdir(), 'svc-bench-'));
let added;
const svcBin = join(repoRoot, 'bin', 'svc.cjs');
const mock = await startMock(svcBin);
try {
  // The registry row compares two builds that differ only in their registry, side by side.
  const realBin = await buildCliVariant({ repoRoot, folder: join(work, 'real') });
  const syntheticBin = await buildCliVariant({ repoRoot, folder: join(work, 'synthetic'), plugins: [syntheticRegistryPlugin({ repoRoot, count: 1000 })] });
  const wanted = (name) => !values.only || name.includes(values.only);
  const log = (line) => process.stderr.write(`${line}\n`);
  // GitHub's REST description imported into a throwaway registry (~1 minute): only when its row runs.
  const githubBin = wanted('svc --help, GitHub imported')
    ? (await importedVariant({ repoRoot, description: githubDescription(), rename: GITHUB_RENAME, work: join(work, 'github') })).bin
    : undefined;
  const floor = !values.only || values.only === 'floor' || values.only === 'tls';
  const { installedBin, standaloneBin } =
    floor ||
    [
      'Standalone binary: --version',
      'Standalone binary: GET',
      'Standalone binary: --version, GitHub added',
      'Standalone binary: GET, GitHub added',
      'Standalone binary: added operation, GitHub added',
    ].some(wanted)
      ? await installBoth(work, log)
      : {};
  // GitHub's description added at run time (seconds) and a server answering the calls those rows compare: only when one runs.
  added = [
    'svc --version, GitHub added',
    'GET: svc email drafts get, GitHub added',
    'Added operation: svc repos list-tags, GitHub added',
    'Standalone binary: --version, GitHub added',
    'Standalone binary: GET, GitHub added',
    'Standalone binary: added operation, GitHub added',
  ].some(wanted)
    ? await prepareAdded(svcBin, work, mock)
    : undefined;
  const cases = defineCases({
    svcBin,
    realBin,
    syntheticBin,
    githubBin,
    installedBin,
    standaloneBin,
    url: mock.url,
    apiKey: mock.apiKey,
    configDir: join(work, 'config'),
    added,
  });
  const started = performance.now();
  const rows = cases.filter((kase) => wanted(kase.name)).map(measure);
  if (rows.length > 0)
    process.stdout.write(
      `\n${machine()}; ${runs} runs per timing case, ${memoryRuns} per memory case; ${((performance.now() - started) / 1000).toFixed(0)} s\n\n${formatTable(rows)}\n`,
    );
  process.exitCode = allPass(rows) ? 0 : 1;
  // One call at the floor: start-up and one GET over TLS, against node -e 0, gh api and node:https, in one alternating run.
  if (floor) {
    const { benchFloor, formatFloorTable } = await import('./bench/tls.mjs');
    const { rows: floorRows, more } = await benchFloor({ installedBin, standaloneBin, mock, work, runs, memoryRuns, tool, log });
    const { table, pass } = formatFloorTable(floorRows);
    const { formatStandaloneTable } = await import('./bench/standalone-rows.mjs');
    const standalone = formatStandaloneTable(more);
    process.stdout.write(
      `\nOne call at the floor: start-up, and one GET over TLS with a private CA, every command in one alternating run (wall time decides the target; CPU time is less noisy on a shared machine; load average ${loadavg()[0].toFixed(1)} at the end)\n\n${table}\n\nThen, in the same run: the standalone binary's peak memory for that GET, against gh's, and a batch through it, against the npm package (GNU time)\n\n${standalone.table}\n`,
    );
    if (!pass || !standalone.pass) process.exitCode = 1;
  }
  // Batch mode: its own svc mock process, its own table.
  if (!values.only || 'batch'.includes(values.only)) {
    const { benchBatch, formatBatchTable } = await import('./bench/batch.mjs');
    const batchRows = await benchBatch({ log: (line) => process.stderr.write(`${line}\n`) });
    process.stdout.write(`\nBatch mode (svc … --input)\n\n${formatBatchTable(batchRows)}\n`);
    if (batchRows.some((row) => row.pass === false)) process.exitCode = 1;
  }
  // Bulk runs against a rate limit: its own throttled servers, its own table.
  if (values.only === 'throttled') {
    const { benchThrottled, formatThrottledTable } = await import('./bench/throttled.mjs');
    const throttledRows = await benchThrottled({ log: (line) => process.stderr.write(`${line}\n`) });
    process.stdout.write(`\nBulk runs against a rate limit (svc … --input, default flags)\n\n${formatThrottledTable(throttledRows)}\n`);
    if (throttledRows.some((row) => !row.pass)) process.exitCode = 1;
  }
} finally {
  added?.stop();
  mock.stop();
  rmSync(work, { recursive: true, force: true });
}
