import { execFile } from 'node:child_process';
import { type SvcBuild } from './builds.js';
import { type SvcRun, svcEnv } from './svc.js';

/**
 * Runs a build of svc under python3, which reports the peak resident memory of its one child, svc
 * (getrusage's RUSAGE_CHILDREN): the same measure for the npm build and the standalone binary, which
 * runs no Node.js that a preload could observe it from. A child forked from python3 starts with
 * python3's own peak, a few MiB, well under svc's. Resolves with the run and the peak in MiB.
 */
export function runMeasured(args: readonly string[], build: SvcBuild, env: Record<string, string>): Promise<{ run: SvcRun; peakMiB: number }> {
  const script = [
    'import resource, subprocess, sys',
    'child = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)',
    'sys.stdout.buffer.write(child.stdout)',
    'sys.stderr.buffer.write(child.stderr)',
    // Last on stderr, on a line of its own: the child's peak in KiB (Linux), then its exit code.
    'sys.stderr.write("\\nsvc-test-peak-rss=%d %d\\n" % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, child.returncode))',
  ].join('\n');
  return new Promise((resolve, reject) => {
    execFile('python3', ['-c', script, ...build.command, ...args], { env: svcEnv(env, build), timeout: 60_000 }, (error, stdout, stderr) => {
      const reported = /\nsvc-test-peak-rss=(\d+) (-?\d+)\n$/.exec(stderr);
      if (!reported) return reject(error ?? new Error(`python3 reported no peak: ${stderr}`));
      resolve({ run: { code: Number(reported[2]), stdout, stderr: stderr.slice(0, reported.index) }, peakMiB: Number(reported[1]) / 1024 });
    });
  });
}
