import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshConfigDir, runSvc } from '../support/svc.js';
import { concurrentLogins, unusableSettings } from './tables/config-cases.js';

// The settings file through the real bin/svc: private modes, corrupt files, concurrent writers.

const TOKEN = (n: number) => `svc_agent_concurrent${String(n).padStart(4, '0')}xyz`;
const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every command that writes the file, as a user would run it. */
const writers = [
  { argv: ['auth', 'login'], input: `${TOKEN(0)}\n` },
  { argv: ['auth', 'logout'] },
  { argv: ['config', 'set', 'base-url', 'https://api.example.com/v1'] },
  { argv: ['config', 'set', 'retries', '2'] },
];

describe('modes', () => {
  it.each(writers)('svc $argv tightens a loose file and folder to 0600/0700, with a one-line warning', async ({ argv, input }) => {
    const dir = freshConfigDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: { default: { token: TOKEN(1), timeout: 9 } } }));
    chmodSync(file, 0o644);
    chmodSync(dir, 0o755);
    const run = await runSvc(argv, { env: { SVC_CONFIG_DIR: dir }, input });
    expect(run.code).toBe(0);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(dir)).toBe(0o700);
    expect(run.stderr).toContain(
      `svc: warning: ${dir} was open to other users (mode 0755); it is now 0700; ${file} was open to other users (mode 0644); it is now 0600\n`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default.timeout).toBe(9); // the rest is kept
    const again = await runSvc(argv, { env: { SVC_CONFIG_DIR: dir }, input });
    expect(again.stderr).not.toContain('warning');
  });

  it('only the file loose: the warning names the file alone', async () => {
    const dir = freshConfigDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, '{}', { mode: 0o640 });
    chmodSync(dir, 0o700);
    const run = await runSvc(['config', 'set', 'timeout', '3'], { env: { SVC_CONFIG_DIR: dir } });
    expect(run.stderr).toBe(`svc: warning: ${file} was open to other users (mode 0640); it is now 0600\nSet timeout of profile "default" to 3.\n`);
    expect(modeOf(file)).toBe(0o600);
  });

  it('a new file and folder are created private, without a warning', async () => {
    const dir = join(freshConfigDir(), 'nested', 'svc');
    const run = await runSvc(['auth', 'login'], { env: { SVC_CONFIG_DIR: dir }, input: TOKEN(2) });
    expect(run.stderr).not.toContain('warning');
    expect(modeOf(join(dir, 'config.json'))).toBe(0o600);
    expect(modeOf(dir)).toBe(0o700);
  });
});

describe('a corrupt config file', () => {
  const cases = writers.flatMap((writer) => unusableSettings.map(([what, text, message]) => ({ ...writer, what, text, message })));

  it.each(cases)('svc $argv on a file that is $what: exit 2, one line naming the file, the file untouched', async ({ argv, input, text, message }) => {
    const dir = freshConfigDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, text, { mode: 0o600 });
    const run = await runSvc(argv, { env: { SVC_CONFIG_DIR: dir }, input });
    expect(run).toEqual({ code: 2, stdout: '', stderr: `svc: the config file ${file} ${message}\n` });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it.each(unusableSettings)('a call, --dry-run included, on a file that is %s: exit 2, one line, nothing of the value shown', async (_what, text, message) => {
    const dir = freshConfigDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, text, { mode: 0o600 });
    for (const argv of [
      ['email', 'drafts', 'get', 'dr_1', '--dry-run', '--base-url', 'http://127.0.0.1:9/v1'],
      ['auth', 'status'],
      ['config', 'list'],
    ]) {
      const run = await runSvc(argv, { env: { SVC_CONFIG_DIR: dir } });
      expect(run).toEqual({ code: 2, stdout: '', stderr: `svc: the config file ${file} ${message}\n` });
      expect(run.stderr).not.toMatch(/12345678|secret/);
    }
  });

  it('reading commands say the same and exit 2', async () => {
    const dir = freshConfigDir();
    writeFileSync(join(dir, 'config.json'), '{');
    for (const argv of [
      ['auth', 'status'],
      ['auth', 'token'],
      ['config', 'list'],
      ['config', 'get', 'timeout'],
      ['email', 'drafts', 'get', 'dr_1'],
    ]) {
      const run = await runSvc(argv, { env: { SVC_CONFIG_DIR: dir } });
      expect(run).toEqual({ code: 2, stdout: '', stderr: `svc: the config file ${join(dir, 'config.json')} is not valid JSON; fix or remove it\n` });
    }
  });
});

