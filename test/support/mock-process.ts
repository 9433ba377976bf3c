import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { NPM_BUILD, type SvcBuild } from './builds.js';

export interface MockProcess {
  url: string;
  origin: string;
  apiKey: string;
  child: ChildProcess;
  /** Sends SIGINT and resolves with the exit code and everything printed. */
  stop(): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/**
 * Starts `svc mock --port 0` as its own process and waits for the base URL it announces. `how` is how
 * svc is run: a build (test/support/builds.ts; this checkout's bin/svc under this Node by default),
 * with this environment but the build's PATH, or a command.
 */
export function startMockProcess(args: string[] = [], how: SvcBuild | readonly string[] = NPM_BUILD, env?: NodeJS.ProcessEnv): Promise<MockProcess> {
  const build = 'command' in how ? how : undefined;
  const [file, ...prefix] = (build ? build.command : how) as [string, ...string[]];
  if (build && !env) env = { ...process.env, PATH: build.path };
  const child = spawn(file, [...prefix, 'mock', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...(env ? { env } : {}) });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`svc mock did not start: ${stderr}`)), 10_000);
    exited.then((code) => reject(new Error(`svc mock exited (${code}): ${stderr}`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      stdout += `${line}\n`;
      const url = /listening on (http:\/\/\S+\/v1)$/.exec(line)?.[1];
      const key = /^export SERVICE_API_KEY=(\S+)$/.exec(line)?.[1];
      if (!key || !mockUrl) {
        if (url) mockUrl = url;
        return;
      }
      clearTimeout(timer);
      resolve({
        url: mockUrl,
        origin: mockUrl.replace(/\/v1$/, ''),
        apiKey: key,
        child,
        async stop() {
          child.kill('SIGINT');
          return { code: await exited, stdout, stderr };
        },
      });
    });
    let mockUrl: string | undefined;
  });
}
