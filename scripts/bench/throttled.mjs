// Bulk runs against a service with a rate limit: the built svc (bin/svc.cjs, default flags) runs
// 2,000 GETs and 500 POSTs against scripts/bench/throttled-server.mjs, a token bucket admitting
// 100 requests a second (burst 20) and answering the rest 429 with and without `Retry-After: 1`,
// then 300 lines at --rate 50 against a server that admits everything. It counts what the service
// received (every request, every 429, requests per line, POSTs applied) and prints a Markdown table
// with each target. Run after `npm run build`: `node scripts/bench/throttled.mjs [--quick]`
// (`--quick`: 500 GETs and 200 POSTs); `node scripts/bench.mjs --only throttled` runs it too.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startThrottledServer } from './throttled-server.mjs';

const root = join(import.meta.dirname, '..', '..');
const svc = join(root, 'bin', 'svc.cjs');

/** Runs every scenario; returns table rows, each with a target and whether it was met. */
export async function benchThrottled({ log = (line) => process.stderr.write(`${line}\n`), quick = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-throttled-'));
  const gets = quick ? 500 : 2000;
  const posts = quick ? 200 : 500;
  const rows = [];
  try {
    for (const retryAfter of [undefined, 1]) {
      const header = retryAfter === undefined ? 'no Retry-After' : `Retry-After: ${retryAfter}`;
      const get = await scenario(dir, { method: 'GET', lines: gets, retryAfter }, log);
      const floor = gets / 100;
      rows.push(
        {
          scenario: `${gets} GETs, ${header}`,
          measure: 'lines done / in rejects',
          value: `${get.ok} / ${get.rejected}`,
          target: `${gets} / 0`,
          pass: get.ok === gets && get.rejected === 0,
        },
        {
          scenario: '',
          measure: 'requests answered 429',
          value: `${get.server.refused} of ${get.server.requests} (${percent(get.server.refused / get.server.requests)})`,
          target: '< 10%',
          pass: get.server.refused / get.server.requests < 0.1,
        },
        {
          scenario: '',
          measure: 'wall time',
          value: `${get.seconds.toFixed(1)} s (${(gets / get.seconds).toFixed(0)} lines/s)`,
          target: `≤ ${2 * floor} s (2 × ${floor} s)`,
          pass: get.seconds <= 2 * floor,
        },
      );
      const post = await scenario(dir, { method: 'POST', lines: posts, retryAfter }, log);
      const twice = [...post.server.applied.values()].filter((times) => times > 1).length;
      rows.push(
        {
          scenario: `${posts} POSTs, ${header}`,
          measure: 'lines succeeded',
          value: `${post.ok} of ${posts} (${percent(post.ok / posts)})`,
          target: '≥ 90%',
          pass: post.ok / posts >= 0.9,
        },
        {
          scenario: '',
          measure: 'lines applied twice / sent twice',
          value: `${twice} / ${[...post.server.perLine.values()].filter((n) => n > 1).length}`,
          target: '0 / 0',
          pass: twice === 0,
        },
      );
    }
    const paced = await scenario(dir, { method: 'GET', lines: 300, rate: '50', perSecond: 100_000, burst: 100_000 }, log);
    const span = (Math.max(...paced.server.arrivals) - Math.min(...paced.server.arrivals)) / 1000;
    const busiest = busiestSecond(paced.server.arrivals);
    rows.push(
      { scenario: '300 GETs, --rate 50', measure: 'first to last request', value: `${span.toFixed(2)} s`, target: '≥ 5.98 s', pass: span >= 5.98 },
      { scenario: '', measure: 'most requests in one second', value: String(busiest), target: '≤ 50', pass: busiest <= 50 },
    );
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One run of the built svc against a fresh throttled server; what svc wrote and what the server counted. */
async function scenario(dir, { method, lines, retryAfter, rate, perSecond = 100, burst = 20 }, log) {
  const server = await startThrottledServer({ perSecond, burst, retryAfter, latencyMs: 5 });
  const input = join(dir, `${method}-${lines}.ndjson`);
  const rejects = join(dir, 'rejects.ndjson');
  const line = method === 'GET' ? (i) => ({ draftId: `dr_${i}` }) : (i) => ({ data: { name: `entry ${i}` } });
  writeFileSync(input, Array.from({ length: lines }, (_, i) => `${JSON.stringify(line(i + 1))}\n`).join(''));
  const command = method === 'GET' ? ['email', 'drafts', 'get'] : ['crm', 'entries', 'create', 'deals'];
  const args = [...command, '--input', input, '--rejects', rejects, ...(rate ? ['--rate', rate] : [])];
  try {
    const started = performance.now();
    const { stdout, stderr } = await runSvc(args, { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'sk_bench_throttled', SVC_CONFIG_DIR: dir, NO_COLOR: '1' });
    const seconds = (performance.now() - started) / 1000;
    const records = stdout
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text));
    const rejected = readFileSync(rejects, 'utf8').split('\n').filter(Boolean).length;
    log(
      `throttled: svc ${args.slice(0, -2 - (rate ? 2 : 0)).join(' ')} …${rate ? ` --rate ${rate}` : ''} (${retryAfter === undefined ? 'no Retry-After' : `Retry-After: ${retryAfter}`}): ${stderr.trim()}`,
    );
    return { seconds, ok: records.filter((r) => r.ok).length, rejected, server: server.counts };
  } finally {
    await server.close();
  }
}

function runSvc(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [svc, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => resolve({ stdout, stderr }));
  });
}

function busiestSecond(times) {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const percent = (fraction) => `${(fraction * 100).toFixed(1)}%`;

export function formatThrottledTable(rows) {
  const lines = ['| Scenario | Measure | Value | Target | |', '|---|---|---|---|---|'];
  for (const row of rows) lines.push(`| ${row.scenario} | ${row.measure} | ${row.value} | ${row.target} | ${row.pass ? 'PASS' : 'MISS'} |`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const rows = await benchThrottled({ quick: values.quick });
  process.stdout.write(`\nBulk runs against a rate limit (svc … --input, default flags)\n\n${formatThrottledTable(rows)}\n`);
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
}
