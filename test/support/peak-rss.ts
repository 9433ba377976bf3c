import { execFile } from 'node:child_process';
import { type SvcBuild } from './builds.js';
import { type SvcRun, svcEnv } from './svc.js';

/**
 * What the measuring python3 writes to svc's standard input, through a pipe, then closes: `before`,
 * then `block` repeated to `mebibytes` MiB (an endless line, or an endless quoted cell, cut at a
 * bound the test chooses), then `after`. A writer svc stops reading from meets a closed pipe,
 * which ends the writing.
 */
export interface FedInput {
  before: string;
  block: string;
  mebibytes: number;
  after: string;
}

/**
 * Runs a build of svc under python3, which reports the peak resident memory of its one child, svc
 * (getrusage's RUSAGE_CHILDREN): the same measure for the npm build and the standalone binary, which
 * runs no Node.js that a preload could observe it from. A child forked from python3 starts with
 * python3's own peak, a few MiB, well under svc's. Resolves with the run and the peak in MiB.
 */
export function runMeasured(
  args: readonly string[],
  build: SvcBuild,
  env: Record<string, string>,
  input?: FedInput,
): Promise<{ run: SvcRun; peakMiB: number }> {
  const script = [
    'import json, resource, signal, subprocess, sys, threading',
    'fed = json.loads(sys.argv[1])',
    'child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE if fed else subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)',
    // Ended (the run's time-out), it ends svc too, which would otherwise go on alone.
    'signal.signal(signal.SIGTERM, lambda *_: (child.kill(), sys.exit(1)))',
    'got = {}',
    'def drain(name, stream): got[name] = stream.read()',
    'readers = [threading.Thread(target=drain, args=pair) for pair in (("out", child.stdout), ("err", child.stderr))]',
    'for reader in readers: reader.start()',
    'if fed:',
    '    block = (fed["block"] * (1048576 // len(fed["block"]) + 1)).encode()[:1048576]',
    '    try:',
    '        child.stdin.write(fed["before"].encode())',
    '        for _ in range(fed["mebibytes"]): child.stdin.write(block)',
    '        child.stdin.write(fed["after"].encode())',
    '        child.stdin.close()',
    '    except BrokenPipeError: pass',
    'child.wait()',
    'for reader in readers: reader.join()',
    'sys.stdout.buffer.write(got["out"])',
    'sys.stderr.buffer.write(got["err"])',
    // Last on stderr, on a line of its own: the child's peak in KiB (Linux), then its exit code.
    'sys.stderr.write("\\nsvc-test-peak-rss=%d %d\\n" % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, child.returncode))',
  ].join('\n');
  const fed = JSON.stringify(input ?? null);
  return new Promise((resolve, reject) => {
    execFile('python3', ['-c', script, fed, ...build.command, ...args], { env: svcEnv(env, build), timeout: 120_000 }, (error, stdout, stderr) => {
      const reported = /\nsvc-test-peak-rss=(\d+) (-?\d+)\n$/.exec(stderr);
      if (!reported) return reject(error ?? new Error(`python3 reported no peak: ${stderr}`));
      resolve({ run: { code: Number(reported[2]), stdout, stderr: stderr.slice(0, reported.index) }, peakMiB: Number(reported[1]) / 1024 });
    });
  });
}
