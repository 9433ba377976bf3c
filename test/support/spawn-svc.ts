import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
}

/** A fresh, empty settings folder, so no test ever reads or writes the real home. */
export const freshConfigDir = (): string => mkdtempSync(join(tmpdir(), 'svc-e2e-'));

/**
 * Spawns the real bin/svc (asynchronously: the server under test may live in this process) with a
 * clean environment: only PATH, HOME and what the test gives.
 */
export function runSvc(args: readonly string[], options: SpawnOptions = {}): Promise<SvcRun> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() };
  for (const [name, value] of Object.entries(options.env ?? {})) if (value !== undefined) env[name] = value;
  env.SVC_CONFIG_DIR ??= freshConfigDir();
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [SVC_BIN, ...args], { env, timeout: options.timeoutMs ?? 15_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
    child.stdin?.end(options.input ?? '');
  });
}
