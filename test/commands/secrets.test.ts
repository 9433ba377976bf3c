import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { type HostileServer, startHostileServer } from '../support/hostile-server.js';
import { type SvcRun, freshConfigDir, runSvc } from '../support/svc.js';
import { secretRuns } from './tables/secret-runs.js';

// Every command, through the real bin/svc, with a recognisable credential: it must appear nowhere in
// stdout or stderr, whichever way it came (a stored session token or SERVICE_API_KEY), whatever the
// command printed (--debug, --dry-run, errors, a server echoing it back). `svc auth token` is the
// one command whose job is to print it.

const STORED = 'svc_agent_CANARYstored7f3a9c2e51d4';
const ENV_KEY = 'ws_key_CANARYenv9d8c7b6a5f4e3d2c';

let mock: MockServer;
let hostile: HostileServer;
const stored = { SVC_CONFIG_DIR: freshConfigDir() };
const checked: string[] = [];
const leaks: string[] = [];

beforeAll(async () => {
  [mock, hostile] = await Promise.all([startMockServer({ port: 0, apiKey: ENV_KEY }), startHostileServer()]);
  expect((await runSvc(['config', 'set', 'base-url', mock.url], { env: stored })).code).toBe(0);
  const login = await runSvc(['auth', 'login'], { env: stored, input: `${STORED}\n` });
  expect(login.code).toBe(0);
  record('auth login', login, STORED);
});
afterAll(async () => {
  await Promise.all([mock.close(), hostile.close()]);
  expect(leaks).toEqual([]);
});

/** A secret leaks if it, or its tail past the few characters a redaction shows, is printed. */
function record(name: string, run: SvcRun, secret: string): void {
  const printed = run.stdout + run.stderr;
  checked.push(name);
  if (printed.includes(secret) || printed.includes(secret.slice(-16))) leaks.push(`${name}: ${printed}`);
}

const modes = [
  { mode: 'stored session token', secret: STORED, env: () => stored },
  { mode: 'SERVICE_API_KEY', secret: ENV_KEY, env: () => ({ SERVICE_API_KEY: ENV_KEY, SERVICE_BASE_URL: mock.url }) },
];

describe.each(modes)('with a $mode', ({ mode, secret, env }) => {
  it.concurrent.each(secretRuns)('svc $argv prints no secret', async ({ argv, input }) => {
    const args = argv.map((arg) => arg.replace('{hostile}', hostile.url));
    const run = await runSvc(args, { env: { ...env(), SVC_RETRY_BASE_MS: '1' }, input });
    record(`${mode}: svc ${argv.join(' ')}`, run, secret);
    expect(run.stdout + run.stderr).not.toContain(secret);
    expect(run.stdout + run.stderr).not.toContain(secret.slice(-16));
  });

  it('the server did get it: the runs were real', () => {
    expect(mock.requests.some((r) => r.headers.authorization === `Bearer ${secret}`)).toBe(true);
  });

  it('svc auth token prints it whole, on stdout only', async () => {
    const run = await runSvc(['auth', 'token'], { env: env() });
    expect(run).toEqual({ code: 0, stdout: `${secret}\n`, stderr: '' });
  });
});

describe('after all of it', () => {
  it('logout prints no secret either, and the count of runs checked matches the table', async () => {
    const logout = await runSvc(['auth', 'logout'], { env: stored });
    expect(logout.code).toBe(0);
    record('auth logout', logout, STORED);
    expect(checked).toHaveLength(2 + 2 * secretRuns.length);
    expect(leaks).toEqual([]);
  });
});
