// The floor section's rows that are not start-up times (scripts/bench/tls.mjs runs them in the same
// run): the peak memory of one GET by the standalone binary against gh's, and a 10,000-line batch
// through the standalone binary against the same batch through the npm package. Both measured
// with GNU time (external-usage.mjs), alternately.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { externalUsageAlternately } from './external-usage.mjs';
import { summarize } from './report.mjs';

/** The targets: the binary's peak memory at most this many times gh's; its batch at least as many calls a second as the npm package's. */
export const STANDALONE_TARGETS = { memory: 1.5, batch: 1.0 };
const BATCH_LINES = 10_000;
const CONCURRENCY = 8;

/** Peak memory of one GET: `standalone` and `gh` (commands as tls.mjs defines them), `rounds` alternating runs each. */
export function peakMemoryRow({ standalone, gh, rounds }) {
  const [svc, baseline] = externalUsageAlternately([standalone, gh], { rounds }).map((runs) => summarize(runs.map((run) => run.maxRSS / 1024)));
  return {
    name: 'Peak memory, one GET over TLS',
    svc: { label: standalone.label, value: svc },
    baseline: { label: gh.label, value: baseline },
    unit: 'MiB',
    target: STANDALONE_TARGETS.memory,
  };
}

/**
 * The same batch (template previews, --concurrency 8) through `standaloneBin` and through the npm
 * package's `installedBin`, against a server that answers at once (fixed-server.mjs), `rounds`
 * alternating runs each; calls per second, higher is better.
 */
export async function batchRow({ standaloneBin, installedBin, folder, rounds, env }) {
  const server = await startFixedServer();
  try {
    const input = join(folder, 'batch.ndjson');
    const lines = Array.from({ length: BATCH_LINES }, (_, i) =>
      JSON.stringify({ templateId: 'tpl_welcome', data: { firstName: `Lead ${i}`, company: 'Acme' } }),
    );
    writeFileSync(input, `${lines.join('\n')}\n`);
    const args = ['email', 'templates', 'preview', '--input', input, '--concurrency', String(CONCURRENCY)];
    const batchEnv = { ...env, SERVICE_BASE_URL: `${server.url}/v1`, SERVICE_API_KEY: 'svc_bench_key' };
    const commands = [
      { label: `dist/svc, ${BATCH_LINES.toLocaleString('en-US')}-line batch`, argv: asFromTerminal([standaloneBin, ...args]), env: batchEnv },
      {
        label: `npm package, ${BATCH_LINES.toLocaleString('en-US')}-line batch`,
        argv: asFromTerminal([process.execPath, installedBin, ...args]),
        env: batchEnv,
      },
    ];
    const [svc, baseline] = externalUsageAlternately(commands, { rounds }).map((runs) => summarize(runs.map((run) => BATCH_LINES / (run.wall / 1000))));
    return {
      name: 'Batch of 10,000 lines',
      svc: { label: commands[0].label, value: svc },
      baseline: { label: commands[1].label, value: baseline },
      unit: 'calls/s',
      higherIsBetter: true,
      target: STANDALONE_TARGETS.batch,
    };
  } finally {
    server.stop();
  }
}

/**
 * `argv` started as a terminal's shell starts it, holding no descriptor but the standard three:
 * bash closes whatever else this bench was given by what started it, then becomes the command. The
 * standalone binary restarts a batch with its engine option only when it holds no other
 * (scripts/package/standalone-engine.cjs), so the row measures what a user's shell runs, wherever
 * the bench itself was started. As it is where there is no /proc/self/fd or no bash.
 */
function asFromTerminal(argv) {
  if (!existsSync('/proc/self/fd') || !existsSync('/bin/bash')) return argv;
  const closeOthers = 'for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done 2>/dev/null; exec "$@"';
  return ['/bin/bash', '-c', closeOthers, 'bash', ...argv];
}

/** fixed-server.mjs as its own process; resolves to its URL and a stop function. */
function startFixedServer() {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'fixed-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fixed-answer server exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      child.removeAllListeners('exit');
      resolve({ url: /listening on (\S+)/.exec(line)[1], stop: () => child.kill('SIGTERM') });
    });
  });
}

const number = (value, unit) => (unit === 'calls/s' ? value.toFixed(0) : value.toFixed(1));

/** The rows as a table: medians (min–max), the ratio (higher is better for a rate) and the verdict. */
export function formatStandaloneTable(rows) {
  const lines = ['| Case | svc: median (min–max) | Baseline | Baseline: median (min–max) | Ratio | Target | |', '|---|---|---|---|---|---|---|'];
  let pass = true;
  for (const row of rows) {
    if (row.skipped) {
      lines.push(`| ${row.skipped} | | | | | | skipped |`);
      continue;
    }
    const { svc, baseline, unit, target, higherIsBetter } = row;
    const ratio = svc.value.median / baseline.value.median;
    const met = higherIsBetter ? ratio >= target : ratio <= target;
    pass &&= met;
    const show = ({ value }) => `${number(value.median, unit)} ${unit} (${number(value.min, unit)}–${number(value.max, unit)})`;
    lines.push(
      `| ${svc.label} | ${show(svc)} | ${baseline.label} | ${show(baseline)} | ${ratio.toFixed(2)}× | ${higherIsBetter ? '≥' : '≤'} ${target}× | ${met ? 'PASS' : 'MISS'} |`,
    );
  }
  return { table: lines.join('\n'), pass };
}
