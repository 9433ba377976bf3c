import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npm, packFromCopy } from '../../scripts/package/tarball.mjs';
import { operationFields } from '../../registry/fields.js';
import { registry } from '../../registry/index.js';
import { startMockServer } from '../../src/mock/server.js';
import { manAvailable } from '../docs/manual-files.js';
import { startMockProcess } from '../support/mock-process.js';
import { tempFolder } from '../support/temp-folder.js';
import { consumerPackage, consumerTsconfig, goodFile, misspeltFile } from './consumer-files.js';

// The package a user installs, built by `npm pack` from the sources (prepack), installed
// from the tarball alone, used as a library (type-checked and run) and as a global command.
// The bounds only guard against a hang: with GitHub's description imported, packing, tsc over the
// installed declarations and a global install take 90 s on a quiet machine, several times that
// beside the rest of the suite.
const exec = promisify(execFile);
const work = tempFolder('svc-package-');
const consumer = join(work, 'consumer');
const installed = join(consumer, 'node_modules', '@svc-cli', 'svc');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
let packed: { tarball: string; files: string[] };
/**
 * What `npm run package` and `npm run release` leave in a clone's dist/, and the work folder of an
 * `npm run docs` stopped midway (a bundle of the manual writer), which the package must not carry.
 */
const leftInDist = [
  ...['svc', 'svc.exe', 'svc-darwin-arm64', 'svc-windows-x64.exe', 'svc.partial-4242', 'release/svc-linux-x64', 'release/SHA256SUMS'],
  '.docs-Xy12Ab/manual.mjs',
];

beforeAll(async () => {
  packed = await packFromCopy(work, { leftInDist });
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify(consumerPackage));
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify(consumerTsconfig));
  writeFileSync(join(consumer, 'good.ts'), goodFile);
  writeFileSync(join(consumer, 'misspelt.ts'), misspeltFile);
  await npm(['install', packed.tarball], { cwd: consumer, home: work });
}, 600_000);

describe('npm pack', () => {
  it('ships the build, its type declarations and the command, which package.json names', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    const named = [manifest.main, manifest.types, manifest.exports['.'].types, manifest.exports['.'].default, manifest.bin.svc];
    for (const file of named) expect(packed.files, file).toContain(file.replace(/^\.\//, ''));
    for (const file of ['dist/cli.cjs', 'dist/cli-root.cjs', 'bin/run-cli.cjs']) expect(packed.files).toContain(file);
    expect(packed.files.filter((file) => file.startsWith('src/') || file.startsWith('test/'))).toEqual([]);
  });

  it('leaves out the standalone binaries a build keeps in dist/, and the work an interrupted run left there', () => {
    expect(packed.files.filter((file) => /^dist\/(svc|release|\.)/.test(file))).toEqual([]);
  });
});

describe('the tarball installed into a consumer project (type: module, nodenext, strict)', () => {
  it('adds at most 15 packages', () => {
    const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8'));
    const added = Object.keys(lock.packages).filter((path) => path !== '');
    console.log(`npm install of the svc tarball adds ${added.length} packages: ${added.map((path) => path.replace(/^.*node_modules\//, '')).join(', ')}`);
    expect(added).toContain('node_modules/@svc-cli/svc');
    expect(added.length).toBeLessThanOrEqual(15);
  });

  it('type-checks a call whose result is typed from the registry, and refuses a misspelt parameter', async () => {
    const env = { PATH: '', NODE_DISABLE_COMPILE_CACHE: '1' };
    const result = await exec(process.execPath, [tsc, '-p', consumer, '--noEmit', 'false', '--outDir', join(consumer, 'out')], { cwd: consumer, env }).catch(
      (error) => error,
    );
    const errors = String(result.stdout).trim().split('\n');
    expect(errors.filter((line) => !line.startsWith('misspelt.ts'))).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/'draftID' does not exist in type 'CallInput<"email_drafts_get">'/);
  }, 300_000);

  it('runs that call against the installed `svc mock`', async () => {
    const mock = await startMockProcess([], [process.execPath, join(installed, 'bin', 'svc.cjs')]);
    try {
      const { stdout } = await exec(process.execPath, [join(consumer, 'out', 'good.js'), mock.url], {
        cwd: consumer,
        env: { PATH: '', SERVICE_API_KEY: mock.apiKey },
      });
      // The installed mock's dr_456 reads pending twice, then synced: the library's wait polls three times.
      expect(JSON.parse(stdout)).toEqual({ draftId: 'dr_123', status: 'synced', asNumber: 'synced', wait: ['met', 3, 1] });
      const received = await fetch(`${mock.origin}/_mock/requests`, { headers: { authorization: `Bearer ${mock.apiKey}` } }).then((response) =>
        response.json(),
      );
      expect(received).toMatchObject([
        { method: 'GET', path: '/v1/email/drafts/dr_123' },
        ...Array(3).fill({ method: 'GET', path: '/v1/email/drafts/dr_456' }),
      ]);
    } finally {
      await mock.stop();
    }
  }, 60_000);
});

