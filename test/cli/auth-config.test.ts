import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { openConfigStore } from '../../src/config/config-file.js';
import { createFakeContext, json } from '../support/fake-context.js';
import { tempFolder } from '../support/temp-folder.js';

const TOKEN = 'svc_agent_Zq81LmNopQrsTuv';
let dir: string;

beforeEach(() => {
  dir = tempFolder('svc-config-');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fake world whose config is the real file store in a temporary folder. */
function world(options: Parameters<typeof createFakeContext>[0] = {}) {
  const env = { SVC_CONFIG_DIR: join(dir, 'svc'), SERVICE_API_KEY: undefined, SERVICE_BASE_URL: undefined, ...options.env };
  const fake = createFakeContext({ ...options, env });
  fake.ctx.config = async () => openConfigStore(fake.ctx.env);
  return fake;
}

const configFile = () => join(dir, 'svc', 'config.json');

describe('svc auth', () => {
  it('login reads a piped token, stores it 0600 in a 0700 folder, and never prints it', async () => {
    const login = world({ stdin: `${TOKEN}\n` });
    expect(await run(['auth', 'login'], login.ctx)).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ profiles: { default: { token: TOKEN } } });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'svc')).mode & 0o777).toBe(0o700);
    expect(login.out() + login.err()).not.toContain(TOKEN);
    expect(login.err()).toContain('svc_agent_Zq81********');
  });

  it('login on a terminal asks with a hidden prompt', async () => {
    const login = world({ tty: true, answers: [TOKEN] });
    expect(await run(['auth', 'login', '--profile', 'acme'], login.ctx)).toBe(0);
    expect(login.prompts).toEqual(['Paste the agent session token for profile "acme": ']);
    expect(openConfigStore(login.ctx.env).profile('acme').token).toBe(TOKEN);
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
      "Profile:     default\nBase URL:    https://api.example.com/v1\nProxy:       none: direct (no proxy is set)\nTLS trust:   Node's bundled CAs\nCredential:  stored session token of profile \"default\" (svc auth login)\nToken:       svc_agent_Zq81********\n",
    );
    const token = world();
    expect(await run(['auth', 'token'], token.ctx)).toBe(0);
    expect(token.out()).toBe(`${TOKEN}\n`);
    expect(await run(['auth', 'logout'], world().ctx)).toBe(0);
    const after = world();
    expect(await run(['auth', 'status'], after.ctx)).toBe(4);
    expect(after.out()).toContain('Credential:  none\n');
    expect(openConfigStore(after.ctx.env).profile('default')).toEqual({ baseUrl: 'https://api.example.com/v1' });
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

  it('get prints a setting, list shows every profile with tokens redacted', async () => {
    await run(['config', 'set', 'base-url', 'https://a.example.com/v1'], world().ctx);
    await run(['config', 'set', 'timeout', '12', '--profile', 'acme'], world().ctx);
    await run(['auth', 'login', '--profile', 'acme'], world({ stdin: TOKEN }).ctx);
    const get = world();
    await run(['config', 'get', 'base-url'], get.ctx);
    expect(get.out()).toBe('https://a.example.com/v1\n');
    const list = world();
    expect(await run(['config', 'list'], list.ctx)).toBe(0);
    expect(list.out()).toBe('[acme]\n  timeout = 12\n  token = svc_agent_Zq81********\n[default]\n  base-url = https://a.example.com/v1\n');
  });

  it.each([
    [['config', 'set', 'base-url', 'https://a.example.com/api'], /^svc: the base URL from svc config set must end in \/v1/],
    [['config', 'set', 'colour', 'blue'], /^svc: unknown setting "colour"; settings are: base-url, timeout, retries, proxy, no-proxy, system-ca\n$/],
    [['config', 'set', 'timeout', '-1'], /^svc: timeout: expected a number of seconds from 0.01 to 86400, got "-1"\n$/],
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
