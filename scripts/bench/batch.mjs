// Benchmark of `svc … --input`: 10,000 calls against `svc mock` on loopback, compared
// with a shell loop of single svc calls (sampled, extrapolated) and with `xargs -P 8 curl`; plus the
// peak memory of svc for 10,000 and 100,000 lines; then CPU per call against a bare undici loop
// (batch-cpu.mjs). A script, not a timed test: `npm run bench`, or
// `node scripts/bench/batch.mjs` after `npm run build` (`--quick`: 1,000 curl calls, 20,000 CPU calls).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { cpuRows, measureCpuPerCall } from './batch-cpu.mjs';
import { instructionRows } from './batch-instructions.mjs';

const root = join(import.meta.dirname, '..', '..');
const svc = join(root, 'bin', 'svc.cjs');
const usageHook = join(import.meta.dirname, 'resource-usage.mjs');
const CALLS = 10_000;
const BIG = 100_000;
const SHELL_SAMPLE = 100;
const CONCURRENCY = 8;
// Five, not three: a single run's CPU time swings by ±15% on a shared 2-core machine.
const CPU_ROUNDS = 5;
// One template preview per recipient, the batch a user runs to check a template before a campaign:
// a POST whose work on the mock does not grow with the number of earlier calls.
const OPERATION = ['email', 'templates', 'preview'];
const previewBody = (i) => ({ data: { firstName: `Lead ${i}`, company: 'Acme' } });

