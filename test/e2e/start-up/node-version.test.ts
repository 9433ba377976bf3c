import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NPM_BUILD, STANDALONE_BUILD, describeStandalone } from '../../support/builds.js';
import { freshConfigDir, runSvcProcess } from '../../support/svc.js';
import { useMockForSvc } from '../../support/mock-for-svc.js';

// What each build needs at start. The npm build runs on the Node.js it finds and says so when that
// one is too old (bin/svc.cjs); the standalone binary carries its runtime, so it has no Node.js
// version to check: it runs with an old Node.js first on PATH as with none, and it keeps no code
// cache, since Bun ships its program as bytecode.
const mock = useMockForSvc();

/** A Node.js older than svc needs (Debian's is 20). */
const OLD_NODE = '/usr/bin/node';
const oldVersion = existsSync(OLD_NODE) ? spawnSync(OLD_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
const whyNoOldNode = !oldVersion
  ? `${OLD_NODE} is absent`
  : Number(oldVersion.slice(1).split('.')[0]) >= 22
    ? `${OLD_NODE} is ${oldVersion}, not older than 22`
    : undefined;
const skippedNote = whyNoOldNode ? ` (skipped: ${whyNoOldNode})` : '';

describe(`the npm build on Node.js older than 22${skippedNote}`, () => {
  it.skipIf(whyNoOldNode !== undefined)('says which version it needs and the ways out, in one line, exit 2, with nothing sent', () => {
    const run = spawnSync(OLD_NODE, [NPM_BUILD.command[1]!, 'email', 'drafts', 'get', 'dr_123'], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', ...mock.env, SVC_CONFIG_DIR: freshConfigDir() },
    });
    expect([run.status, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toMatch(
      new RegExp(`^svc: Node\\.js 22 or newer is required; this is ${oldVersion.replace(/\./g, '\\.')}\\. .*standalone svc binary.*\\n$`),
    );
    expect(mock.server.requests).toEqual([]);
  });
});

describeStandalone('the standalone binary needs no Node.js', () => {
  it('runs with no node on its PATH: its version line names Bun, and a call is sent', async () => {
    const version = await runSvcProcess(['--version'], { build: STANDALONE_BUILD });
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^svc \d+\.\d+\.\d+ \(.*standalone, Bun \d+\.\d+\.\d+\)\n$/), stderr: '' });
    expect(spawnSync('sh', ['-c', 'command -v node'], { env: { PATH: STANDALONE_BUILD.path } }).status).not.toBe(0);
    expect((await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build: STANDALONE_BUILD, env: mock.env })).code).toBe(0);
    expect(mock.server.requests.map((r) => r.path)).toEqual(['/v1/email/drafts/dr_123']);
  });

  it.skipIf(whyNoOldNode !== undefined)(
    `runs with Node.js ${oldVersion || '20'} first on its PATH, where the npm build says it needs 22${skippedNote}`,
    async () => {
      const env = { ...mock.env, PATH: `${dirname(OLD_NODE)}:${STANDALONE_BUILD.path}` };
      const run = await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build: STANDALONE_BUILD, env });
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toMatchObject({ draftId: 'dr_123' });
    },
  );

  it('keeps no code cache: a call and --version write nothing in the cache folder (Bun ships the program as bytecode)', async () => {
    const cache = freshConfigDir();
    // SERVICE_API_KEY: no stored token, so the keyring's binding is not unpacked there either.
    for (const args of [['--version'], ['email', 'drafts', 'get', 'dr_123'], ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly']])
      expect((await runSvcProcess(args, { build: STANDALONE_BUILD, env: { ...mock.env, XDG_CACHE_HOME: cache } })).code).toBe(0);
    expect(readdirSync(cache)).toEqual([]);
    // The npm build, run the same way, does keep one there: the check can fail.
    expect((await runSvcProcess(['--version'], { build: NPM_BUILD, env: { XDG_CACHE_HOME: cache } })).code).toBe(0);
    expect(readdirSync(cache)).toEqual(['svc']);
  });
});