describe('npm install -g <tarball>', () => {
  const prefix = join(work, 'global');
  const server = startMockServer({ port: 0 });
  afterAll(async () => (await server).close());

  it('gives a working svc command', async () => {
    await npm(['install', '--global', '--prefix', prefix, packed.tarball], { cwd: work, home: work });
    const svc = join(prefix, 'bin', 'svc');
    const env = { PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`, HOME: work, SVC_CONFIG_DIR: join(work, 'config') };
    expect((await exec(svc, ['--version'], { env })).stdout).toMatch(/^svc \d+\.\d+\.\d+ \(Workspace API [\d.]+; npm, Node\.js [\d.]+\)\n$/);
    const mock = await server;
    const { stdout } = await exec('svc', ['email', 'drafts', 'get', 'dr_456'], { env: { ...env, SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey } });
    expect(JSON.parse(stdout)).toMatchObject({ draftId: 'dr_456' });
    expect(mock.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/email/drafts/dr_456']);
    // The MCP SDK is bundled into the package: svc mcp answers a tool call over stdio.
    const answer = await mcpToolCall(svc, { ...env, SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey }, 'email_drafts_get', { draftId: 'dr_123' });
    expect(answer).toMatchObject({ result: { structuredContent: { result: { draftId: 'dr_123' } } } });
  }, 300_000);

  it.skipIf(!manAvailable)(
    `installs a man page per command: man svc-campaigns-person-add shows every flag's meaning${manAvailable ? '' : ' (skipped: man is not installed; CI installs man-db)'}`,
    async () => {
      const env = { PATH: '/usr/bin:/bin', HOME: work, MANPATH: join(prefix, 'share', 'man'), MANWIDTH: '200', MANPAGER: 'cat', PAGER: 'cat' };
      const { stdout } = await exec('man', ['svc-campaigns-person-add'], { env });
      expect(stdout).toMatch(/^SVC-CAMPAIGNS-PERSON-ADD\(1\)/);
      for (const field of operationFields(registry.campaigns_person_add)) expect(stdout).toContain(field.description);
      expect((await exec('man', ['svc'], { env })).stdout).toMatch(/^SVC\(1\)/);
      // Every page the package ships is linked (npm links those package.json's man field names), an imported area's too.
      const global = join(prefix, 'lib', 'node_modules', '@svc-cli', 'svc', 'dist', 'man');
      const linked = ['man1', 'man7'].flatMap((section) => readdirSync(join(prefix, 'share', 'man', section)));
      expect(linked.sort()).toEqual(readdirSync(global).sort());
    },
    60_000,
  );
});

/** A Node.js older than svc needs (Debian's is 20), to check what each entry point says on it. */
const OLD_NODE = '/usr/bin/node';
const oldNodeVersion = existsSync(OLD_NODE) ? spawnSync(OLD_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
const whyNoOldNode = !oldNodeVersion
  ? `${OLD_NODE} is absent`
  : Number(oldNodeVersion.slice(1).split('.')[0]) >= 22
    ? `${OLD_NODE} is ${oldNodeVersion}, not older than 22`
    : '';

describe(`on Node.js older than 22${whyNoOldNode ? ` (skipped: ${whyNoOldNode})` : ''}`, () => {
  it.skipIf(whyNoOldNode !== '')('the command says which version it needs and what to do, and exits 2', () => {
    const run = spawnSync(OLD_NODE, [join(installed, 'bin', 'svc.cjs'), '--version'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: work } });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`Node.js 22 or newer is required; this is ${oldNodeVersion}`);
    for (const way of ['Install Node.js 22+', 'standalone svc binary', 'node_modules/node/bin first on PATH']) expect(run.stderr).toContain(way);
  });

  it.skipIf(whyNoOldNode !== '')('importing the library fails with the same sentence', () => {
    const run = spawnSync(
      OLD_NODE,
      ['--input-type=module', '-e', "import('@svc-cli/svc').then(() => console.log('loaded'), (error) => console.log(error.message))"],
      { cwd: consumer, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: work } },
    );
    expect(run.stdout).toContain(`svc needs Node.js 22 or newer; this is ${oldNodeVersion}. Install Node.js 22+`);
    expect(run.stdout).not.toContain('loaded');
  });
});

/** Starts `svc mcp`, says hello as a 2025-11-25 client, calls one tool and returns its answer (stdin stays open until then). */
function mcpToolCall(svc: string, env: Record<string, string>, name: string, args: Record<string, unknown>): Promise<unknown> {
  const child = spawn(svc, ['mcp'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'package-test', version: '1' } },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => (child.kill(), reject(new Error(`no answer from svc mcp: ${text}`))), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((candidate) => candidate.includes('"id":2'));
      if (!line) return;
      clearTimeout(timer);
      child.stdin.end();
      resolve(JSON.parse(line));
    });
  });
}