/** Runs the batch benchmark; returns its rows, each with a PASS/MISS when it has a target. */
export async function benchBatch({ log = console.log, quick = false } = {}) {
  if (!existsSync(join(root, 'dist', 'cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-batch-'));
  const mock = await startMock();
  const env = { ...process.env, SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey, SVC_CONFIG_DIR: dir, NO_COLOR: '1' };
  try {
    log(`batch: ${OPERATION.join(' ')} against svc mock at ${mock.url} (${CALLS.toLocaleString('en-US')} calls, --concurrency ${CONCURRENCY})`);
    const small = writeInput(dir, CALLS);
    const batch = await measureBatch(small, env, mock);
    log(
      `  batch mode: ${rate(CALLS, batch.seconds)} calls/s, peak RSS ${mib(batch.maxRSS)}; CPU: svc ${percent(batch.svcCpu)}, mock ${percent(batch.mockCpu)} of one core`,
    );
    const shell = await measureShellLoop(dir, env, mock);
    log(
      `  shell loop: ${rate(SHELL_SAMPLE, shell.seconds)} calls/s over ${SHELL_SAMPLE} single calls; ${CALLS.toLocaleString('en-US')} would take ${minutes((shell.seconds * CALLS) / SHELL_SAMPLE)}`,
    );
    const curl = await measureCurl(dir, mock, quick ? 1_000 : CALLS);
    if (curl) log(`  xargs -P ${CONCURRENCY} curl: ${rate(curl.calls, curl.seconds)} calls/s over ${curl.calls.toLocaleString('en-US')} calls`);
    const big = await measureBatch(writeInput(dir, BIG), env, mock);
    log(
      `  batch mode, ${BIG.toLocaleString('en-US')} lines: ${rate(BIG, big.seconds)} calls/s, peak RSS ${mib(big.maxRSS)}; CPU: svc ${percent(big.svcCpu)}, mock ${percent(big.mockCpu)} of one core`,
    );
    const cpuCalls = quick ? 20_000 : BIG;
    log(
      `batch CPU per call: svc and a bare undici request() loop against a fixed-answer server, ${cpuCalls.toLocaleString('en-US')} calls each, ${CPU_ROUNDS} alternating rounds`,
    );
    const cpu = await measureCpuPerCall({ dir, calls: cpuCalls, concurrency: CONCURRENCY, rounds: CPU_ROUNDS, instructions: !quick, log });
    return [...tableRows({ batch, shell, curl, big }), ...cpuRows(cpu, cpuCalls), ...(quick ? [] : instructionRows(cpu.instructions))];
  } finally {
    await mock.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function tableRows({ batch, shell, curl, big }) {
  const batchRate = CALLS / batch.seconds;
  const shellRate = SHELL_SAMPLE / shell.seconds;
  const rows = [
    { measure: 'batch mode', value: `${rate(CALLS, batch.seconds)} calls/s` },
    { measure: `shell loop of svc (${SHELL_SAMPLE} sampled)`, value: `${shellRate.toFixed(1)} calls/s` },
    { measure: 'batch ÷ shell loop', value: `${(batchRate / shellRate).toFixed(0)}×`, target: '≥ 20×', pass: batchRate / shellRate >= 20 },
  ];
  if (curl) {
    const curlRate = curl.calls / curl.seconds;
    rows.splice(2, 0, { measure: `xargs -P ${CONCURRENCY} curl`, value: `${curlRate.toFixed(0)} calls/s` });
    rows.push({ measure: 'batch ÷ xargs curl', value: `${(batchRate / curlRate).toFixed(1)}×`, target: '> 1×', pass: batchRate > curlRate });
  } else rows.push({ measure: 'batch ÷ xargs curl', value: 'skipped: curl is not installed (apt-get install -y curl)' });
  rows.push({ measure: `peak RSS, ${CALLS.toLocaleString('en-US')} lines`, value: mib(batch.maxRSS) });
  rows.push({
    measure: `peak RSS, ${BIG.toLocaleString('en-US')} lines`,
    value: `${mib(big.maxRSS)} (${(big.maxRSS / batch.maxRSS).toFixed(2)}×)`,
    target: '≤ 1.5× 10,000',
    pass: big.maxRSS <= 1.5 * batch.maxRSS,
  });
  return rows;
}

function writeInput(dir, count) {
  const path = join(dir, `recipients-${count}.ndjson`);
  const lines = [];
  for (let i = 1; i <= count; i++) lines.push(JSON.stringify({ templateId: 'tpl_welcome', ...previewBody(i) }));
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** One batch run of svc, records to /dev/null; its wall time, peak memory, and both processes' CPU. */
async function measureBatch(input, env, mock) {
  await mock.reset();
  const usageFile = `${input}.usage.json`;
  const mockCpuBefore = processCpuSeconds(mock.pid);
  const started = performance.now();
  const code = await spawnQuiet(process.execPath, ['--import', usageHook, svc, ...OPERATION, '--input', input, '--concurrency', String(CONCURRENCY)], {
    ...env,
    SVC_BENCH_USAGE: usageFile,
  });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`svc batch exited ${code}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8'));
  return { seconds, maxRSS: usage.maxRSS, svcCpu: usage.cpuMicros / 1e6 / seconds, mockCpu: (processCpuSeconds(mock.pid) - mockCpuBefore) / seconds };
}

async function measureShellLoop(dir, env, mock) {
  await mock.reset();
  const script = `for i in $(seq 1 ${SHELL_SAMPLE}); do "$NODE" "$SVC" ${OPERATION.join(' ')} tpl_welcome --data "firstName=Lead $i" --data company=Acme > /dev/null || exit 1; done`;
  const started = performance.now();
  const code = await spawnQuiet('sh', ['-c', script], { ...env, NODE: process.execPath, SVC: svc });
  if (code !== 0) throw new Error(`the shell loop exited ${code}`);
  return { seconds: (performance.now() - started) / 1000 };
}

async function measureCurl(dir, mock, calls) {
  if (!commandExists('curl')) return undefined;
  await mock.reset();
  const bodies = join(dir, 'curl-bodies.txt');
  writeFileSync(bodies, Array.from({ length: calls }, (_, i) => JSON.stringify(previewBody(i + 1))).join('\n') + '\n');
  const url = `${mock.url}/email/templates/tpl_welcome/preview`;
  const args = [
    '-d',
    '\\n',
    '-P',
    String(CONCURRENCY),
    '-I',
    '{}',
    'curl',
    '-s',
    '-o',
    '/dev/null',
    '-X',
    'POST',
    '-H',
    `authorization: Bearer ${mock.apiKey}`,
    '-H',
    'content-type: application/json',
    '--data-raw',
    '{}',
    url,
  ];
  const started = performance.now();
  const code = await spawnQuiet('xargs', args, process.env, bodies);
  if (code !== 0) throw new Error(`xargs curl exited ${code}`);
  return { calls, seconds: (performance.now() - started) / 1000 };
}

function spawnQuiet(command, args, env, stdinFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [stdinFile ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    if (stdinFile) child.stdin.end(readFileSync(stdinFile));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(0) : reject(new Error(`${command} exited ${code}: ${stderr.slice(-500)}`))));
  });
}

/** `svc mock --port 0` as its own process, so its CPU is not svc's nor this script's. */
async function startMock() {
  const child = spawn(process.execPath, [svc, 'mock', '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`svc mock exited ${code}`)));
  });
  const url = /listening on (\S+)$/.exec(first)[1];
  const origin = url.replace(/\/v1$/, '');
  const apiKey = 'svc_mock_key';
  return {
    url,
    apiKey,
    pid: child.pid,
    // The mock keeps a log of every request; empty it so one run's log does not weigh on the next.
    reset: () => fetch(`${origin}/_mock/reset`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` } }).then((r) => r.arrayBuffer()),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGINT'))),
  };
}

/** User + system CPU seconds of a process, from /proc (Linux); 0 elsewhere. */
function processCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz on Linux)
  } catch {
    return 0;
  }
}

function commandExists(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const rate = (calls, seconds) => Math.round(calls / seconds).toLocaleString('en-US');
const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
const percent = (share) => `${Math.round(share * 100)}%`;
const minutes = (seconds) => (seconds < 120 ? `${seconds.toFixed(0)}s` : `${(seconds / 60).toFixed(1)} min`);

/** The rows as a Markdown table (as `npm run bench` prints its others), with PASS/MISS against each target. */
export function formatBatchTable(rows) {
  const lines = ['| Measure | Value | Target | |', '|---|---|---|---|'];
  for (const row of rows) lines.push(`| ${row.measure} | ${row.value} | ${row.target ?? ''} | ${row.pass === undefined ? '' : row.pass ? 'PASS' : 'MISS'} |`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchBatch({ quick: process.argv.includes('--quick') });
  console.log(`\n${formatBatchTable(rows)}`);
  process.exitCode = rows.some((r) => r.pass === false) ? 1 : 0;
}
