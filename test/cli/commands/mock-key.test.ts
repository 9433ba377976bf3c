import { describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/run.js';
import { createFakeContext } from '../../support/fake-context.js';

// The mock's own key, svc_mock_key, is public by design: `svc mock` prints it as it is, in its
// banner and its help, even when SERVICE_API_KEY already holds it (the README's order when the mock
// is restarted). Any other key the user holds is a credential, and stays redacted. svc runs
// in-process (run: the guarded context, with its redaction, as the command line has it); the
// mock it starts listens on 127.0.0.1 and is asked whether it accepts the key it printed.

/** `svc mock --port 0 …` until its banner is out; then a call with the printed key, and Ctrl-C. */
async function startMock(env: Record<string, string>, args: string[] = []) {
  const fake = createFakeContext({ env });
  const interrupt = new AbortController();
  fake.ctx.signal = interrupt.signal;
  let announced!: () => void;
  const banner = new Promise<void>((resolve) => (announced = resolve));
  const out = fake.ctx.io.out;
  fake.ctx.io.out = (text) => {
    out(text);
    if (text.includes('export SERVICE_API_KEY=')) announced();
  };
  const done = run(['mock', '--port', '0', ...args], fake.ctx);
  await Promise.race([banner, done]);
  const printed = fake.out();
  const url = /^export SERVICE_BASE_URL=(\S+)$/m.exec(printed)?.[1];
  const key = /^export SERVICE_API_KEY=(\S+)$/m.exec(printed)?.[1];
  const status = url && key ? (await fetch(`${url}/email/drafts/dr_123`, { headers: { authorization: `Bearer ${key}` } })).status : undefined;
  interrupt.abort();
  return { printed, status, code: await done, err: fake.err() };
}

describe("the mock's public key", () => {
  it.each([
    ['SERVICE_API_KEY unset', {}],
    ['SERVICE_API_KEY=svc_mock_key exported', { SERVICE_API_KEY: 'svc_mock_key' }],
  ])('%s: the banner prints svc_mock_key, and the mock accepts what it printed', async (_case, env) => {
    const mock = await startMock({ SERVICE_API_KEY: '', ...env });
    expect(mock.printed).toContain('API key: svc_mock_key (any svc_agent_ token is accepted too)\n');
    expect(mock.printed).toContain('export SERVICE_API_KEY=svc_mock_key\n');
    expect(mock.status).toBe(200);
    expect(mock.code).toBe(0);
  });

  it('svc mock --help shows the default key as it is, with SERVICE_API_KEY=svc_mock_key exported', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: 'svc_mock_key' } });
    expect(await run(['mock', '--help'], fake.ctx)).toBe(0);
    expect(fake.out()).toMatch(/--api-key <key> +API key the service accepts[^\n]*\n?[^\n]*\(default: "svc_mock_key"\)/);
    expect(fake.out()).not.toContain('********');
  });

  it('a call with the mock key shows it in --dry-run: it opens nothing but the mock', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: 'svc_mock_key' } });
    expect(await run(['email', 'drafts', 'get', 'dr_123', '--dry-run'], fake.ctx)).toBe(0);
    expect(fake.out()).toContain('authorization: Bearer svc_mock_key\n');
  });
});

describe('every other key stays a secret', () => {
  const REAL = 'sk_live_realWorkspaceKey0123456789';

  it('a mock started with the real key exported: the banner hides it, and the mock still accepts it', async () => {
    const mock = await startMock({ SERVICE_API_KEY: REAL }, ['--api-key', REAL]);
    expect(mock.printed + mock.err).not.toContain('realWorkspaceKey');
    expect(mock.printed).toContain('export SERVICE_API_KEY=********\n');
    expect(mock.code).toBe(0);
  });

  it('svc mock --help with a real key exported shows the mock default, and nothing of the real key', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: REAL } });
    expect(await run(['mock', '--help'], fake.ctx)).toBe(0);
    expect(fake.out()).toContain('(default: "svc_mock_key")');
    expect(fake.out()).not.toContain('realWorkspaceKey');
  });

  it('--dry-run with a real key and a stored agent token: both redacted', async () => {
    const agent = 'svc_agent_storedSessionToken987654321';
    const withKey = createFakeContext({ env: { SERVICE_API_KEY: REAL } });
    expect(await run(['email', 'drafts', 'get', 'dr_123', '--dry-run'], withKey.ctx)).toBe(0);
    expect(withKey.out()).toContain('authorization: Bearer ********\n');
    expect(withKey.out()).not.toContain('realWorkspaceKey');
    const withToken = createFakeContext({ env: { SERVICE_API_KEY: undefined }, profiles: { default: { token: agent } } });
    expect(await run(['email', 'drafts', 'get', 'dr_123', '--dry-run'], withToken.ctx)).toBe(0);
    expect(withToken.out()).toContain('authorization: Bearer svc_agent_********\n');
    expect(withToken.out()).not.toContain('storedSessionToken');
  });
});
