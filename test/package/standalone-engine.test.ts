import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Which runs of the standalone binary start again with JavaScriptCore's FTL threshold raised
// (scripts/package/standalone-engine.cjs), and what the restarted run takes back out of its
// environment. test/package/standalone.test.ts has the binary doing it.
type Env = Record<string, string | undefined>;
const engine = createRequire(import.meta.url)('../../scripts/package/standalone-engine.cjs') as {
  restartEnvironment(argv: string[], env: Env): Env | undefined;
  forgetRestart(env: Env): void;
  onlyOwnDescriptors(descriptors: [number, string | undefined][]): boolean;
  OPTION: string;
  MARK: string;
};
const { restartEnvironment, forgetRestart, onlyOwnDescriptors, OPTION, MARK } = engine;
const env = { PATH: '/usr/bin', SERVICE_API_KEY: 'svc_test_key' };

describe('the standalone binary’s engine options', () => {
  it('starts a batch again with the FTL threshold raised and the rest of its environment as it was', () => {
    for (const argv of [
      ['email', 'drafts', 'get', '--input', 'drafts.ndjson'],
      ['crm', 'entries', 'create', 'deals', '--input=deals.csv', '--concurrency', '4'],
      ['--profile', 'work', 'email', 'drafts', 'get', '--input', '-'],
    ]) {
      expect(restartEnvironment(argv, env), argv.join(' ')).toEqual({ ...env, [OPTION]: '256000', [MARK]: '1' });
    }
    expect(OPTION).toBe('BUN_JSC_thresholdForFTLOptimizeAfterWarmUp');
  });

  it('leaves every other run as it is: one call, svc api’s body, an --input after --, help', () => {
    for (const argv of [
      ['email', 'drafts', 'get', 'dr_123'],
      ['api', 'POST', '/crm/objects/deals/entries', '--input', 'body.json'],
      ['crm', 'notes', 'create', '--', '--input'],
      ['--input-format', 'csv', '--help'],
      ['mock'],
      [],
    ]) {
      expect(restartEnvironment(argv, env), argv.join(' ')).toBeUndefined();
    }
  });

  it('never starts again twice, nor over the user’s own setting of the option', () => {
    const argv = ['email', 'drafts', 'get', '--input', 'drafts.ndjson'];
    const restarted = restartEnvironment(argv, env)!;
    expect(restartEnvironment(argv, restarted)).toBeUndefined();
    expect(restartEnvironment(argv, { ...env, [OPTION]: '1000' })).toBeUndefined();
  });

  it('takes out what the restart added, and only that', () => {
    const restarted = { ...restartEnvironment(['x', '--input', 'f'], env)! };
    forgetRestart(restarted);
    expect(restarted).toEqual(env);
    const own = { ...env, [OPTION]: '1000' };
    forgetRestart(own);
    expect(own).toEqual({ ...env, [OPTION]: '1000' });
  });

  it('restarts only a run that holds no descriptor but its standard ones and Bun’s own, which a restart keeps or makes again', () => {
    const standard: [number, string][] = [
      [0, '/dev/null'],
      [1, 'pipe:[1454178]'],
      [2, '/dev/pts/3'],
    ];
    const own: [number, string][] = [
      [3, 'anon_inode:[eventpoll]'],
      [4, 'anon_inode:[eventfd]'],
    ];
    expect(onlyOwnDescriptors([...standard, ...own])).toBe(true);
    // The listing's own descriptor, closed by the time it is read.
    expect(onlyOwnDescriptors([...standard, ...own, [5, undefined]])).toBe(true);
    for (const given of ['/home/ada/leads.ndjson', 'pipe:[1450045]', 'socket:[88123]', '/dev/null', 'anon_inode:[pidfd]']) {
      expect(onlyOwnDescriptors([...standard, ...own, [63, given]]), given).toBe(false);
    }
  });
});
