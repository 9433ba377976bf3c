import { type ChildProcess, execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempFolder } from './temp-folder.js';

export const SVC_BIN = join(import.meta.dirname, '..', '..', 'bin', 'svc');

export interface SvcRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface SpawnOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
  /** The folder svc runs in; the test's own otherwise. */
  cwd?: string;
  /** Node's own options, before bin/svc (`--trace-wasm-compilation-times`). */
  nodeArgs?: readonly string[];
  /** Another build of svc to run (test/support/registry-variant.ts); bin/svc otherwise. */
  bin?: string;
}

export interface RunningSvc {
  child: ChildProcess;
  /** Resolves when it exits; `code` is 128 + the signal number if a signal ended it. */
  done: Promise<SvcRun>;
  /** Resolves once stderr holds text matching `pattern` (rejects if svc exits first). */
  stderrMatches(pattern: RegExp): Promise<void>;
}

/**
 * One code cache for every spawned svc in a run (bin/run-cli.cjs keeps it in the user's cache
 * folder), outside the real home; test/support/run-folder.ts makes and removes it.
 */
export const TEST_CACHE_HOME = process.env.SVC_TEST_CACHE_HOME ?? join(tmpdir(), 'svc-test-cache');

/** A fresh, empty settings folder, so no test ever reads or writes the real home; removed when the file ends. */
export const freshConfigDir = (): string => tempFolder('svc-e2e-');

/**
 * Spawns the real bin/svc (asynchronously: the server under test may live in this process) with a
 * clean environment: only PATH, HOME and what the test gives.
 */
export function runSvc(args: readonly Arg[], options: SpawnOptions = {}): Promise<SvcRun> {
  return startSvc(args, options).done;
}

/** An argument; a number[] is passed as those raw bytes, which may be invalid UTF-8. */
export type Arg = string | number[];

const quote = (text: string): string => `'${text.replace(/'/g, "'\\''")}'`;

/** Node can only pass argv as UTF-8 text, so raw bytes go through sh's printf. */
function command(args: readonly Arg[], nodeArgs: readonly string[] = [], bin = SVC_BIN): [string, string[]] {
  if (args.every((arg) => typeof arg === 'string')) return [process.execPath, [...nodeArgs, bin, ...args]];
  const words = args.map((arg) =>
    typeof arg === 'string' ? quote(arg) : `"$(printf '${arg.map((byte) => `\\${byte.toString(8).padStart(3, '0')}`).join('')}')"`,
  );
  return ['/bin/sh', ['-c', `exec ${[process.execPath, ...nodeArgs, bin].map(quote).join(' ')} ${words.join(' ')}`]];
}

/** Like runSvc, with a handle on the process: to send it a signal while it waits, say. */
export function startSvc(args: readonly Arg[], options: SpawnOptions = {}): RunningSvc {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() };
  for (const [name, value] of Object.entries(options.env ?? {})) if (value !== undefined) env[name] = value;
  env.SVC_CONFIG_DIR ??= freshConfigDir();
  env.XDG_CACHE_HOME ??= TEST_CACHE_HOME;
  let stderr = '';
  const waiting: { pattern: RegExp; resolve(): void }[] = [];
  let child!: ChildProcess;
  const done = new Promise<SvcRun>((resolve) => {
    const [file, argv] = command(args, options.nodeArgs, options.bin);
    child = execFile(
      file,
      argv,
      { env, cwd: options.cwd, timeout: options.timeoutMs ?? 15_000, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderrAll) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr: stderrAll });
      },
    );
  });
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
    for (const wait of waiting.filter((w) => w.pattern.test(stderr))) wait.resolve();
  });
  // svc may exit without reading its input (a usage error, a refused settings file): the pipe then
  // closes under the write, and an EPIPE here is that, not a failure of the test's process.
  child.stdin?.on('error', () => {});
  child.stdin?.end(options.input ?? '');
  const stderrMatches = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(stderr)) return resolve();
      waiting.push({ pattern, resolve });
      void done.then(() => (pattern.test(stderr) ? resolve() : reject(new Error(`svc exited before stderr matched ${pattern}: ${stderr}`))));
    });
  return { child, done, stderrMatches };
}
