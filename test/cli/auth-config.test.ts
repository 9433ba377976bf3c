import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { openConfigStore } from '../../src/config/config-file.js';
import { createFakeContext, createMemoryKeyring, json } from '../support/fake-context.js';
import { tempFolder } from '../support/temp-folder.js';

const TOKEN = 'svc_agent_Zq81LmNopQrsTuv';
let dir: string;
/** One system keyring for every svc a test runs, as the user's session has one. */
let keyring: ReturnType<typeof createMemoryKeyring>;

beforeEach(() => {
  dir = tempFolder('svc-config-');
  keyring = createMemoryKeyring();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fake world whose config is the real file store in a temporary folder. */
function world(options: Parameters<typeof createFakeContext>[0] = {}) {
  const env = { SVC_CONFIG_DIR: join(dir, 'svc'), SERVICE_API_KEY: undefined, SERVICE_BASE_URL: undefined, ...options.env };
  const fake = createFakeContext({ keyring, ...options, env });
  fake.ctx.config = async () => openConfigStore(fake.ctx.env);
  return fake;
}

const configFile = () => join(dir, 'svc', 'config.json');

describe('svc auth', () => {
  it('login stores the token in the system keyring; the config file only says so', async () => {
    const login = world({ stdin: `${TOKEN}\n` });
    expect(await run(['auth', 'login'], login.ctx)).toBe(0);
    expect([...keyring.tokens]).toEqual([['default', TOKEN]]);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ profiles: { default: { tokenStorage: 'keyring' } } });
    expect(login.err()).toBe('Signed in: profile "default" now uses svc_agent_******** (stored in the system keyring).\n');
  });

  it('without a keyring, login says so in one line and stores the token 0600 in a 0700 folder', async () => {
    const login = world({ stdin: TOKEN, keyring: createMemoryKeyring({ unavailable: 'no D-Bus session with a Secret Service is reachable' }) });
    expect(await run(['auth', 'login'], login.ctx)).toBe(0);
    expect(login.err()).toBe(
      `svc: note: no system keyring can be used (no D-Bus session with a Secret Service is reachable); the token is stored in plain text in the config file instead (--insecure-storage says so without trying)\nSigned in: profile "default" now uses svc_agent_******** (stored in ${configFile()}).\n`,
    );
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ profiles: { default: { token: TOKEN } } });
  });

  it('login --insecure-storage reads a piped token, stores it 0600 in a 0700 folder, and never prints it', async () => {
    const login = world({ stdin: `${TOKEN}\n` });
    expect(await run(['auth', 'login', '--insecure-storage'], login.ctx)).toBe(0);
    expect(keyring.tokens.size).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ profiles: { default: { token: TOKEN } } });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'svc')).mode & 0o777).toBe(0o700);
    expect(login.out() + login.err()).not.toContain(TOKEN);
    expect(login.err()).toContain('svc_agent_********');
  });

  it('login on a terminal asks with a hidden prompt', async () => {
    const login = world({ tty: true, answers: [TOKEN] });
    expect(await run(['auth', 'login', '--profile', 'acme'], login.ctx)).toBe(0);
    expect(login.prompts).toEqual(['Paste the agent session token for profile "acme": ']);
    expect(keyring.tokens.get('acme')).toBe(TOKEN);
  });

  it.each([
    ['sk_live_123', 'svc: that is not an agent session token: an agent session token starts with svc_agent_\n'],
    ['svc_agent_', 'svc: that is not an agent session token: the token is empty after its prefix\n'],
    ['', 'svc: no token given: pipe it on stdin or paste it at the prompt\n'],
  ])('login refuses %j with exit 2 and stores nothing', async (token, message) => {
    const login = world({ stdin: token });
    expect(await run(['auth', 'login'], login.ctx)).toBe(2);
    expect(login.err()).toBe(message);
    expect(() => statSync(configFile())).toThrow();
  });

  it('status shows profile, base URL, source and the token redacted; token prints it; logout removes it', async () => {
    await run(['auth', 'login'], world({ stdin: TOKEN }).ctx);
    await run(['config', 'set', 'base-url', 'https://api.example.com/v1'], world().ctx);
    const status = world();
    expect(await run(['auth', 'status'], status.ctx)).toBe(0);
    expect(status.out()).toBe(
      'Profile:     default\nBase URL:    https://api.example.com/v1\nProxy:       none: direct (no proxy is set)\nTLS trust:   Node\'s bundled CAs\nCredential:  stored session token of profile "default" (svc auth login)\nStored in:   the system keyring\nToken:       svc_agent_********\n',
    );
    const token = world();
    expect(await run(['auth', 'token'], token.ctx)).toBe(0);
    expect(token.out()).toBe(`${TOKEN}\n`);
    expect(await run(['auth', 'logout'], world().ctx)).toBe(0);
    const after = world();
    expect(await run(['auth', 'status'], after.ctx)).toBe(4);
    expect(after.out()).toContain('Credential:  none\n');
    expect(openConfigStore(after.ctx.env).profile('default')).toEqual({ baseUrl: 'https://api.example.com/v1' });
    expect(keyring.tokens.size).toBe(0);
  });

  it('a keyring that cannot be reached after login: one line, exit 4, nothing sent', async () => {
    await run(['auth', 'login'], world({ stdin: TOKEN }).ctx);
    const call = world({
      env: { SERVICE_BASE_URL: 'http://127.0.0.1:1/v1' },
      keyring: createMemoryKeyring({ unavailable: 'the keyring is locked' }),
      respond: () => json(200, []),
    });
    expect(await run(['crm', 'tasks', 'series', 'occurrences', 'list', 's'], call.ctx)).toBe(4);
    expect(call.err()).toBe(
      'svc: the session token of profile "default" is kept in the system keyring, which cannot be used now (the keyring is locked); nothing was sent: unlock the keyring, set SERVICE_API_KEY, or run `svc auth login` again\n',
    );
    expect(call.requests).toEqual([]);
    keyring.tokens.clear();
    const gone = world({ env: { SERVICE_BASE_URL: 'http://127.0.0.1:1/v1' }, respond: () => json(200, []) });
    expect(await run(['crm', 'tasks', 'series', 'occurrences', 'list', 's'], gone.ctx)).toBe(4);
    expect(gone.err()).toBe(
      'svc: the system keyring holds no session token for profile "default" any more; nothing was sent: run `svc auth login` again, or set SERVICE_API_KEY\n',
    );
    expect(gone.requests).toEqual([]);
  });

  it('a token read from the keyring is redacted from everything printed, an answer that echoes it included', async () => {
    await run(['auth', 'login'], world({ stdin: TOKEN }).ctx);
    const call = world({ env: { SERVICE_BASE_URL: 'http://127.0.0.1:1/v1' }, respond: () => json(200, [{ echo: TOKEN }]) });
    expect(await run(['crm', 'tasks', 'series', 'occurrences', 'list', 's', '--debug', '--output', 'json'], call.ctx)).toBe(0);
    expect(call.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call.out() + call.err()).not.toContain(TOKEN);
    expect(call.out()).toContain('"echo": "svc_agent_********"');
  });

  it('SERVICE_API_KEY comes before the stored token, and the stored token is used without it', async () => {
    await run(['auth', 'login'], world({ stdin: TOKEN }).ctx);
    const withKey = world({ env: { SERVICE_API_KEY: 'ws_key_ABCDEFGH', SERVICE_BASE_URL: 'http://127.0.0.1:1/v1' }, respond: () => json(200, []) });
    await run(['crm', 'tasks', 'series', 'occurrences', 'list', 's'], withKey.ctx);
    expect(withKey.requests[0]!.headers.authorization).toBe('Bearer ws_key_ABCDEFGH');
    const withToken = world({ env: { SERVICE_BASE_URL: 'http://127.0.0.1:1/v1' }, respond: () => json(200, []) });
    await run(['crm', 'tasks', 'series', 'occurrences', 'list', 's'], withToken.ctx);
    expect(withToken.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('svc config and profiles', () => {
  it('keeps a base URL per profile, chosen by --profile or SERVICE_PROFILE', async () => {
    expect(await run(['config', 'set', 'base-url', 'http://127.0.0.1:1111/v1'], world().ctx)).toBe(0);
    expect(await run(['config', 'set', 'base-url', 'http://127.0.0.1:2222/v1', '--profile', 'acme'], world().ctx)).toBe(0);
    const byFlag = world({ env: { SERVICE_API_KEY: 'k_12345678' }, respond: () => json(200, []) });
    await run(['--profile', 'acme', 'crm', 'tasks', 'series', 'occurrences', 'list', 's'], byFlag.ctx);
    expect(byFlag.requests[0]!.url).toBe('http://127.0.0.1:2222/v1/crm/tasks/series/s/occurrences');
    const byEnv = world({ env: { SERVICE_API_KEY: 'k_12345678', SERVICE_PROFILE: 'acme' }, respond: () => json(200, []) });
    await run(['crm', 'tasks', 'series', 'occurrences', 'list', 's'], byEnv.ctx);
    expect(byEnv.requests[0]!.url).toBe('http://127.0.0.1:2222/v1/crm/tasks/series/s/occurrences');
    const byDefault = world({ env: { SERVICE_API_KEY: 'k_12345678' }, respond: () => json(200, []) });
    await run(['crm', 'tasks', 'series', 'occurrences', 'list', 's'], byDefault.ctx);
    expect(byDefault.requests[0]!.url).toBe('http://127.0.0.1:1111/v1/crm/tasks/series/s/occurrences');
    const envWins = world({ env: { SERVICE_API_KEY: 'k_12345678', SERVICE_BASE_URL: 'http://127.0.0.1:3333/v1' }, respond: () => json(200, []) });
    await run(['crm', 'tasks', 'series', 'occurrences', 'list', 's'], envWins.ctx);
    expect(envWins.requests[0]!.url).toBe('http://127.0.0.1:3333/v1/crm/tasks/series/s/occurrences');
  });

  it('get prints a setting, list --all shows every profile with tokens redacted', async () => {
    await run(['config', 'set', 'base-url', 'https://a.example.com/v1'], world().ctx);
    await run(['config', 'set', 'timeout', '12', '--profile', 'acme'], world().ctx);
    await run(['auth', 'login', '--profile', 'acme', '--insecure-storage'], world({ stdin: TOKEN }).ctx);
    await run(['auth', 'login', '--profile', 'kr'], world({ stdin: TOKEN }).ctx);
    const get = world();
    await run(['config', 'get', 'base-url'], get.ctx);
    expect(get.out()).toBe('https://a.example.com/v1\n');
    const list = world();
    expect(await run(['config', 'list', '--all'], list.ctx)).toBe(0);
    expect(list.out()).toBe(
      '[acme]\n  timeout = 12\n  token = svc_agent_********\n[default]\n  base-url = https://a.example.com/v1\n[kr]\n  token = (in the system keyring)\n',
    );
  });

  it('list shows what a call would use and where each value comes from: flag, environment, profile, default', async () => {
    await run(['config', 'set', 'base-url', 'https://a.example.com/v1', '--profile', 'acme'], world().ctx);
    await run(['config', 'set', 'timeout', '12', '--profile', 'acme'], world().ctx);
    await run(['config', 'set', 'proxy', 'http://u:proxy-pass@proxy.example:3128', '--profile', 'acme'], world().ctx);
    await run(['config', 'set', 'rate', '600/m', '--profile', 'acme'], world().ctx);
    await run(['auth', 'login', '--profile', 'acme'], world({ stdin: TOKEN }).ctx);
    const list = world({ env: { SERVICE_PROFILE: 'acme', NO_PROXY: '.internal' } });
    expect(await run(['config', 'list', '--retries', '1'], list.ctx)).toBe(0);
    const inAcme = `profile "acme" (${configFile()})`;
    expect(list.out()).toBe(
      [
        'NAME        VALUE                             SOURCE',
        'profile     acme                              SERVICE_PROFILE',
        `base-url    https://a.example.com/v1          ${inAcme}`,
        `timeout     12                                ${inAcme}`,
        'retries     1                                 --retries',
        `proxy       http://u:****@proxy.example:3128  ${inAcme}`,
        'no-proxy    .internal                         NO_PROXY',
        'system-ca   false                             default',
        `rate        600/m                             ${inAcme}`,
        'credential  (in the system keyring)           profile "acme", in the system keyring',
        '',
      ].join('\n'),
    );
    expect(list.out()).not.toContain('proxy-pass');
    const withKey = world({ env: { SERVICE_API_KEY: 'ws_key_ABCDEFGHIJKLMNOP', SERVICE_BASE_URL: 'http://127.0.0.1:9/v1' } });
    expect(await run(['config', 'list', '--base-url', 'http://127.0.0.1:8/v1'], withKey.ctx)).toBe(0);
    expect(withKey.out()).toMatch(/^base-url +http:\/\/127\.0\.0\.1:8\/v1 +--base-url$/m);
    expect(withKey.out()).toMatch(/^timeout +30 +default$/m);
    expect(withKey.out()).toMatch(/^proxy +\(not set\)$/m);
    expect(withKey.out()).toMatch(/^rate +none +default$/m);
    expect(withKey.out()).toMatch(/^credential +\*{8} +SERVICE_API_KEY$/m);
  });

  it('an alias written to a private file says only that it was added', async () => {
    await run(['config', 'set', 'timeout', '12'], world().ctx);
    const set = world();
    expect(await run(['alias', 'set', 'dg', 'email drafts get'], set.ctx)).toBe(0);
    expect(set.err()).toBe('Added alias dg: svc dg now runs svc email drafts get\n');
  });

  it('an alias written to a file open to other users tightens it and says so', async () => {
    await run(['config', 'set', 'timeout', '12'], world().ctx);
    chmodSync(configFile(), 0o644);
    const set = world();
    expect(await run(['alias', 'set', 'dg', 'email drafts get'], set.ctx)).toBe(0);
    expect(set.err()).toBe(
      `svc: warning: ${configFile()} was open to other users (mode 0644); it is now 0600\nAdded alias dg: svc dg now runs svc email drafts get\n`,
    );
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(openConfigStore(set.ctx.env).aliases()).toEqual({ dg: 'email drafts get' });
  });

  it('unset removes one setting of the profile and leaves the rest; an unset key is a note, an unknown one exit 2', async () => {
    await run(['config', 'set', 'timeout', '12'], world().ctx);
    await run(['config', 'set', 'retries', '2'], world().ctx);
    const unset = world();
    expect(await run(['config', 'unset', 'timeout'], unset.ctx)).toBe(0);
    expect(unset.err()).toBe('Unset timeout of profile "default".\n');
    expect(openConfigStore(unset.ctx.env).profile('default')).toEqual({ retries: 2 });
    const again = world();
    expect(await run(['config', 'unset', 'timeout'], again.ctx)).toBe(0);
    expect(again.err()).toBe('Profile "default" has no timeout set; nothing to change.\n');
    const unknown = world();
    expect(await run(['config', 'unset', 'colour'], unknown.ctx)).toBe(2);
    expect(unknown.err()).toBe('svc: unknown setting "colour"; settings are: base-url, timeout, retries, proxy, no-proxy, system-ca, rate\n');
  });

  it.each([
    [['config', 'set', 'base-url', 'https://a.example.com/api'], /^svc: the base URL from svc config set must end in \/v1/],
    [['config', 'set', 'colour', 'blue'], /^svc: unknown setting "colour"; settings are: base-url, timeout, retries, proxy, no-proxy, system-ca, rate\n$/],
    [['config', 'set', 'timeout', '-1'], /^svc: timeout: expected a number of seconds from 0.01 to 86400, got "-1"\n$/],
    [['config', 'set', 'rate', '50/h'], /^svc: rate: expected requests per second or per minute, as n, n\/s or n\/m .*got "50\/h"\n$/],
    [['config', 'set', 'rate', '0'], /^svc: rate: expected requests per second or per minute/],
  ])('refuses %j with exit 2', async (argv, message) => {
    const fake = world();
    expect(await run(argv, fake.ctx)).toBe(2);
    expect(fake.err()).toMatch(message);
  });

  it('a corrupted config file gets a clear error naming it and is not overwritten', async () => {
    await run(['config', 'set', 'base-url', 'https://a.example.com/v1'], world().ctx);
    writeFileSync(configFile(), '{"profiles": {');
    const fake = world({ stdin: TOKEN });
    expect(await run(['auth', 'login'], fake.ctx)).toBe(2);
    expect(fake.err()).toBe(`svc: the config file ${configFile()} is not valid JSON; fix or remove it\n`);
    expect(readFileSync(configFile(), 'utf8')).toBe('{"profiles": {');
  });
});
