import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Certificates, hasOpenssl, makeCertificates } from '../../../scripts/bench/private-ca.mjs';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { runAndTrace } from '../../support/ran-sources.js';
import { TEST_CACHE_HOME, freshConfigDir, runSvcProcess } from '../../support/svc.js';
import { startTlsFront, type TlsFront } from '../../support/tls-front.js';

// One GET over TLS loads only what a one-shot HTTP/1.1 call needs. The Node built-ins a
// real bin/svc process loaded (process.moduleLoadList) are read at exit, and the sources it ran
// from V8's coverage (test/support/ran-sources.ts).
const REPORTER = join(import.meta.dirname, '..', '..', 'support', 'report-modules.mjs');
const skipped = hasOpenssl() ? undefined : 'openssl is not installed';

/** Built-ins a single HTTP/1.1 call over TLS never uses (HTTP/2, assertion diffs, readline, the REPL…). */
const NOT_NEEDED = [
  /^http2$/,
  /^internal\/http2\//,
  /^assert$/,
  /^internal\/assert\//,
  /^readline$/,
  /^internal\/readline\//,
  /^internal\/repl\//,
  /^internal\/fs\/promises$/,
  /^child_process$/,
  /^zlib$/,
  /^worker_threads$/,
  /^inspector$/,
  /^repl$/,
];

/**
 * The built-ins svc may load beyond what a `node:https` one-liner making the same GET loads: `http`
 * (undici's client), `os` and `process` (config paths), `timers/promises` (retry waits), and `vm`,
 * which bin/run-cli.cjs runs the script with, and `v8`, whose flag keeps undici's HTTP parser on
 * baseline code: an answer with a dozen headers otherwise has V8 recompile it on a thread the
 * process waits for at exit (src/client/parser-tiering.ts); its load brings `internal/heap_utils`
 * and `internal/promise_hooks` (measured under 1 ms of CPU). Not `module` (createRequire loads the
 * source-map reader with it).
 * Anything else is a regression: name it here only with the reason a call needs it.
 */
const BEYOND_HTTPS = ['http', 'os', 'process', 'timers/promises', 'v8', 'internal/heap_utils', 'internal/promise_hooks', 'vm'];

const HTTPS_ONE_LINER = `require('node:https').get(process.argv[1], { headers: { authorization: 'Bearer ' + process.argv[2] } }, (r) => { let b = ''; r.on('data', (d) => (b += d)); r.on('end', () => process.stdout.write(b)); })`;

let certs: Certificates;
let mock: MockServer;
let front: TlsFront;

describe.skipIf(skipped)(
  `a single call over TLS loads only what it needs, in the npm build: Node's built-ins and V8's coverage (the standalone binary runs neither)${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    beforeAll(async () => {
      certs = makeCertificates();
      mock = await startMockServer({ port: 0 });
      front = await startTlsFront(certs.servers.trusted, Number(new URL(mock.origin).port));
    });
    afterAll(async () => {
      await Promise.all([front?.close(), mock?.close()]);
      certs?.remove();
    });

    const environment = (extraEnv: Record<string, string>, out: string): Record<string, string> => ({
      PATH: process.env.PATH ?? '',
      SVC_REPORT_MODULES: out,
      SERVICE_BASE_URL: `${front.origin}/v1`,
      SERVICE_API_KEY: mock.apiKey,
      NODE_EXTRA_CA_CERTS: certs.caFile,
      SVC_CONFIG_DIR: freshConfigDir(),
      XDG_CACHE_HOME: TEST_CACHE_HOME,
      ...extraEnv,
    });

    async function loaded(extraEnv: Record<string, string> = {}): Promise<{ builtins: string[]; sources: Set<string> }> {
      const out = join(freshConfigDir(), 'modules.json');
      const { stdout, sources } = await runAndTrace(['email', 'drafts', 'get', 'dr_123'], environment(extraEnv, out), ['--import', REPORTER]);
      expect(JSON.parse(stdout).draftId).toBe('dr_123');
      return { builtins: JSON.parse(readFileSync(out, 'utf8')).builtins, sources };
    }

    async function loadedByOneLiner(): Promise<string[]> {
      const out = join(freshConfigDir(), 'modules.json');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', REPORTER, '-e', HTTPS_ONE_LINER, `${front.origin}/v1/email/drafts/dr_123`, mock.apiKey],
        { env: environment({}, out) },
      );
      expect(JSON.parse(stdout).draftId).toBe('dr_123');
      return JSON.parse(readFileSync(out, 'utf8')).builtins;
    }

    it('no HTTP/2, assert, readline, REPL or fs/promises built-in', async () => {
      const { builtins } = await loaded();
      expect(builtins).toContain('tls');
      expect(builtins.filter((name) => NOT_NEEDED.some((pattern) => pattern.test(name)))).toEqual([]);
    });

    it('no built-in beyond what a node:https one-liner loads, but for the few named', async () => {
      const [svc, oneLiner] = await Promise.all([loaded(), loadedByOneLiner()]);
      const allowed = new Set([...oneLiner, ...BEYOND_HTTPS]);
      expect(svc.builtins.filter((name) => !allowed.has(name))).toEqual([]);
    });

    // V8 refuses a code cache made under other flags, Node's own included: a built-in loaded after the
    // flag that keeps undici's parser on baseline code was compiled from its source (node:tls and
    // node:crypto: 15% of the call). Node names each built-in's code cache it accepts or refuses.
    it("uses Node's code cache for every built-in it loads, node:tls and node:crypto included", async () => {
      const env = environment({ NODE_DEBUG_NATIVE: 'CODE_CACHE' }, join(freshConfigDir(), 'unused.json'));
      delete env.SVC_REPORT_MODULES;
      const run = await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { env });
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/Code cache of tls \S* ?is accepted/);
      expect(run.stderr).toMatch(/Code cache of crypto \S* ?is accepted/);
      expect(run.stderr.split('\n').filter((line) => /is rejected/.test(line))).toEqual([]);
    });

    it('no proxy agent without a proxy, nor when NO_PROXY sends the call direct', async () => {
      const proxyCode = (sources: Set<string>): string[] =>
        [...sources].filter((source) => /proxy-agent|node_modules\/undici\/lib\/dispatcher\/proxy/.test(source));
      const direct = await loaded();
      expect(direct.sources).toContain('src/client/undici-transport.ts');
      expect(proxyCode(direct.sources)).toEqual([]);
      const proxied = await loaded({ HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' });
      expect(proxyCode(proxied.sources)).toEqual([]);
    });
  },
);
