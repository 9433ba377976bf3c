import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { NPM_BUILD, type SvcBuild } from '../support/builds.js';
import { TEST_CACHE_HOME, freshConfigDir } from '../support/svc.js';
import { OWN_AREAS_ENV } from './own-areas.js';

export interface McpHttpProcess {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `svc mcp --http --port 0` of a build (the npm build's bin/svc by default), serving svc's own
 * areas unless `env` says otherwise, and waits for the URL it announces on stdout.
 */
export function startMcpHttp(args: string[], env: Record<string, string>, build: SvcBuild = NPM_BUILD): Promise<McpHttpProcess> {
  const [program, ...words] = build.command;
  const child = spawn(program, [...words, 'mcp', '--http', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: build.path,
      HOME: process.env.HOME ?? '',
      SVC_CONFIG_DIR: freshConfigDir(),
      XDG_CACHE_HOME: TEST_CACHE_HOME,
      ...OWN_AREAS_ENV,
      ...env,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill(), reject(new Error(`svc mcp --http did not start: ${stderr}`))), 20_000);
    void exited.then((code) => reject(new Error(`svc mcp --http exited (${code}): ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = /^svc mcp listening on (http:\/\/\S+\/mcp)$/.exec(line)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, child, stderr: () => stderr, stop: () => (child.kill('SIGTERM'), exited) });
    });
  });
}
