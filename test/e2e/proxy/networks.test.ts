import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Certificates, type CertificateKind, hasOpenssl, makeCertificates } from '../../../scripts/bench/private-ca.mjs';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild } from '../../support/builds.js';
import { type SvcRun, freshConfigDir, runSvcProcess } from '../../support/svc.js';
import { findTinyproxy, startTinyproxy, type Tinyproxy } from '../../support/tinyproxy.js';
import { startTlsFront, type TlsFront } from '../../support/tls-front.js';

// Proxies and private certificate authorities, against real parts on loopback: a real proxy
// (Debian's tinyproxy, installed by .ci/run) in front of the real mock behind a TLS terminator
// whose certificate comes from a private CA made here with openssl; each build of svc. What was sent is read from the proxy's log and the mock's request record.

const tinyproxyBinary = findTinyproxy();
const skipped = !tinyproxyBinary ? 'tinyproxy is not installed' : !hasOpenssl() ? 'openssl is not installed' : undefined;

const USER = 'proxyuser';
const PASSWORD = 'Prx-CANARY-9f8e7d6c5b4a';
const WRONG = 'Wrong-CANARY-1a2b3c4d5e';

let certs: Certificates;
let mock: MockServer;
let proxy: Tinyproxy;
let authProxy: Tinyproxy;
const fronts = {} as Record<CertificateKind, TlsFront>;

