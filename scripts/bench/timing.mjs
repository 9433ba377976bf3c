// Runs the two commands of a case alternately and returns each one's wall times in ms. hyperfine
// when it is installed (Debian package), else Node's spawnSync; either way output goes to a pipe.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasHyperfine = () => spawnSync('hyperfine', ['--version'], { stdio: 'ignore' }).status === 0;

const shellQuote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`);

function runOnce(argv, env) {
  const result = spawnSync(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024, timeout: 30_000 });
  if (result.status !== 0) throw new Error(`${argv.map(shellQuote).join(' ')} exited ${result.status}: ${String(result.stderr).trim()}`);
  return result;
}

/** Runs a command once and returns its stdout, so a case can check it does what it claims. */
export const outputOf = (command) => String(runOnce(command.argv, command.env).stdout);

/** One round with hyperfine: each command once, in the given order; times in ms. */
function hyperfineRound(ordered, folder) {
  const file = join(folder, 'round.json');
  const args = ['-N', '--runs', '1', '--output=pipe', '--style', 'none', '--export-json', file];
  // hyperfine runs every command with one environment: the cases' commands share theirs.
  const result = spawnSync('hyperfine', [...args, ...ordered.map((c) => c.argv.map(shellQuote).join(' '))], { env: ordered[0].env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`hyperfine failed: ${result.stderr.trim()}`);
  return JSON.parse(readFileSync(file, 'utf8')).results.map((r) => ({ wall: r.times[0] * 1000, cpu: (r.user + r.system) * 1000 }));
}

function nodeRound(ordered) {
  return ordered.map((command) => {
    const started = process.hrtime.bigint();
    runOnce(command.argv, command.env);
    return { wall: Number(process.hrtime.bigint() - started) / 1e6, cpu: undefined };
  });
}

/**
 * Times `commands` for `runs` rounds; each round runs every command once, and the order flips
 * every round (A B, B A, ...) so neither side always runs on a warmer machine.
 */
export function timeAlternately(commands, options) {
  return timeAndCpuAlternately(commands, options).wall;
}

/**
 * As timeAlternately, with each run's CPU time (user + system, from hyperfine) beside its wall
 * time: on a shared, loaded machine CPU time varies far less than wall time. `cpu` is empty
 * with the node tool, which cannot see a child's CPU time.
 */
export function timeAndCpuAlternately(commands, { runs, warmup = 3, tool = hasHyperfine() ? 'hyperfine' : 'node' }) {
  for (let i = 0; i < warmup; i++) for (const command of commands) runOnce(command.argv, command.env);
  const times = commands.map(() => []);
  const cpu = commands.map(() => []);
  const folder = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  try {
    for (let round = 0; round < runs; round++) {
      const order = round % 2 === 0 ? commands.map((_, i) => i) : commands.map((_, i) => commands.length - 1 - i);
      const ordered = order.map((i) => commands[i]);
      const measured = tool === 'hyperfine' ? hyperfineRound(ordered, folder) : nodeRound(ordered);
      order.forEach((commandIndex, k) => {
        times[commandIndex].push(measured[k].wall);
        if (measured[k].cpu !== undefined) cpu[commandIndex].push(measured[k].cpu);
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { wall: times, cpu };
}

const PEAK_RSS_PRELOAD = join(import.meta.dirname, 'report-peak-rss.mjs');

/** Peak resident memory (KiB) of each command, `runs` alternating rounds, by the same preload on both sides. */
export function peakMemoryAlternately(commands, { runs }) {
  const peaks = commands.map(() => []);
  for (let round = 0; round < runs; round++) {
    commands.forEach((command, i) => {
      const [node, ...rest] = command.argv;
      const result = runOnce([node, '--import', PEAK_RSS_PRELOAD, ...rest], command.env);
      const reported = /svc-bench-peak-rss=(\d+)/.exec(String(result.stderr))?.[1];
      if (!reported) throw new Error(`no peak memory reported by ${command.label}`);
      peaks[i].push(Number(reported));
    });
  }
  return peaks;
}
