import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Certificates, hasOpenssl, makeCertificates } from '../../../scripts/bench/private-ca.mjs';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild } from '../../support/builds.js';
import { freshConfigDir, runSvcProcess } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';
import { startTlsFront, type TlsFront } from '../../support/tls-front.js';

// The operating system's certificate store, stood in for by the two variables OpenSSL, Node and Bun
// all read it from: SSL_CERT_FILE (here the private CA) and SSL_CERT_DIR (here an empty folder).
// The npm build trusts it only when told (the profile's system-ca, NODE_USE_SYSTEM_CA=1,
// NODE_OPTIONS=--use-system-ca); the standalone binary's Bun always looks there, which svc cannot
// turn off without parsing a CA list of its own at every start, so svc says so wherever it names
// what TLS trusts, and the install guide says why.
const skipped = hasOpenssl() ? undefined : 'openssl is not installed';

let certs: Certificates;
let mock: MockServer;
let front: TlsFront;
let store: Record<string, string>;

describe.skipIf(skipped)(`the system's certificate store${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  beforeAll(async () => {
    certs = makeCertificates();
    mock = await startMockServer({ port: 0 });
    front = await startTlsFront(certs.servers.trusted, Number(new URL(mock.origin).port));
    const emptyFolder = join(tempFolder('svc-system-store-'), 'certs');
    mkdirSync(emptyFolder);
    store = { SSL_CERT_FILE: certs.caFile, SSL_CERT_DIR: emptyFolder };
  });
  afterAll(async () => {
    await Promise.all([mock?.close(), front?.close()]);
    certs?.remove();
  });

  const base = () => `https://127.0.0.1:${front.port}/v1`;
  const env = (extra: Record<string, string> = {}) => ({ SERVICE_BASE_URL: base(), SERVICE_API_KEY: mock.apiKey, ...store, ...extra });

  eachBuild((build) => {
    const get = (extra: Record<string, string> = {}, config = freshConfigDir()) =>
      runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env: { ...env(extra), SVC_CONFIG_DIR: config } });
    const origins = async (extra: Record<string, string> = {}) => {
      const config = freshConfigDir();
      const status = await runSvcProcess(['auth', 'status'], { build, env: { ...env(extra), SVC_CONFIG_DIR: config } });
      const list = await runSvcProcess(['config', 'list'], { build, env: { ...env(extra), SVC_CONFIG_DIR: config } });
      return { trust: /^TLS trust: +(.*)$/m.exec(status.stdout)?.[1], row: /^system-ca +(.*)$/m.exec(list.stdout)?.[1]?.replace(/ +/g, ' ').trim() };
    };

    it.each([
      ['NODE_USE_SYSTEM_CA=1', { NODE_USE_SYSTEM_CA: '1' }],
      ['NODE_OPTIONS=--use-system-ca', { NODE_OPTIONS: '--use-system-ca' }],
    ])('%s: the store is trusted, the call goes through', async (_name, extra) => {
      const run = await get(extra);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ draftId: 'dr_123' });
    });

    it('the profile setting system-ca true: the store is trusted, the call goes through', async () => {
      const config = freshConfigDir();
      expect((await runSvcProcess(['config', 'set', 'system-ca', 'true'], { build, env: { SVC_CONFIG_DIR: config } })).code).toBe(0);
      expect((await get({}, config)).code).toBe(0);
    });

    if (!build.standalone)
      it('nothing set: the store is not read, the private CA is unknown (exit 3), and svc says the store is off', async () => {
        const run = await get();
        expect(run.code).toBe(3);
        expect(run.stderr).toContain('is not trusted: it is signed by an unknown authority');
        expect(await origins()).toMatchObject({ trust: "Node's bundled CAs", row: 'false default' });
      });
    else
      it('nothing set: Bun reads the store all the same (svc cannot stop it cheaply), and svc says so in auth status and config list', async () => {
        expect((await get()).code).toBe(0);
        expect(await origins()).toMatchObject({
          trust: "Bun's bundled CAs + the system store (the standalone binary always reads it)",
          row: 'true standalone binary',
        });
        // The store is what trusted it: pointed at an empty one, the same call is refused.
        const empty = await get({ SSL_CERT_FILE: join(store.SSL_CERT_DIR!, 'none.pem') });
        expect(empty.code).toBe(3);
        expect(empty.stderr).toContain('is not trusted');
      });
  });
});
