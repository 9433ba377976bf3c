// The one way tests run svc. `runSvc` runs the CLI in this process through the injected context
// (src/core/context.ts), as gh's tests run a command through its factory: arguments, environment,
// standard streams and a real undici transport to a server on 127.0.0.1, so a test reads what that
// server received. `startSvcProcess` and `runSvcProcess` spawn a build of svc (test/support/builds.ts:
// the built bin/svc, or the standalone binary), for what only a process shows: signals, exit on a
// closed pipe, start-up and the code cache, the installed bundle.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Keyring } from '../../src/auth/keyring.js';
import { run } from '../../src/cli/run.js';
import { createUndiciTransport } from '../../src/client/undici-transport.js';
import type { Clock } from '../../src/clock.js';
import type { Transport } from '../../src/client/transport.js';
import type { Context } from '../../src/core/context.js';
import { processFiles } from '../../src/core/process-files.js';
import type { ConfigStore } from '../../src/config/store.js';
import { InputError } from '../../src/errors.js';
import { NPM_BUILD, SVC_BIN, type SvcBuild } from './builds.js';
import { createMemoryKeyring } from './fake-context.js';
import { tempFolder } from './temp-folder.js';

export { SVC_BIN };

export interface SvcRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** An argument; a number[] is passed as those raw bytes, which may be invalid UTF-8. */
export type Arg = string | number[];

/**
 * One code cache for every spawned svc in a run (bin/run-cli.cjs keeps it in the user's cache
 * folder), outside the real home; test/support/run-folder.ts makes and removes it.
 */
export const TEST_CACHE_HOME = process.env.SVC_TEST_CACHE_HOME ?? join(tmpdir(), 'svc-test-cache');

/** A fresh, empty settings folder, so no test ever reads or writes the real home; removed when the file ends. */
export const freshConfigDir = (): string => tempFolder('svc-e2e-');

/** The environment svc gets: only PATH (the build's), HOME and what the test gives, with a fresh settings folder. */
export function svcEnv(given: Record<string, string | undefined> = {}, build: SvcBuild = NPM_BUILD): Record<string, string> {
  const env: Record<string, string> = { PATH: build.path, HOME: process.env.HOME ?? tmpdir() };
  for (const [name, value] of Object.entries(given)) if (value !== undefined) env[name] = value;
  env.SVC_CONFIG_DIR ??= freshConfigDir();
  env.XDG_CACHE_HOME ??= TEST_CACHE_HOME;
  return env;
}

export interface SvcOptions {
  env?: Record<string, string | undefined>;
  /** Standard input, a pipe that ends after this text; an empty one when absent. */
  input?: string;
  /** The folder svc runs in, for relative paths; the test's own otherwise. */
  cwd?: string;
  /** The system keyring; one that cannot be reached (no D-Bus session) when absent, as in CI. */
  keyring?: Keyring;
  /** Time and jitter of retry waits; the system clock when absent. */
  clock?: Clock;
  /** Aborting it is a stop signal (Ctrl-C) reaching svc; its reason is an Interruption. */
  signal?: AbortSignal;
  /** Hears each piece of standard error as svc writes it, to act while svc runs (start a server once svc has retried). */
  onStderr?(text: string): void;
  /** Wraps svc's transports (a virtual clock's `track`, so that it waits for each request before moving time). */
  wrapTransport?(send: Transport): Transport;
}

/** Node decodes argv as UTF-8, an invalid byte becoming U+FFFD; an in-process run gets what a process would. */
const argText = (arg: Arg): string => (typeof arg === 'string' ? arg : Buffer.from(arg).toString('utf8'));

/**
 * Runs svc in this process, as bin/svc would run it, with the real transport, settings file and
 * user files, and standard streams in memory. Standard input is a pipe (not a terminal).
 */
export async function runSvc(args: readonly Arg[], options: SvcOptions = {}): Promise<SvcRun> {
  const out: string[] = [];
  const err: string[] = [];
  const env = svcEnv(options.env);
  const input = options.input ?? '';
  const wrap = options.wrapTransport ?? ((send: Transport) => send);
  let store: Promise<ConfigStore> | undefined;
  const ctx: Context = {
    io: {
      out: (text) => void out.push(text),
      err: (text) => {
        err.push(text);
        options.onStderr?.(text);
      },
      stdoutIsTTY: false,
      stderrIsTTY: false,
      stdinIsTTY: false,
      stdin: async (maxBytes) => {
        if (Buffer.byteLength(input) > maxBytes) throw new InputError(`standard input is over the ${maxBytes} bytes limit`);
        return input;
      },
      async *stdinChunks() {
        if (input !== '') yield Buffer.from(input);
      },
      prompt: async () => {
        throw new Error('svc asked a question with no terminal to ask it on');
      },
    },
    env,
    send: wrap(createUndiciTransport()),
    createTransport: ({ connections }) => wrap(createUndiciTransport({ connections })),
    files: processFiles,
    config: () => (store ??= import('../../src/config/config-file.js').then((file) => file.openConfigStore(env))),
    keyring: async () => options.keyring ?? createMemoryKeyring({ unavailable: 'no D-Bus session with a Secret Service is reachable' }),
    signal: options.signal,
    clock: options.clock,
  };
  const before = process.cwd();
  if (options.cwd !== undefined) process.chdir(options.cwd);
  try {
    const code = await run(args.map(argText), ctx);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    if (options.cwd !== undefined) process.chdir(before);
  }
}

