import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/errors.js';
import { type MockProcess, startMockProcess } from '../support/mock-process.js';
import { type ScriptedServer, startScriptedServer } from '../support/scripted-server.js';
import { NPM_BUILD, eachBuild, shellCommand, type SvcBuild } from '../support/builds.js';
import { TEST_CACHE_HOME, freshConfigDir, runSvcProcess, startSvcProcess } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';
import { readRepoFile } from './doc-sources.js';

// Every exit code of the exit-code guide's table is produced here, by each build of svc against a
// real `svc mock`, in the situation the table names: a code documented but never produced, or
// produced but not documented, fails.

const table = readRepoFile('docs/guide/exit-codes.md')
  .split('\n')
  .flatMap((line) => /^\| (\d+) \| (.+) \|$/.exec(line) ?? [])
  .filter((_, i) => i % 3 === 1)
  .map(Number);

let mock: MockProcess;
beforeAll(async () => {
  mock = await startMockProcess();
}, 20_000);
afterAll(() => mock?.stop());

const env = () => ({ SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey });

async function mockControl(path: string, body?: unknown): Promise<void> {
  const answer = await fetch(`${mock.origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${mock.apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(answer.status).toBeLessThan(300);
}

/** svc waiting on an answer the mock holds back, ended by `signal` once the request has left. */
async function stoppedBy(build: SvcBuild, signal: NodeJS.Signals): Promise<number> {
  await mockControl('/_mock/faults', { fault: 'slow=20000', count: 1 });
  const svc = startSvcProcess(['--debug', 'email', 'drafts', 'get', 'dr_123'], { build, env: env(), timeoutMs: 30_000 });
  await svc.stderrMatches(/^> GET /m);
  svc.child.kill(signal);
  return (await svc.done).code;
}

/** A batch whose reader (`head -1`) goes away after the first record. */
async function batchIntoHead(build: SvcBuild): Promise<number> {
  const folder = tempFolder('svc-exit-codes-');
  writeFileSync(join(folder, 'drafts.ndjson'), '{"draftId":"dr_123"}\n'.repeat(3000));
  const script = `${shellCommand(build)} email drafts get --input drafts.ndjson | head -1 >/dev/null; exit \${PIPESTATUS[0]}`;
  const processEnv = { PATH: build.path, HOME: folder, SVC_CONFIG_DIR: freshConfigDir(), XDG_CACHE_HOME: TEST_CACHE_HOME, ...env() };
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { cwd: folder, env: processEnv, timeout: 60_000 }, (error) => resolve(error ? Number(error.code) : 0));
  });
}

/** `--paginate` over a list whose second page links back to the first: a loop, read no further. */
async function paginationLoop(build: SvcBuild): Promise<number> {
  const server: ScriptedServer = await startScriptedServer();
  try {
    server.script('/v1/items', { body: [{ id: 1 }], headers: { link: '<items?page=2>; rel="next"' } });
    server.script('/v1/items?page=2', { body: [{ id: 2 }], headers: { link: '</v1/items>; rel="next"' } });
    const env = { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: mock.apiKey };
    return (await runSvcProcess(['api', 'GET', '/items', '--paginate'], { build, env, timeoutMs: 40_000 })).code;
  } finally {
    await server.close();
  }
}

/** A batch with --checkpoint whose lock is removed while it runs: it no longer holds the checkpoint. */
async function checkpointTakenAway(build: SvcBuild): Promise<number> {
  const folder = tempFolder('svc-exit-codes-');
  const input = join(folder, 'drafts.ndjson');
  writeFileSync(input, '{"draftId":"dr_123"}\n'.repeat(3000));
  const checkpoint = join(folder, 'drafts.ckpt');
  const svc = startSvcProcess(['email', 'drafts', 'get', '--input', input, '--checkpoint', checkpoint, '--concurrency', '1'], {
    build,
    env: env(),
    timeoutMs: 60_000,
  });
  await new Promise((resolve) => svc.child.stdout!.once('data', resolve));
  rmSync(`${checkpoint}.lock`);
  return (await svc.done).code;
}

/** For each documented code, the situation the table describes, with `build`. */
const situationsOf = (build: SvcBuild): Record<number, { what: string; produce(): Promise<number> }> => {
  const run = async (args: string[], extraEnv: Record<string, string> = {}) => (await runSvcProcess(args, { build, env: { ...env(), ...extraEnv } })).code;
  return {
    [ExitCode.ok]: { what: 'a draft read', produce: () => run(['email', 'drafts', 'get', 'dr_123']) },
    [ExitCode.api]: {
      what: 'the service answers 409 (the same person added twice)',
      produce: async () => {
        const add = ['campaigns', 'person', 'add', 'seq_123', '--email', 'exit-codes@example.com'];
        expect(await run(add)).toBe(0);
        return run(add);
      },
    },
    [ExitCode.usage]: { what: 'a person with neither identifier', produce: () => run(['campaigns', 'person', 'add', 'seq_123', '--display-name', 'Nobody']) },
    [ExitCode.network]: {
      what: 'a 2xx whose body is not JSON',
      produce: async () => {
        await mockControl('/_mock/faults', { fault: 'malformed-json', count: 1 });
        return run(['email', 'drafts', 'get', 'dr_123']);
      },
    },
    [ExitCode.auth]: { what: 'the service answers 401', produce: () => run(['email', 'drafts', 'get', 'dr_123'], { SERVICE_API_KEY: 'svc_not_the_mock_key' }) },
    [ExitCode.notFound]: { what: 'the service answers 404', produce: () => run(['email', 'drafts', 'get', 'dr_missing']) },
    [ExitCode.output]: { what: 'a --query that fails on the answer', produce: () => run(['email', 'drafts', 'get', 'dr_123', '--query', 'abs(senders)']) },
    [ExitCode.partial]: { what: '--paginate stopped at a page it could not follow (a loop)', produce: () => paginationLoop(build) },
    [ExitCode.checkpointLost]: { what: "a batch's --checkpoint lock removed while it runs", produce: () => checkpointTakenAway(build) },
    [ExitCode.waitFailed]: {
      what: '--wait-fail becomes true: a draft whose sync fails',
      produce: async () => {
        await mockControl('/_mock/drafts/dr_123?sync=fail', {});
        return run([
          'email',
          'drafts',
          'get',
          'dr_123',
          '--wait-for',
          "syncStatus == 'synced'",
          '--wait-fail',
          "syncStatus == 'failed'",
          '--wait-interval',
          '0.1',
        ]);
      },
    },
    [ExitCode.waitTimedOut]: {
      what: '--wait-for not met within --wait-timeout',
      produce: () => run(['email', 'drafts', 'get', 'dr_123', '--wait-for', "syncStatus == 'archived'", '--wait-timeout', '0.5']),
    },
    [ExitCode.hangUp]: { what: 'SIGHUP while waiting for the answer', produce: () => stoppedBy(build, 'SIGHUP') },
    [ExitCode.interrupted]: { what: 'SIGINT (Ctrl-C) while waiting for the answer', produce: () => stoppedBy(build, 'SIGINT') },
    [ExitCode.outputClosed]: { what: "a batch's reader goes away", produce: () => batchIntoHead(build) },
    [ExitCode.terminated]: { what: 'SIGTERM while waiting for the answer', produce: () => stoppedBy(build, 'SIGTERM') },
  };
};
const situations = situationsOf(NPM_BUILD);

describe('the exit-code table of docs/guide/exit-codes.md', () => {
  it('lists exactly the codes produced below, and every code svc defines', () => {
    expect(table.length).toBeGreaterThan(5);
    expect(table).toEqual(Object.keys(situations).map(Number));
    expect(table).toEqual(Object.values(ExitCode));
  });
});

eachBuild((build) => {
  describe('each exit code of the table, produced', () => {
    it.each(Object.entries(situationsOf(build)).map(([code, s]) => [Number(code), s.what, s] as const))(
      '%i: %s',
      async (code, _what, situation) => {
        await mockControl('/_mock/reset');
        expect(await situation.produce()).toBe(code);
      },
      90_000,
    );
  });
});
