import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eachBuild } from '../../support/builds.js';
import { useMockForSvc } from '../../support/mock-for-svc.js';
import { freshConfigDir, runSvc, runSvcProcess } from '../../support/svc.js';
import { concurrentWriteRounds, prototypeProfileNames } from '../../commands/tables/config-cases.js';

// Settings written by real svc processes (each build's) in parallel, and profiles named like JavaScript's own
// properties: every write reads, changes and writes inside the lock, and a name is a name.
const mock = useMockForSvc();
const TOKEN = (n: number) => `svc_agent_race${String(n).padStart(4, '0')}xyzw`; // 12 characters after the prefix: enough for redaction to show 4
const stored = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { profiles: Record<string, Record<string, unknown>> };

eachBuild((build) => {
  describe('concurrent writers on one profile', () => {
    it(`${concurrentWriteRounds} rounds of config set ×3, auth logout and a login into another profile, at once: no write is lost`, async () => {
      for (let round = 0; round < concurrentWriteRounds; round++) {
        const dir = freshConfigDir();
        const env = { SVC_CONFIG_DIR: dir };
        const login = await runSvcProcess(['auth', 'login', '--profile', 'ci', '--insecure-storage'], { build, env, input: TOKEN(round) });
        expect(login.code).toBe(0);
        const runs = await Promise.all([
          runSvcProcess(['config', 'set', 'timeout', String(10 + round), '--profile', 'ci'], { build, env }),
          runSvcProcess(['config', 'set', 'retries', '2', '--profile', 'ci'], { build, env }),
          runSvcProcess(['config', 'set', 'base-url', 'https://eu.example.com/v1', '--profile', 'ci'], { build, env }),
          runSvcProcess(['auth', 'logout', '--profile', 'ci'], { build, env }),
          runSvcProcess(['auth', 'login', '--profile', 'other', '--insecure-storage'], { build, env, input: TOKEN(100 + round) }),
        ]);
        // Each failure whole, stderr included: a lost race names itself in the report.
        expect(runs.filter((run) => run.code !== 0 || run.stderr.includes('svc:'))).toEqual([]);
        expect(stored(dir).profiles).toEqual({
          ci: { timeout: 10 + round, retries: 2, baseUrl: 'https://eu.example.com/v1' },
          other: { token: TOKEN(100 + round) },
        });
      }
    }, 120_000); // a real process per write, on a loaded machine
  });
});

describe.each(prototypeProfileNames)('a profile named %s', (name) => {
  it('keeps its settings and token, lists them, and calls with them', async () => {
    const env = { SVC_CONFIG_DIR: freshConfigDir() };
    expect((await runSvc(['config', 'set', 'base-url', mock.server.url, '--profile', name], { env })).code).toBe(0);
    expect((await runSvc(['config', 'set', 'retries', '1', '--profile', name], { env })).code).toBe(0);
    expect((await runSvc(['auth', 'login', '--profile', name], { env, input: TOKEN(7) })).code).toBe(0);
    expect((await runSvc(['config', 'get', 'retries', '--profile', name], { env })).stdout).toBe('1\n');
    const status = await runSvc(['auth', 'status', '--profile', name], { env });
    expect(status.stdout).toContain(`Credential:  stored session token of profile "${name}"`);
    expect((await runSvc(['config', 'list', '--all'], { env })).stdout).toBe(
      `[${name}]\n  base-url = ${mock.server.url}\n  retries = 1\n  token = svc_agent_********\n`,
    );
    const call = await runSvc(['email', 'drafts', 'get', 'dr_123', '--profile', name], { env });
    expect(call.code).toBe(0);
    expect(mock.server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN(7)}`]);
    // Another profile sees nothing of it, and the default profile is not one of JavaScript's names.
    expect((await runSvc(['auth', 'status'], { env })).stdout).toContain('Credential:  none');
    expect((await runSvc(['auth', 'logout', '--profile', name], { env })).code).toBe(0);
    expect(stored(env.SVC_CONFIG_DIR).profiles).toEqual({ [name]: { baseUrl: mock.server.url, retries: 1 } });
  });
});