export interface ProcessOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  /** Standard input stays open (a pipe the test writes to or ends) instead of carrying `input`. */
  keepInputOpen?: boolean;
  /** Killed (SIGKILL) if still running after this; 15 s when absent. */
  timeoutMs?: number;
  /** The folder svc runs in; the test's own otherwise. */
  cwd?: string;
  /** The build to run (test/support/builds.ts, or one of a test registry: test/support/registry-variant.ts); the npm build when absent. */
  build?: SvcBuild;
  /** Node's own options, before bin/svc (`--trace-wasm-compilation-times`): an npm build's alone. */
  nodeArgs?: readonly string[];
  /** A file descriptor for standard output (`/dev/full`, say) instead of a pipe the test reads. */
  stdoutFd?: number;
  /** A file descriptor for standard input (`/dev/zero`, say) instead of a pipe carrying `input`. */
  stdinFd?: number;
}

/** A running bin/svc whose pipes the test holds: to signal it, write to it, or close its stdout mid-run. */
export interface SvcProcess {
  child: ChildProcess;
  /** Resolves when it exits; `code` is 128 + the signal number if a signal ended it. */
  done: Promise<SvcRun>;
  /** The exit code alone. */
  exited: Promise<number>;
  stdout(): string;
  stderr(): string;
  /** Resolves once stderr holds text matching `pattern` (rejects if svc exits first). */
  stderrMatches(pattern: RegExp): Promise<void>;
  /** Resolves once stdout holds at least `count` whole lines. */
  linesOut(count: number): Promise<void>;
}

const quote = (text: string): string => `'${text.replace(/'/g, "'\\''")}'`;

/** The program and its arguments that run svc with `args`; Node can only pass argv as UTF-8 text, so raw bytes go through sh's printf. */
function command(args: readonly Arg[], { build = NPM_BUILD, nodeArgs = [] }: ProcessOptions): [string, string[]] {
  if (build.standalone && nodeArgs.length > 0) throw new Error('nodeArgs are for an npm build: the standalone binary runs no Node.js');
  const [program, ...words] = [build.command[0], ...nodeArgs, ...build.command.slice(1)];
  if (args.every((arg) => typeof arg === 'string')) return [program, [...words, ...args]];
  const raw = args.map((arg) =>
    typeof arg === 'string' ? quote(arg) : `"$(printf '${arg.map((byte) => `\\${byte.toString(8).padStart(3, '0')}`).join('')}')"`,
  );
  return ['/bin/sh', ['-c', `exec ${[program, ...words].map(quote).join(' ')} ${raw.join(' ')}`]];
}

/** Spawns a build of svc (the npm build's bin/svc by default) with a clean environment: only PATH, HOME and what the test gives. */
export function startSvcProcess(args: readonly Arg[], options: ProcessOptions = {}): SvcProcess {
  const [file, argv] = command(args, options);
  const env = svcEnv(options.env, options.build);
  const child = spawn(file, argv, { env, cwd: options.cwd, stdio: [options.stdinFd ?? 'pipe', options.stdoutFd ?? 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waitingErr: { pattern: RegExp; resolve(): void }[] = [];
  const waitingOut: { count: number; resolve(): void }[] = [];
  child.stdout?.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
    for (const wait of waitingErr.filter((w) => w.pattern.test(stderr))) wait.resolve();
  });
  child.stdout?.on('data', (chunk: string) => {
    stdout += chunk;
    const lines = stdout.split('\n').length - 1;
    for (const wait of waitingOut.filter((w) => lines >= w.count)) wait.resolve();
  });
  child.stdout?.on('error', () => {}); // a test that closes stdout early is not an error
  // svc may exit without reading its input (a usage error, a signal): the pipe then closes under the write, and an EPIPE here is that.
  child.stdin?.on('error', () => {});
  if (!options.keepInputOpen) child.stdin?.end(options.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
  const done = new Promise<SvcRun>((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? 128 + (signal ? constants.signals[signal] : 0), stdout, stderr });
    }),
  );
  const stderrMatches = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(stderr)) return resolve();
      waitingErr.push({ pattern, resolve });
      void done.then(() => (pattern.test(stderr) ? resolve() : reject(new Error(`svc exited before stderr matched ${pattern}: ${stderr}`))));
    });
  return {
    child,
    done,
    exited: done.then((result) => result.code),
    stdout: () => stdout,
    stderr: () => stderr,
    stderrMatches,
    linesOut: (count) => new Promise<void>((resolve) => (stdout.split('\n').length - 1 >= count ? resolve() : waitingOut.push({ count, resolve }))),
  };
}

/**
 * stderr of `--debug` whose last line announces a retry wait of a second or more. Backoff waits are
 * drawn at random (full jitter), so a first wait can be a few milliseconds; a signal meant for the
 * wait is sent once this matches, and lands in the wait rather than in the next attempt.
 */
export const IN_A_RETRY_WAIT = /retrying in [1-9][\d.]*s[^\n]*\n$/;

/** Spawns a build of svc and resolves when it exits. */
export function runSvcProcess(args: readonly Arg[], options: ProcessOptions = {}): Promise<SvcRun> {
  return startSvcProcess(args, options).done;
}

/**
 * Resolves once the kernel has handed `signal` to process `pid` (it is no longer pending), so a
 * second one sent now is a second signal, not merged into the first: two signals of one kind
 * pending at once are one. Reads /proc (Linux, as CI); elsewhere, or once the process is gone,
 * at once. Bounded by `safetyMs` only.
 */
export async function signalTaken(pid: number, signal: NodeJS.Signals, safetyMs = 10_000): Promise<void> {
  const bit = 1n << BigInt(constants.signals[signal] - 1);
  const pending = (): boolean => {
    let status: string;
    try {
      status = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return false;
    }
    return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some((match) => (BigInt(`0x${match[1]}`) & bit) !== 0n);
  };
  for (const started = Date.now(); pending() && Date.now() - started < safetyMs;) await new Promise((resolve) => setTimeout(resolve, 5));
}
