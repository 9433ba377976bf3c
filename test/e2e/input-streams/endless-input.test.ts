import { execFile, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild, type SvcBuild } from '../../support/builds.js';
import { TEST_CACHE_HOME, freshConfigDir, runSvcProcess } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';

// A file or standard input svc reads whole that never ends (a pipe fed by `yes`, as `--body @<(yes)` or `@/dev/zero`
// would be; a description for `svc areas add`): it says no size, so svc stops one byte past its limit and refuses it in one line,
// nothing sent. Read on, it would fill memory until the engine died with a native stack trace. Each build of svc.
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(() => mock.close());

const folder = tempFolder('svc-endless-');

/** A named pipe that `yes` writes to for as long as anyone reads it. */
function endlessPipe(name: string): { path: string; stop: () => Promise<unknown> } {
  const path = join(tempFolder('svc-endless-pipe-'), name); // a folder of its own: each build makes its own pipes
  execFileSync('mkfifo', [path]);
  const writer = spawn('sh', ['-c', 'yes > "$1"', 'sh', path], { stdio: 'ignore' });
  const ended = new Promise((resolve) => writer.on('exit', resolve));
  return { path, stop: () => (writer.kill(), ended) };
}

/** A build of svc with `yes` piped into its standard input, which never ends. */
function svcFedByYes(args: string[], env: Record<string, string>, build: SvcBuild): Promise<{ code: number; stdout: string; stderr: string }> {
  const fullEnv = { PATH: build.path, HOME: folder, SVC_CONFIG_DIR: freshConfigDir(), XDG_CACHE_HOME: TEST_CACHE_HOME, ...env };
  return new Promise((resolve) => {
    execFile('sh', ['-c', 'yes | exec "$0" "$@"', ...build.command, ...args], { env: fullEnv, timeout: 30_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

eachBuild((build) => {
  describe('a file that never ends is refused at the limit, not read until memory runs out', () => {
    it.each([
      {
        flag: '--body @file',
        argv: (path: string) => ['crm', 'entries', 'create', 'deals', '--body', `@${path}`],
        line: /^svc: --body: .*body is over the 64 MiB limit\n$/,
      },
      {
        flag: '--fixtures',
        argv: (path: string) => ['mock', '--port', '0', '--fixtures', path],
        line: /^svc: --fixtures: .*fixtures is over the 16 MiB limit\n$/,
      },
      {
        flag: '--data key=@file',
        argv: (path: string) => ['crm', 'entries', 'create', 'deals', '--data', `title=@${path}`],
        line: /^svc: --data: .*title is over the 16 MiB limit\n$/,
      },
      {
        flag: 'svc areas add',
        argv: (path: string) => ['areas', 'add', path],
        line: /^svc: .*description is over the 64 MiB limit\n$/,
      },
    ])('$flag', async ({ flag, argv, line }) => {
      const pipe = endlessPipe(flag.includes('body') ? 'body' : flag.includes('fixtures') ? 'fixtures' : flag.includes('data') ? 'title' : 'description');
      try {
        const before = mock.requests.length;
        const run = await runSvcProcess(argv(pipe.path), { build, env: { SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey }, timeoutMs: 30_000 });
        expect(run).toMatchObject({ code: 2, stdout: '' });
        expect(run.stderr).toMatch(line);
        expect(mock.requests.length).toBe(before);
      } finally {
        await pipe.stop();
      }
    });
  });

  describe('standard input that never ends is refused at the limit', () => {
    it.each([
      { what: '--body -', argv: ['crm', 'entries', 'create', 'deals', '--body', '-'], line: 'svc: --body: standard input is over the 64 MiB limit\n' },
      { what: 'svc auth login', argv: ['auth', 'login'], line: 'svc: standard input is over the 65536 bytes limit\n' },
      {
        what: '--data key=@-',
        argv: ['crm', 'entries', 'create', 'deals', '--data', 'title=@-'],
        line: 'svc: --data: standard input is over the 16 MiB limit\n',
      },
    ])('$what', async ({ argv, line }) => {
      const before = mock.requests.length;
      const run = await svcFedByYes(argv, { SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey }, build);
      expect(run).toEqual({ code: 2, stdout: '', stderr: line });
      expect(mock.requests.length).toBe(before);
    });
  });
});
