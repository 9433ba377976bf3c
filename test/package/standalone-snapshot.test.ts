import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Certificates, hasOpenssl, makeCertificates } from '../../scripts/bench/private-ca.mjs';
import { buildStandalone, standaloneName, standaloneUnsupportedReason } from '../../scripts/package/standalone.mjs';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { tempFolder } from '../support/temp-folder.js';
import { startTlsFront, type TlsFront } from '../support/tls-front.js';

// The standalone binary built to start from a V8 startup snapshot (npm run package -- --snapshot):
// its heap was made on the build machine, so what only a started process shows is checked here,
// once per file: it reads the environment, its settings, the terminal's colour settings and the
// working folder when it runs, trusts a private CA given then, goes through a proxy given then, and
// prints no secret. Its machine is this one: `env` holds no Node (PATH=/nonexistent).
const exec = promisify(execFile);
const skipped = standaloneUnsupportedReason() ?? (hasOpenssl() ? undefined : 'openssl is not installed');
const work = tempFolder('svc-snapshot-test-');
const binary = join(work, standaloneName);
const TOKEN = 'svc_agent_snapshot_test_token_0123456789abcdef';
const PROXY_PASSWORD = 'proxy-secret-4f1d';
let certs: Certificates;
let mock: MockServer;
let front: TlsFront;
let proxy: { origin: string; connects: string[]; authorizations: string[]; server: Server };
let builtFromSnapshot: boolean;
const buildLog: string[] = [];

async function svc(args: string[], env: Record<string, string>, cwd = work): Promise<{ code: number; stdout: string; stderr: string }> {
  return exec(binary, args, { env: { PATH: '/nonexistent', ...env }, cwd, timeout: 30_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** A CONNECT proxy on loopback that records the tunnels asked for and the credentials sent. */
async function startConnectProxy() {
  const connects: string[] = [];
  const authorizations: string[] = [];
  const server = createServer((_request, response) => response.writeHead(405).end());
  server.on('connect', (request, socket, head) => {
    connects.push(request.url ?? '');
    authorizations.push(request.headers['proxy-authorization'] ?? '');
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connects, authorizations, server };
}

describe.skipIf(skipped !== undefined)(`the standalone binary started from a V8 snapshot${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  beforeAll(async () => {
    builtFromSnapshot = await buildStandalone({ output: binary, snapshot: true, log: (line) => buildLog.push(line) });
    certs = makeCertificates();
    mock = await startMockServer({ port: 0, apiKey: TOKEN });
    front = await startTlsFront(certs.servers.trusted, Number(new URL(mock.origin).port));
    proxy = await startConnectProxy();
  }, 600_000);
  afterAll(async () => {
    await Promise.all([front?.close(), mock?.close(), new Promise((resolve) => (proxy ? proxy.server.close(resolve) : resolve(undefined)))]);
    certs?.remove();
  });

  const settings = () => ({ SVC_CONFIG_DIR: tempFolder('svc-snapshot-settings-') });

  it('is built from a snapshot, and says so in one line under --debug', async () => {
    expect(buildLog).toEqual([]);
    expect(builtFromSnapshot).toBe(true);
    expect(await svc(['--version'], settings())).toMatchObject({ code: 0, stdout: expect.stringMatching(/^svc \d+\.\d+\.\d+/), stderr: '' });
    const debug = await svc(['--version', '--debug'], settings());
    expect(debug.stderr.split('\n').filter((line) => line.startsWith('* start:'))).toEqual(['* start: from the V8 startup snapshot']);
  });

  it('calls over TLS trusting the private CA it is given when it runs, through the proxy it is given then, and prints no secret', async () => {
    mock.reset();
    const env = {
      ...settings(),
      SERVICE_BASE_URL: `${front.origin}/v1`,
      SERVICE_API_KEY: TOKEN,
      NODE_EXTRA_CA_CERTS: certs.caFile,
      HTTPS_PROXY: `http://svc:${PROXY_PASSWORD}@${new URL(proxy.origin).host}`,
    };
    const call = await svc(['email', 'drafts', 'get', 'dr_123', '--debug'], env);
    expect(call.code).toBe(0);
    expect(JSON.parse(call.stdout).draftId).toBe('dr_123');
    expect(proxy.connects).toEqual([`127.0.0.1:${front.port}`]);
    expect(proxy.authorizations).toEqual([`Basic ${Buffer.from(`svc:${PROXY_PASSWORD}`).toString('base64')}`]);
    expect(mock.requests.map((request) => [request.method, request.path, request.headers.authorization])).toEqual([
      ['GET', '/v1/email/drafts/dr_123', `Bearer ${TOKEN}`],
    ]);
    expect(call.stderr).toContain('> GET');
    expect(call.stderr).not.toContain(TOKEN);
    expect(call.stderr).not.toContain(PROXY_PASSWORD);
    // Without the CA, the same server is refused: trust comes from this run's environment.
    const { NODE_EXTRA_CA_CERTS: _, ...untrusting } = env;
    const refused = await svc(['email', 'drafts', 'get', 'dr_123'], untrusting);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/certificate/i);
  });

  it('reads its settings folder, the colour settings and the working folder when it runs', async () => {
    const [one, two] = [settings(), settings()];
    expect((await svc(['config', 'set', 'timeout', '12'], one)).code).toBe(0);
    expect((await svc(['config', 'get', 'timeout'], one)).stdout.trim()).toBe('12');
    expect((await svc(['config', 'get', 'timeout'], two)).stdout).not.toContain('12');
    mock.reset();
    const api = { SERVICE_BASE_URL: `${front.origin}/v1`, SERVICE_API_KEY: TOKEN, NODE_EXTRA_CA_CERTS: certs.caFile };
    const coloured = await svc(['email', 'drafts', 'get', 'dr_123', '--output', 'json'], { ...one, ...api, FORCE_COLOR: '1' });
    expect(coloured.stdout).toContain('\u001b[');
    const plain = await svc(['email', 'drafts', 'get', 'dr_123', '--output', 'json'], { ...one, ...api, FORCE_COLOR: '0' });
    expect(plain.stdout).not.toContain('\u001b[');
    const folder = tempFolder('svc-snapshot-cwd-');
    writeFileSync(join(folder, 'entry.json'), '{"data":{"name":"Acme from the working folder"}}');
    const created = await svc(['crm', 'entries', 'create', 'deals', '--body', '@entry.json'], { ...one, ...api }, folder);
    expect(created.code).toBe(0);
    expect(mock.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/crm/objects/deals/entries' });
    expect(JSON.parse(mock.requests.at(-1)!.body)).toEqual({ data: { name: 'Acme from the working folder' } });
  });

  it('serves svc mcp from its own assets', async () => {
    const tools = await svc(['mcp', 'tools'], { ...settings(), SERVICE_BASE_URL: `${front.origin}/v1`, SERVICE_API_KEY: TOKEN });
    expect(tools.code).toBe(0);
    expect(tools.stdout).toContain('email_drafts_get');
  });
});