describe.skipIf(skipped)(`svc behind a real proxy, with a private CA${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  beforeAll(async () => {
    certs = makeCertificates();
    mock = await startMockServer({ port: 0 });
    const port = Number(new URL(mock.origin).port);
    for (const kind of Object.keys(certs.servers) as CertificateKind[]) fronts[kind] = await startTlsFront(certs.servers[kind], port);
    [proxy, authProxy] = await Promise.all([startTinyproxy(tinyproxyBinary!), startTinyproxy(tinyproxyBinary!, { user: USER, password: PASSWORD })]);
  });
  afterAll(async () => {
    await Promise.all([proxy?.stop(), authProxy?.stop(), mock?.close(), ...Object.values(fronts).map((front) => front.close())]);
    certs?.remove();
  });
  beforeEach(() => mock.reset());

  eachBuild((build) => {
    const https = (kind: CertificateKind = 'trusted', host = '127.0.0.1') => `https://${host}:${fronts[kind].port}/v1`;
    const env = (extra: Record<string, string>) => ({ SERVICE_API_KEY: mock.apiKey, NODE_EXTRA_CA_CERTS: certs.caFile, ...extra });
    const getDraft = (extra: Record<string, string>, ...flags: string[]) =>
      runSvcProcess(['email', 'drafts', 'get', 'dr_123', ...flags], { build, env: env(extra) });
    const printed = (run: SvcRun) => run.stdout + run.stderr;
    const received = () => mock.requests.map((request) => request.path);

    it('https goes through HTTPS_PROXY with CONNECT, and --debug names the proxy', async () => {
      const before = proxy.requestLines().length;
      const run = await getDraft({ SERVICE_BASE_URL: https(), HTTPS_PROXY: proxy.origin }, '--debug');
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).draftId).toBe('dr_123');
      expect(run.stderr).toContain(`* via proxy ${proxy.origin} (HTTPS_PROXY)`);
      expect(proxy.requestLines().slice(before)).toEqual([`CONNECT 127.0.0.1:${fronts.trusted.port} HTTP/1.1`]);
      expect(received()).toEqual(['/v1/email/drafts/dr_123']);
    });

    it('http goes through HTTP_PROXY in absolute form; HTTPS_PROXY does not apply to it', async () => {
      const before = proxy.requestLines().length;
      const run = await getDraft({ SERVICE_BASE_URL: mock.url, HTTP_PROXY: proxy.origin });
      expect(run.code, run.stderr).toBe(0);
      expect(proxy.requestLines().slice(before)).toEqual([`GET ${mock.url}/email/drafts/dr_123 HTTP/1.1`]);
      expect(mock.requests[0]!.headers.via).toMatch(/tinyproxy/);
      const direct = await getDraft({ SERVICE_BASE_URL: mock.url, HTTPS_PROXY: 'http://127.0.0.1:1' }, '--debug');
      expect(direct.code, direct.stderr).toBe(0);
      expect(direct.stderr).toContain('* direct (no proxy is set)');
    });

    it('the lower-case variable wins over the upper-case one, as in curl', async () => {
      const run = await getDraft({ SERVICE_BASE_URL: https(), https_proxy: proxy.origin, HTTPS_PROXY: 'http://127.0.0.1:1' }, '--debug');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(`(https_proxy)`);
    });

    it.each([
      ['NO_PROXY', '127.0.0.1', '127.0.0.1'],
      ['no_proxy', '*', '127.0.0.1'],
      ['NO_PROXY', 'example.com, 127.0.0.0/8', '127.0.0.1'],
      ['NO_PROXY', 'localhost', 'localhost'],
      ['no_proxy', '.localhost', 'localhost'],
    ])('%s=%s sends %s direct, and --debug says why', async (name, noProxy, host) => {
      const before = proxy.requestLines().length;
      const run = await getDraft({ SERVICE_BASE_URL: https('trusted', host), HTTPS_PROXY: proxy.origin, [name]: noProxy }, '--debug');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(new RegExp(`\\* direct \\(${name} entry ".+" matches ${host}:${fronts.trusted.port}, so HTTPS_PROXY is bypassed\\)`));
      expect(proxy.requestLines().slice(before)).toEqual([]);
      expect(received()).toEqual(['/v1/email/drafts/dr_123']);
    });

    // Entries curl does not read as 127.0.0.1: a piece of the address, a pattern, a port, `*` in a list.
    it.each(['1', '.1', '0.0.1', '*.1', '127.0.0.1:PORT', '[127.0.0.1]', 'example.com, *', 'example.com 127.0.0.1'])(
      'NO_PROXY=%s does not bypass the proxy, as with curl',
      async (value) => {
        const before = proxy.requestLines().length;
        const noProxy = value.replace('PORT', String(fronts.trusted.port));
        const run = await getDraft({ SERVICE_BASE_URL: https(), HTTPS_PROXY: proxy.origin, NO_PROXY: noProxy }, '--debug');
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toContain(`* via proxy ${proxy.origin} (HTTPS_PROXY)`);
        expect(proxy.requestLines().slice(before)).toEqual([`CONNECT 127.0.0.1:${fronts.trusted.port} HTTP/1.1`]);
        expect(received()).toEqual(['/v1/email/drafts/dr_123']);
      },
    );

    it('proxy credentials in the URL work; the password appears in no output', async () => {
      const withAuth = authProxy.origin.replace('//', `//${USER}:${PASSWORD}@`);
      const runs = [
        await getDraft({ SERVICE_BASE_URL: https(), HTTPS_PROXY: withAuth }, '--debug'),
        await getDraft({ SERVICE_BASE_URL: mock.url, http_proxy: withAuth }, '--debug'),
        await getDraft({ SERVICE_BASE_URL: https(), HTTPS_PROXY: withAuth }, '--dry-run'),
        await runSvcProcess(['auth', 'status'], { build, env: env({ SERVICE_BASE_URL: https(), HTTPS_PROXY: withAuth }) }),
      ];
      expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0]);
      expect(runs[0]!.stderr).toContain(`* via proxy http://${USER}:****@127.0.0.1:${authProxy.port} (HTTPS_PROXY)`);
      expect(runs[3]!.stdout).toContain(`Proxy:       http://${USER}:****@127.0.0.1:${authProxy.port} (HTTPS_PROXY)`);
      expect(runs[3]!.stdout).toMatch(/TLS trust:.*NODE_EXTRA_CA_CERTS=/);
      const basic = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
      for (const run of runs) for (const form of [PASSWORD, PASSWORD.slice(-12), basic]) expect(printed(run)).not.toContain(form);
      expect(received()).toEqual(['/v1/email/drafts/dr_123', '/v1/email/drafts/dr_123']);
    });

    it.each([['https (CONNECT)'], ['http (absolute form)']])('a 407 over %s is its own line, exit 4, not retried, password not shown', async (scheme) => {
      const base = scheme.startsWith('https') ? https() : mock.url;
      const wrong = await getDraft(
        {
          SERVICE_BASE_URL: base,
          HTTPS_PROXY: authProxy.origin.replace('//', `//${USER}:${WRONG}@`),
          HTTP_PROXY: authProxy.origin.replace('//', `//${USER}:${WRONG}@`),
        },
        '--debug',
      );
      expect(wrong.code).toBe(4);
      expect(wrong.stderr).toContain(`svc: the proxy at 127.0.0.1:${authProxy.port} refused the credentials (HTTP 407)`);
      expect(wrong.stderr.match(/^> GET/gm)).toHaveLength(1);
      expect(printed(wrong)).not.toContain(WRONG);
      const none = await getDraft({ SERVICE_BASE_URL: base, HTTPS_PROXY: authProxy.origin, HTTP_PROXY: authProxy.origin });
      expect(none.code).toBe(4);
      expect(none.stderr).toBe(
        `svc: the proxy at 127.0.0.1:${authProxy.port} asks for credentials (HTTP 407); put them in the proxy URL: http://user:password@127.0.0.1:${authProxy.port}\n`,
      );
      expect(received()).toEqual([]);
    });

    it('an unreachable proxy is named as the proxy, exit 3; the API is not contacted', async () => {
      const run = await getDraft({ SERVICE_BASE_URL: https(), HTTPS_PROXY: `http://${USER}:${PASSWORD}@127.0.0.1:1`, SVC_RETRY_BASE_MS: '0' });
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(
        /^svc: could not reach the proxy at 127\.0\.0\.1:1 \(ECONNREFUSED\); the API at 127\.0\.0\.1:\d+ was not contacted \(after 4 attempts\)\n$/,
      );
      expect(printed(run)).not.toContain(PASSWORD);
      expect(received()).toEqual([]);
    });

    it.each([
      ['self-signed', 'it is self-signed [DEPTH_ZERO_SELF_SIGNED_CERT]'],
      [
        'unknown-issuer',
        'it is signed by an unknown authority [UNABLE_TO_VERIFY_LEAF_SIGNATURE]; if a private CA signed it, point NODE_EXTRA_CA_CERTS at that CA',
      ],
      ['expired', 'it has expired [CERT_HAS_EXPIRED]'],
      ['wrong-name', 'it is for another host name (DNS:api.example.test) [ERR_TLS_CERT_ALTNAME_INVALID]'],
    ] as const)('a %s certificate: one line naming host and reason, exit 3, one attempt', async (kind, reason) => {
      const before = fronts[kind].connections;
      const run = await getDraft({ SERVICE_BASE_URL: https(kind) });
      expect(run.code).toBe(3);
      expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(run.stderr).toContain(`svc: the TLS certificate of 127.0.0.1:${fronts[kind].port} is not trusted: ${reason}`);
      expect(fronts[kind].connections - before).toBe(1);
      expect(received()).toEqual([]);
    });

    it('without NODE_EXTRA_CA_CERTS the private CA is unknown, also through the proxy (one attempt)', async () => {
      const before = fronts.trusted.connections;
      const run = await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], {
        build,
        env: { SERVICE_API_KEY: mock.apiKey, SERVICE_BASE_URL: https(), HTTPS_PROXY: proxy.origin },
      });
      expect(run.code).toBe(3);
      expect(run.stderr).toContain('is not trusted: it is signed by an unknown authority');
      expect(run.stderr).toContain('NODE_EXTRA_CA_CERTS=/path/ca.pem');
      expect(fronts.trusted.connections - before).toBe(1);
    });

    // The standalone binary reads the system store whatever svc is told: its way out is the store itself.
    it(`the way out of an unknown CA is one that works in the ${build.name}`, async () => {
      const run = await getDraft({ SERVICE_BASE_URL: https('unknown-issuer') });
      expect(run.stderr).toMatch(
        build.standalone
          ? / or add it to the system store, which the standalone binary reads \(or SSL_CERT_FILE=\/path\/ca\.pem\)\n$/
          : / or use the system store \(`svc config set system-ca true`\)\n$/,
      );
    });

    it('the profile setting proxy applies below the environment; config list masks the password', async () => {
      const config = { SVC_CONFIG_DIR: freshConfigDir() };
      const withAuth = authProxy.origin.replace('//', `//${USER}:${PASSWORD}@`);
      const set = await runSvcProcess(['config', 'set', 'proxy', withAuth], { build, env: config });
      expect(set.code, set.stderr).toBe(0);
      const list = await runSvcProcess(['config', 'list', '--all'], { build, env: config });
      expect(list.stdout).toContain(`proxy = http://${USER}:****@127.0.0.1:${authProxy.port}`);
      const viaProfile = await getDraft({ ...config, SERVICE_BASE_URL: https() }, '--debug');
      expect(viaProfile.code, viaProfile.stderr).toBe(0);
      expect(viaProfile.stderr).toContain('(the profile setting proxy)');
      const envWins = await getDraft({ ...config, SERVICE_BASE_URL: https(), HTTPS_PROXY: proxy.origin }, '--debug');
      expect(envWins.stderr).toContain(`* via proxy ${proxy.origin} (HTTPS_PROXY)`);
      for (const run of [set, list, viaProfile, envWins]) expect(printed(run)).not.toContain(PASSWORD);
    });

    it('batch lines go through the same proxy and CA', async () => {
      const before = proxy.requestLines().length;
      const lines = '{"draftId":"dr_123"}\n{"draftId":"dr_456"}\n';
      const run = await runSvcProcess(['email', 'drafts', 'get', '--input', '-'], {
        build,
        env: env({ SERVICE_BASE_URL: https(), HTTPS_PROXY: proxy.origin }),
        input: lines,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(
        run.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).ok),
      ).toEqual([true, true]);
      // One tunnel, or two when both lines were in flight at once (timing decides which); never none.
      const tunnels = proxy.requestLines().slice(before);
      expect([1, 2]).toContain(tunnels.length);
      expect(new Set(tunnels)).toEqual(new Set([`CONNECT 127.0.0.1:${fronts.trusted.port} HTTP/1.1`]));
      expect(received().sort()).toEqual(['/v1/email/drafts/dr_123', '/v1/email/drafts/dr_456']);
    });
  });

  it("the library (createClient, the npm package's alone) goes through the same proxy and CA logic", async () => {
    const https = (kind: CertificateKind = 'trusted') => `https://127.0.0.1:${fronts[kind].port}/v1`;
    const received = () => mock.requests.map((request) => request.path);
    const library = pathToFileURL(join(import.meta.dirname, '..', '..', '..', 'dist', 'index.js')).href;
    const script = `import { createClient } from '${library}';
const call = (baseUrl) => createClient({ baseUrl, token: process.env.TOKEN }).call('email_drafts_get', { draftId: 'dr_123' });
const [good, bad] = [await call(process.env.GOOD), await call(process.env.BAD)];
console.log(JSON.stringify({ good: good.ok, bad: bad.ok ? null : bad.error.failure, attempts: bad.attempts }));`;
    const before = proxy.requestLines().length;
    const env = {
      PATH: process.env.PATH,
      HTTPS_PROXY: proxy.origin,
      NODE_EXTRA_CA_CERTS: certs.caFile,
      TOKEN: mock.apiKey,
      GOOD: https(),
      BAD: https('expired'),
    };
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env, timeout: 15_000 });
    expect(JSON.parse(stdout)).toEqual({ good: true, bad: 'tls', attempts: 1 });
    expect(proxy.requestLines().slice(before)).toEqual([
      `CONNECT 127.0.0.1:${fronts.trusted.port} HTTP/1.1`,
      `CONNECT 127.0.0.1:${fronts.expired.port} HTTP/1.1`,
    ]);
    expect(received()).toEqual(['/v1/email/drafts/dr_123']);
  });
});
