import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Certificates, hasOpenssl, makeCertificates } from '../../scripts/bench/private-ca.mjs';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { freshConfigDir, SVC_BIN, TEST_CACHE_HOME } from '../support/spawn-svc.js';
import { startTlsFront, type TlsFront } from '../support/tls-front.js';

// Issue #16: one GET over TLS loads only what a one-shot HTTP/1.1 call needs. The Node built-ins a
// real bin/svc process loaded (process.moduleLoadList) and the files it imported are read at exit.
const REPORTER = join(import.meta.dirname, '..', 'support', 'report-modules.mjs');
const skipped = hasOpenssl() ? undefined : 'openssl is not installed';

/** Built-ins a single HTTP/1.1 call over TLS never uses (HTTP/2, assertion diffs, readline, the REPL…). */
const NOT_NEEDED = [/^http2$/, /^internal\/http2\//, /^assert$/, /^internal\/assert\//, /^readline$/, /^internal\/readline\//, /^internal\/repl\//, /^internal\/fs\/promises$/, /^child_process$/, /^zlib$/, /^worker_threads$/, /^inspector$/, /^repl$/];

let certs: Certificates;
let mock: MockServer;
let front: TlsFront;

describe.skipIf(skipped)(`a single call over TLS loads only what it needs${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  beforeAll(async () => {
    certs = makeCertificates();
    mock = await startMockServer({ port: 0 });
    front = await startTlsFront(certs.servers.trusted, Number(new URL(mock.origin).port));
  });
  afterAll(async () => {
    await Promise.all([front?.close(), mock?.close()]);
    certs?.remove();
  });

  async function loaded(extraEnv: Record<string, string> = {}): Promise<{ builtins: string[]; files: string[] }> {
    const out = join(freshConfigDir(), 'modules.json');
    const env = { PATH: process.env.PATH ?? '', SVC_REPORT_MODULES: out, SERVICE_BASE_URL: `${front.origin}/v1`, SERVICE_API_KEY: mock.apiKey, NODE_EXTRA_CA_CERTS: certs.caFile, SVC_CONFIG_DIR: freshConfigDir(), XDG_CACHE_HOME: TEST_CACHE_HOME, ...extraEnv };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', REPORTER, SVC_BIN, 'email', 'drafts', 'get', 'dr_123'], { env });
    expect(JSON.parse(stdout).draftId).toBe('dr_123');
    return JSON.parse(readFileSync(out, 'utf8'));
  }

  it('no HTTP/2, assert, readline, REPL or fs/promises built-in', async () => {
    const { builtins } = await loaded();
    expect(builtins).toContain('tls');
    expect(builtins.filter((name) => NOT_NEEDED.some((pattern) => pattern.test(name)))).toEqual([]);
  });

  it('no proxy agent without a proxy, nor when NO_PROXY sends the call direct', async () => {
    const direct = await loaded();
    expect(direct.files.filter((url) => /proxy-agent/.test(url))).toEqual([]);
    const proxied = await loaded({ HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' });
    expect(proxied.files.filter((url) => /proxy-agent/.test(url))).toEqual([]);
  });
});
