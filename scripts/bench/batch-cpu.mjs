// CPU per call of `svc … --input` against a bare undici request() loop: both call a
// server that answers at once with a fixed JSON (fixed-server.mjs, its own process), with the same
// concurrency over the same undici Agent, and each reports its own user + system CPU time and peak
// memory at exit (resource-usage.mjs). Runs alternate (bare, svc, bare, svc, …) so that a shared,
// noisy machine weighs on both alike; the medians are compared. Wall time is not used.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { countInstructionsPerCall } from './batch-instructions.mjs';

const here = import.meta.dirname;
const root = join(here, '..', '..');
const svc = join(root, 'bin', 'svc.cjs');
const usageHook = join(here, 'resource-usage.mjs');
const API_KEY = 'svc_bench_key';

/** Both sides, `rounds` times each, alternating; medians of CPU µs per call and of peak RSS; with `instructions`, valgrind's counts too. */
export async function measureCpuPerCall({ dir, calls, concurrency, rounds = 5, instructions = false, extraSvcArgs = [], log = () => {} }) {
  const server = await startFixedServer();
  try {
    const input = writeInput(dir, calls);
    const bare = [];
    const batch = [];
    for (let round = 1; round <= rounds; round++) {
      bare.push(await measured(dir, [join(here, 'bare-undici.mjs'), `${server.url}/v1`, String(calls), String(concurrency)], {}));
      const env = { SERVICE_BASE_URL: `${server.url}/v1`, SERVICE_API_KEY: API_KEY };
      batch.push(await measured(dir, [svc, 'email', 'templates', 'preview', '--input', input, '--concurrency', String(concurrency), ...extraSvcArgs], env));
      log(`  round ${round}: bare ${perCall(bare.at(-1), calls)} µs/call, svc ${perCall(batch.at(-1), calls)} µs/call`);
    }
    const valgrindEnv = { ...process.env, SERVICE_BASE_URL: `${server.url}/v1`, SERVICE_API_KEY: API_KEY, NO_COLOR: '1' };
    if (instructions) log('  instructions per call: both sides under valgrind, 2,000 and 6,000 calls…');
    const counts = instructions
      ? await countInstructionsPerCall({ url: `${server.url}/v1`, inputOf: (n) => writeInput(dir, n), concurrency, env: valgrindEnv })
      : undefined;
    return { bare: summary(bare, calls), svc: summary(batch, calls), instructions: counts };
  } finally {
    server.stop();
  }
}

/** `calls` template previews, one per line. */
function writeInput(dir, calls) {
  const input = join(dir, `fixed-${calls}.ndjson`);
  const lines = [];
  for (let i = 1; i <= calls; i++) lines.push(JSON.stringify({ templateId: 'tpl_welcome', data: { firstName: `Lead ${i}`, company: 'Acme' } }));
  writeFileSync(input, `${lines.join('\n')}\n`);
  return input;
}

const perCall = (usage, calls) => (usage.cpuMicros / calls).toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (runs, calls) => ({ cpuMicrosPerCall: median(runs.map((r) => r.cpuMicros / calls)), maxRSS: median(runs.map((r) => r.maxRSS)), runs });

/** One process with the usage preload; stdout to /dev/null; resolves to its CPU µs and peak RSS (KiB). */
function measured(dir, args, env) {
  const usageFile = join(dir, 'cpu-usage.json');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', usageHook, ...args], {
      env: { ...process.env, ...env, SVC_BENCH_USAGE: usageFile, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(readFileSync(usageFile, 'utf8'))) : reject(new Error(`${args[0]} exited ${code}: ${stderr.slice(-500)}`)),
    );
  });
}

function startFixedServer() {
  const child = spawn(process.execPath, [join(here, 'fixed-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fixed-answer server exited ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      child.removeAllListeners('exit');
      resolve({ url: line.replace(/^listening on /, ''), stop: () => child.kill('SIGTERM') });
    });
  });
}

/** The rows for the batch table: both costs, their ratio against the target, and peak memory. */
export function cpuRows({ bare, svc }, calls) {
  const ratio = svc.cpuMicrosPerCall / bare.cpuMicrosPerCall;
  const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
  const n = calls.toLocaleString('en-US');
  return [
    { measure: `CPU per call, bare undici request() loop (${n} calls)`, value: `${bare.cpuMicrosPerCall.toFixed(1)} µs` },
    { measure: `CPU per call, svc batch (${n} lines)`, value: `${svc.cpuMicrosPerCall.toFixed(1)} µs` },
    { measure: 'svc ÷ bare undici, CPU per call', value: `${ratio.toFixed(2)}×`, target: '≤ 1.25×', pass: ratio <= 1.25 },
    {
      measure: `peak RSS, ${n} lines: svc vs bare loop`,
      value: `${mib(svc.maxRSS)} vs ${mib(bare.maxRSS)}`,
      target: '≤ bare',
      pass: svc.maxRSS <= bare.maxRSS,
    },
  ];
}
