import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { freshConfigDir, SVC_BIN, TEST_CACHE_HOME } from './spawn-svc.js';

/** A running bin/svc whose pipes the test holds: to signal it, or to close its stdout mid-run. */
export interface SvcProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout holds at least `count` whole lines. */
  linesOut(count: number): Promise<void>;
  /** Resolves with the exit code (128 + the signal's number if one ended it). */
  exited: Promise<number>;
}

/** Spawns the real bin/svc with only PATH, HOME and `env`; it is killed if still running after `timeoutMs`. */
export function spawnSvcProcess(args: readonly string[], env: Record<string, string>, timeoutMs = 20_000): SvcProcess {
  const child = spawn(process.execPath, [SVC_BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SVC_CONFIG_DIR: freshConfigDir(), XDG_CACHE_HOME: TEST_CACHE_HOME, ...env },
  });
  let stdout = '';
  let stderr = '';
  const waiting: { count: number; resolve(): void }[] = [];
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const lines = stdout.split('\n').length - 1;
    for (const wait of waiting.filter((w) => lines >= w.count)) wait.resolve();
  });
  child.stdout.on('error', () => {}); // a test that closes stdout early is not an error
  child.stdin.on('error', () => {}); // nor is svc stopping (a signal) before it read all its input: EPIPE
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exited = new Promise<number>((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? 128 + (signal === 'SIGKILL' ? 9 : -1000));
    }),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    linesOut: (count) => new Promise<void>((resolve) => (stdout.split('\n').length - 1 >= count ? resolve() : waiting.push({ count, resolve }))),
    exited,
  };
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