describe('concurrent writers', () => {
  it(`${concurrentLogins} logins at once into as many profiles leave a valid file holding all of them`, async () => {
    const dir = freshConfigDir();
    const runs = await Promise.all(
      Array.from({ length: concurrentLogins }, (_, n) =>
        runSvc(['auth', 'login', '--profile', `p${n}`, '--insecure-storage'], { env: { SVC_CONFIG_DIR: dir }, input: TOKEN(n) }),
      ),
    );
    // Each failure whole (profile, exit code, stderr): a lost race names itself in the report.
    expect(runs.map((run, n) => ({ profile: `p${n}`, ...run })).filter((run) => run.code !== 0)).toEqual([]);
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { profiles: Record<string, { token: string }> };
    expect(Object.fromEntries(Object.entries(saved.profiles).map(([name, p]) => [name, p.token]))).toEqual(
      Object.fromEntries(Array.from({ length: concurrentLogins }, (_, n) => [`p${n}`, TOKEN(n)])),
    );
    expect(readdirSync(dir)).toEqual(['config.json']); // the lock released, nothing moved aside left
  });

  it('a lock left by a crashed svc (its process gone) does not block the next write', async () => {
    const dir = freshConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json.lock'), '999999999');
    const run = await runSvc(['config', 'set', 'timeout', '5'], { env: { SVC_CONFIG_DIR: dir } });
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ profiles: { default: { timeout: 5 } } });
  });
});

describe('keys svc does not know', () => {
  const write = (settings: unknown) => {
    const dir = freshConfigDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify(settings), { mode: 0o600 });
    return { dir, file };
  };
  const call = ['email', 'drafts', 'get', 'dr_1', '--dry-run', '--base-url', 'http://127.0.0.1:9/v1'];

  it('are named once on stderr with the file and the setting meant; the command runs as without them', async () => {
    const { dir, file } = write({ profiles: { default: { base_url: 'http://127.0.0.1:9/v1', Timeout: 5, retries: 1 } }, profile: 'x' });
    const warning =
      `svc: warning: ${file} holds keys svc does not know, and ignores: "profile" at the top level (did you mean "profiles"?), ` +
      `"base_url" in profile "default" (did you mean "baseUrl"?), "Timeout" in profile "default" (did you mean "timeout"?)\n`;
    for (const argv of [call, ['config', 'list'], ['auth', 'status'], ['config', 'set', 'timeout', '7'], ['config', 'get', 'retries']]) {
      const run = await runSvc(argv, { env: { SVC_CONFIG_DIR: dir } });
      expect({ argv, warnings: run.stderr.split('\n').filter((line) => line.startsWith('svc: warning:')) }).toEqual({ argv, warnings: [warning.trimEnd()] });
    }
    const list = await runSvc(['config', 'list'], { env: { SVC_CONFIG_DIR: dir } });
    expect(list.stdout).toMatch(/^base-url +\(not set\)/m);
    expect(list.stdout).toMatch(/^timeout +7 +profile "default"/m);
  });

  it('a key with no near setting is named without a guess; past five, the rest are counted', async () => {
    const keys = Object.fromEntries(['colour', 'a', 'b', 'c', 'd', 'e', 'f'].map((key) => [key, 1]));
    const { dir, file } = write({ profiles: { work: keys } });
    const run = await runSvc(call, { env: { SVC_CONFIG_DIR: dir } });
    expect(run.code).toBe(0);
    expect(run.stderr.split('\n')[0]).toBe(
      `svc: warning: ${file} holds keys svc does not know, and ignores: ${['colour', 'a', 'b', 'c', 'd'].map((key) => `"${key}" in profile "work"`).join(', ')}, and 2 more`,
    );
  });

  it('a key that holds a token is redacted, and a control character in one is shown, not obeyed', async () => {
    const token = 'svc_agent_KeyNotValue12345';
    const { dir, file } = write({ profiles: { default: { token, [token]: true, 'x\u001b[2Jy': 1 } } });
    const run = await runSvc(['auth', 'status'], { env: { SVC_CONFIG_DIR: dir } });
    expect(run.stderr).not.toContain(token);
    expect(run.stderr).not.toContain('\u001b');
    expect(run.stderr.split('\n')[0]).toBe(
      `svc: warning: ${file} holds keys svc does not know, and ignores: "svc_agent_********" in profile "default", "x\\u001b[2Jy" in profile "default"`,
    );
  });

  it('a file of known keys only gets no warning', async () => {
    const { dir } = write({ profiles: { default: { baseUrl: 'http://127.0.0.1:9/v1', timeout: 5, rate: '5/s' } }, aliases: { dg: 'email drafts get' } });
    const run = await runSvc(['config', 'list'], { env: { SVC_CONFIG_DIR: dir } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
  });
});
