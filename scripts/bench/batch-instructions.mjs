// Instructions per call of `svc … --input` and of the bare undici loop, counted by
// valgrind (cachegrind, no cache simulation): user-space instructions of every thread, which, unlike
// CPU time, do not move with the machine's load. Each side runs twice, over `small` and `large` calls,
// and the difference over the difference in calls is its cost per call, start-up left out. Only
// where valgrind is installed (apt-get install -y valgrind); a row says when it was skipped.
import { execFile } from 'node:child_process';
import { join } from 'node:path';

const here = import.meta.dirname;
const svc = join(here, '..', '..', 'bin', 'svc.cjs');

/** Instructions per call of both sides against the fixed-answer server at `url`; undefined without valgrind. */
export async function countInstructionsPerCall({ url, inputOf, small = 2_000, large = 6_000, concurrency, env }) {
  if (!(await hasValgrind())) return undefined;
  const perCall = async (argsFor) => ((await instructions(argsFor(large), env)) - (await instructions(argsFor(small), env))) / (large - small);
  const bare = await perCall((calls) => [join(here, 'bare-undici.mjs'), url, String(calls), String(concurrency)]);
  const batch = await perCall((calls) => [svc, 'email', 'templates', 'preview', '--input', inputOf(calls), '--concurrency', String(concurrency)]);
  return { bare, svc: batch };
}

/** The rows for the batch table: both counts and their ratio (no target: CPU time is the target's measure). */
export function instructionRows(counts) {
  if (!counts) return [{ measure: 'instructions per call (valgrind)', value: 'skipped: valgrind is not installed (apt-get install -y valgrind)' }];
  const thousands = (n) => `${Math.round(n / 1000).toLocaleString('en-US')}k`;
  return [
    { measure: 'instructions per call, bare undici loop (valgrind)', value: thousands(counts.bare) },
    { measure: 'instructions per call, svc batch (valgrind)', value: thousands(counts.svc) },
    { measure: 'svc ÷ bare undici, instructions per call', value: `${(counts.svc / counts.bare).toFixed(2)}×` },
  ];
}

function instructions(args, env) {
  const valgrind = ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', '--smc-check=all-non-file', process.execPath, ...args];
  return new Promise((resolve, reject) => {
    execFile('valgrind', valgrind, { env, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr);
      if (error || !refs) return reject(new Error(`valgrind ${args[0]} failed: ${error?.message ?? stderr.slice(-300)}`));
      resolve(Number(refs[1].replaceAll(',', '')));
    });
  });
}

function hasValgrind() {
  return new Promise((resolve) => execFile('valgrind', ['--version'], (error) => resolve(!error)));
}
