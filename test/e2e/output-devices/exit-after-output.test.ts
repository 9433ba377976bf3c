import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild } from '../../support/builds.js';
import { type ProcessOptions, freshConfigDir, runSvcProcess, startSvcProcess } from '../../support/svc.js';
import { startScriptedServer } from '../../support/scripted-server.js';

// A run that reads many answers (--paginate, batch) ends as soon after its output as a single call
// does. undici parses HTTP with WebAssembly; V8 recompiled that parser with its optimizing compiler
// once it ran hot (by the second page), on a background thread that Node waits for before the process
// ends: 0.1 s of CPU, over a second on a loaded machine, after everything was printed
// (src/client/parser-tiering.ts). Each build of svc against the mock on 127.0.0.1, one item a page.
// V8's tiers and its code cache are the npm build's alone: the standalone binary runs JavaScriptCore,
// which has neither, so what they show is checked on the npm build, and how soon a run ends on both.

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, pageSize: 1 });
});
afterAll(() => mock.close());

const env = () => ({ SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey });
const LIST = ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly'];
const PAGES = ['', '?page=2', '?page=3'].map((query) => `/v1/crm/tasks/series/ser_weekly/occurrences${query}`);
const BATCH = ['email', 'templates', 'preview', 'tpl_welcome', '--input', '-', '--query', 'subject'];
const batchLines = (count: number) => Array.from({ length: count }, (_, i) => `{"data":{"firstName":"Ada${i}","company":"Acme"}}\n`).join('');

/** V8's trace of each WebAssembly function it compiles (on stdout): which compiler, Liftoff (baseline) or TurboFan. */
const compiled = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('Compiled function '));

describe("a run that reads many answers, on the npm build alone: V8's WebAssembly tiers and code cache (JavaScriptCore, the standalone binary's engine, has neither)", () => {
  // Without the code cache there is no checksum (bin/run-cli.cjs, WebAssembly too): every function traced is the parser's.
  const traced: ProcessOptions = { nodeArgs: ['--trace-wasm-compilation-times'], timeoutMs: 40_000 };
  const tracedEnv = () => ({ ...env(), NODE_DISABLE_COMPILE_CACHE: '1' });

  it('keeps the HTTP parser on baseline code: --paginate over 3 pages', async () => {
    const before = mock.requests.length;
    const run = await startSvcProcess([...LIST, '--paginate'], { ...traced, env: tracedEnv() }).done;
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(mock.requests.slice(before).map((r) => r.path)).toEqual(PAGES);
    const lines = compiled(run.stdout);
    expect(lines.some((line) => line.includes('using Liftoff'))).toBe(true);
    expect(lines.filter((line) => line.includes('using TurboFan'))).toEqual([]);
  }, 45_000);

  it('keeps the HTTP parser on baseline code: a batch of 30 lines', async () => {
    const run = await startSvcProcess(BATCH, { ...traced, env: tracedEnv(), input: batchLines(30) }).done;
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('{"line":'))).toHaveLength(30);
    const lines = compiled(run.stdout);
    expect(lines.some((line) => line.includes('using Liftoff'))).toBe(true);
    expect(lines.filter((line) => line.includes('using TurboFan'))).toEqual([]);
  }, 45_000);

  // Real services answer with many headers (rate limits, caching, tracing): one such answer was
  // enough for the tier-up, and a single call then waited for it at exit.
  it('keeps the HTTP parser on baseline code: one call whose answer has 24 headers', async () => {
    const server = await startScriptedServer();
    try {
      const headers = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`x-trace-${i}`, `${'v'.repeat(40)}${i}`]));
      server.script('/v1/email/drafts/dr_1', { body: { ok: true, kind: 'email', draftId: 'dr_1', syncStatus: 'synced', revision: 1 }, headers });
      const run = await startSvcProcess(['email', 'drafts', 'get', 'dr_1'], {
        ...traced,
        env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_test_key_123456', NODE_DISABLE_COMPILE_CACHE: '1' },
      }).done;
      expect(run.code, run.stderr).toBe(0);
      expect(server.received.map((r) => r.url)).toEqual(['/v1/email/drafts/dr_1']);
      const lines = compiled(run.stdout);
      expect(lines.some((line) => line.includes('using Liftoff'))).toBe(true);
      expect(lines.filter((line) => line.includes('using TurboFan'))).toEqual([]);
    } finally {
      await server.close();
    }
  }, 45_000);

  // V8 stamps a code cache with its flags: one made while the parser's flag was changed would be
  // refused, and made again, by every later run. The flag is put back before bin/run-cli.cjs makes it.
  it('leaves a code cache the next runs use, paged or not', async () => {
    const cacheHome = freshConfigDir();
    const cacheFile = () => {
      const folder = join(cacheHome, 'svc', 'code');
      const names = readdirSync(folder).filter((name) => name.endsWith('-crm.v8'));
      expect(names).toHaveLength(1);
      return statSync(join(folder, names[0]!)).ino;
    };
    const runCrm = async (args: string[]) =>
      expect((await runSvcProcess(args, { env: { ...env(), XDG_CACHE_HOME: cacheHome }, timeoutMs: 40_000 })).code).toBe(0);
    await runCrm([...LIST, '--paginate']);
    const written = cacheFile();
    // A cache is replaced by renaming a new file over it: the same inode is the same cache, used.
    await runCrm(LIST);
    expect(cacheFile()).toBe(written);
    await runCrm([...LIST, '--paginate']);
    expect(cacheFile()).toBe(written);
  }, 120_000);
});

eachBuild((build) => {
  describe('a run that reads many answers', () => {
    /** How long after its last output (stdout or stderr) the process exited, in ms. */
    async function exitGap(args: string[]): Promise<number> {
      const svc = startSvcProcess(args, { build, env: env(), timeoutMs: 40_000 });
      let last = 0;
      const exited = new Promise<number>((resolve) => svc.child.once('exit', () => resolve(performance.now())));
      for (const stream of [svc.child.stdout!, svc.child.stderr!]) stream.on('data', () => (last = performance.now()));
      const run = await svc.done;
      expect(run.code, run.stderr).toBe(0);
      return (await exited) - last;
    }

    // Timing on a loaded machine varies by hundreds of ms from run to run, and only ever upwards: the
    // quickest of three runs each way is compared. Before the fix the paged runs lagged by 0.5-1.5 s
    // on a loaded 2-core machine (0.1 s idle, which the npm build.s trace above catches).
    it('--paginate over 3 pages exits as soon after its output as a one-page call does', async () => {
      const single: number[] = [];
      const paged: number[] = [];
      for (let round = 0; round < 3; round++) {
        single.push(await exitGap([...LIST, '--output', 'json']));
        paged.push(await exitGap([...LIST, '--paginate', '--output', 'json']));
      }
      expect(Math.min(...paged), `paged ${paged.map(Math.round).join(', ')} ms; one page ${single.map(Math.round).join(', ')} ms`).toBeLessThan(
        Math.min(...single) + 250,
      );
    }, 120_000);
  });
});
