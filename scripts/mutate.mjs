// `npm run mutate [-- stryker options]`: runs Stryker over the guarded modules (stryker.config.mjs),
// then reads reports/mutation/mutation.json and fails when any module it mutated scores under the
// threshold. Stryker's own thresholds.break is one number for all files together.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guardedModules, threshold } from '../stryker.config.mjs';

const REPORT = 'reports/mutation/mutation.json';

/** Stryker's mutation score: detected mutants over valid ones (compile and runtime errors are not valid). */
export function moduleScore(mutants) {
  const count = (...statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count('Killed', 'Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const valid = detected + survived + noCoverage;
  return { detected, survived, noCoverage, valid, score: valid === 0 ? 0 : (100 * detected) / valid };
}

/**
 * One row per module the run was asked to mutate. A module with no valid mutant fails: when the
 * project does not type-check, the checker calls every mutant a compile error and nothing is tested.
 */
export function scoreTable(report, modules, floor) {
  const asked = new Set(report.config?.mutate ?? modules);
  return modules
    .filter((module) => asked.has(module))
    .map((module) => {
      const mutants = report.files[module]?.mutants ?? [];
      const score = moduleScore(mutants);
      const missing = score.valid === 0;
      return { module, ...score, missing, pass: !missing && score.score >= floor };
    });
}

function printTable(rows, floor) {
  const width = Math.max(...rows.map((r) => r.module.length), 'module'.length);
  console.log(`\n${'module'.padEnd(width)}  score  killed  survived  no cover  (floor ${floor}%)`);
  for (const r of rows) {
    const score = r.missing ? '   --' : `${r.score.toFixed(1).padStart(5)}`;
    const verdict = r.missing ? 'NO MUTANT TESTED (does the project type-check?)' : r.pass ? 'ok' : 'UNDER THE FLOOR';
    console.log(
      `${r.module.padEnd(width)}  ${score}  ${String(r.detected).padStart(6)}  ${String(r.survived).padStart(8)}  ${String(r.noCoverage).padStart(8)}  ${verdict}`,
    );
  }
}

/**
 * Stryker's test runners start the suite's global setup, which makes a temp folder for the run, but
 * are stopped without its teardown: the runs get a temp folder of their own, removed at the end.
 */
function runStryker(args) {
  const temp = mkdtempSync(join(tmpdir(), 'svc-mutate-'));
  try {
    return spawnSync('stryker', ['run', ...args], { stdio: 'inherit', env: { ...process.env, TMPDIR: temp } });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

function main(args) {
  rmSync(REPORT, { force: true });
  const stryker = runStryker(args);
  if (!existsSync(REPORT)) {
    console.error(`mutate: Stryker wrote no ${REPORT} (exit ${stryker.status ?? stryker.signal})`);
    return 1;
  }
  const rows = scoreTable(JSON.parse(readFileSync(REPORT, 'utf8')), guardedModules, threshold);
  printTable(rows, threshold);
  const failing = rows.filter((r) => !r.pass);
  if (failing.length > 0) {
    console.error(`\nmutate: ${failing.length} module(s) under ${threshold}%: ${failing.map((r) => r.module).join(', ')}`);
    return 1;
  }
  if (stryker.status !== 0) return stryker.status ?? 1;
  console.log(`\nmutate: every module at ${threshold}% or more`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
