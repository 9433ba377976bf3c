// Peak memory and CPU time of any program, the standalone binary and gh among them, which the
// Node preloads (resource-usage.mjs, report-peak-rss.mjs) cannot measure: GNU time (Debian
// package `time`) reports its child's getrusage. The child is forked from time itself, a small
// program, so the high-water mark Linux carries across exec (peak-memory.mjs) is time's few MiB,
// not this benchmark's.
import { spawnSync } from 'node:child_process';

const GNU_TIME = '/usr/bin/time';
const MARK = 'svc-bench-usage';

/** Whether GNU time is installed (BusyBox's and the shell's `time` have no -f). */
export const hasGnuTime = () => spawnSync(GNU_TIME, ['-f', '%M', 'true'], { encoding: 'utf8' }).stderr?.trim().match(/^\d+$/) !== null;

/**
 * Runs `argv` under GNU time, its output piped and dropped; resolves to its peak resident memory
 * (KiB), CPU time (user + system, ms) and wall time (ms). Throws when it fails.
 */
export function externalUsage({ argv, env, label }) {
  const result = spawnSync(GNU_TIME, ['-f', `${MARK} %M %U %S %e`, ...argv], { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const line = result.stderr.split('\n').findLast((text) => text.startsWith(MARK));
  if (result.status !== 0 || !line) throw new Error(`${label ?? argv.join(' ')} failed (${result.status}): ${result.stderr.trim().slice(-300)}`);
  const [maxRSS, user, system, wall] = line.slice(MARK.length).trim().split(' ').map(Number);
  return { maxRSS, cpu: (user + system) * 1000, wall: wall * 1000 };
}

/** `externalUsage` of each command, `rounds` times, each round in the order of the last reversed. */
export function externalUsageAlternately(commands, { rounds }) {
  const usages = commands.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = commands.map((_, i) => (round % 2 === 0 ? i : commands.length - 1 - i));
    for (const i of order) usages[i].push(externalUsage(commands[i]));
  }
  return usages;
}
