import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStandalone, standaloneUnsupportedReason } from '../../scripts/package/standalone.mjs';
import { binaryName, hostTarget } from '../../scripts/package/targets.mjs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { descriptionFile, MEETINGS, meetingsAs } from '../areas/descriptions.js';
import { startHostileServer } from '../support/hostile-server.js';
import { type MockProcess, startMockProcess } from '../support/mock-process.js';
import { tempFolder } from '../support/temp-folder.js';

// The standalone binary (npm run package), compiled by Bun, runs every command with no Node on the
// machine: its environment is `env -i PATH=/nonexistent` plus a settings folder, so no node can be
// found. test/package/standalone-keyring.test.ts has the keyring's native binding it carries.
const exec = promisify(execFile);
const unsupported = standaloneUnsupportedReason();
// None where the describe is skipped whole: it runs no hook, so nothing would remove it.
const work = unsupported === undefined ? tempFolder('svc-standalone-test-') : '';
const binary = join(work, binaryName(hostTarget() ?? 'linux-x64'));
const noNode = { PATH: '/nonexistent', SVC_CONFIG_DIR: join(work, 'config') };
let mock: MockProcess;
const buildLog: string[] = [];

/** Runs the binary; resolves with its exit code and output whatever the code. */
async function svc(args: string[], env: Record<string, string> = {}, input?: string, cwd = work): Promise<{ code: number; stdout: string; stderr: string }> {
  // svc openapi and the completion scripts run to megabytes once a large description is imported.
  const child = exec(binary, args, { env: { ...noNode, ...env }, cwd, timeout: 30_000, maxBuffer: 256 * 1024 * 1024 });
  if (input !== undefined) child.child.stdin!.end(input);
  return child.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe.skipIf(unsupported !== undefined)(`the standalone binary${unsupported ? ` (skipped: ${unsupported})` : ''}`, () => {
  beforeAll(async () => {
    await buildStandalone({ output: binary, log: (line) => buildLog.push(line) });
    mock = await startMockProcess([], [binary], noNode);
  }, 600_000);
  afterAll(() => mock?.stop());

  const api = () => ({ SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey });

  it('is one executable file that needs no Node.js: version, help, ops, openapi, completion', async () => {
    expect(buildLog).toEqual([]);
    expect(statSync(binary).mode & 0o111).not.toBe(0);
    // It names its build and the Bun it carries: the version package.json pins.
    const bun = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
      .devDependencies.bun;
    expect(await svc(['--version'])).toEqual({
      code: 0,
      stdout: expect.stringMatching(new RegExp(`^svc \\d+\\.\\d+\\.\\d+ \\(Workspace API [\\d.]+; standalone, Bun ${bun!.replaceAll('.', '\\.')}\\)\n$`)),
      stderr: '',
    });
    expect((await svc(['--help'])).stdout).toContain('Usage: svc');
    expect((await svc(['ops'])).stdout).toContain('email_drafts_get');
    expect((await svc(['openapi', '--format', 'yaml'])).stdout).toMatch(/^openapi: "3\.1\.\d+"$/m); // quoted: a version string, never a number
    expect((await svc(['completion', 'bash'])).stdout).toContain('complete -');
    expect(await svc(['email', 'drafts', 'get'])).toMatchObject({ code: 2, stdout: '' });
  });

  it('serves svc mcp from inside the binary', async () => {
    const tools = await svc(['mcp', 'tools'], api());
    expect(tools.code).toBe(0);
    expect(tools.stdout).toContain('email_drafts_get');
  });

  it('config and auth keep their settings', async () => {
    expect((await svc(['config', 'set', 'timeout', '12'])).code).toBe(0);
    expect((await svc(['config', 'get', 'timeout'])).stdout.trim()).toBe('12');
    expect((await svc(['auth', 'login'], {}, 'svc_agent_standalone_test_token\n')).code).toBe(0);
    const status = await svc(['auth', 'status']);
    expect(status.code).toBe(0);
    expect(status.stdout + status.stderr).not.toContain('svc_agent_standalone_test_token');
  });

  it('reads no .env or bunfig.toml from the folder it runs in, and writes nothing there', async () => {
    const folder = tempFolder('svc-standalone-cwd-');
    const marker = join(folder, 'preloaded');
    writeFileSync(join(folder, '.env'), 'SERVICE_BASE_URL=http://127.0.0.1:9/v1\nSERVICE_API_KEY=svc_agent_from_dotenv\n');
    writeFileSync(join(folder, 'preload.js'), `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n`);
    writeFileSync(join(folder, 'bunfig.toml'), 'preload = ["./preload.js"]\n');
    await fetch(`${mock.origin}/_mock/reset`, { method: 'POST', headers: { authorization: `Bearer ${mock.apiKey}` } });
    expect(await svc(['email', 'drafts', 'get', 'dr_123'], api(), undefined, folder)).toMatchObject({ code: 0, stdout: expect.stringMatching(/"dr_123"/) });
    expect(await svc(['auth', 'status'], { SVC_CONFIG_DIR: join(folder, 'settings') }, undefined, folder)).toMatchObject({
      code: 4,
      stdout: expect.stringContaining('Credential:  none\n'),
    });
    expect(readdirSync(folder).sort()).toEqual(['.env', 'bunfig.toml', 'preload.js']);
  });

  // scripts/package/standalone-engine.cjs: the option is read from the process's own environment, as Linux shows it.
  describe.skipIf(process.platform !== 'linux')('a batch starts again in the same process, with the FTL threshold raised', () => {
    const option = 'BUN_JSC_thresholdForFTLOptimizeAfterWarmUp=256000';
    const environment = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');

    // The binary as a terminal's shell starts it, holding the standard descriptors (and `extra` as 3)
    // and none that this test's own process was given: bash closes those, then becomes the binary.
    const closeOthers = 'for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt "$KEEP" ] && eval "exec $n>&-"; done 2>/dev/null; exec "$@"';

    /** A batch from standard input, `extra` given as descriptor 3: its environment once its first line is answered, then its records. */
    async function batchFromStdin(extra?: number): Promise<{ environment: string[]; code: number | null; records: unknown[] }> {
      const args = ['email', 'drafts', 'get', '--input', '-', '--concurrency', '1', ...(extra === undefined ? [] : ['--rejects', '/dev/fd/3'])];
      const batch = spawn('/bin/bash', ['-c', closeOthers, 'bash', binary, ...args], {
        env: { ...noNode, ...api(), KEEP: extra === undefined ? '2' : '3' },
        stdio: ['pipe', 'pipe', 'pipe', ...(extra === undefined ? [] : [extra])],
      });
      const exited = new Promise<number | null>((resolve) => batch.once('exit', resolve));
      const lines = createInterface({ input: batch.stdout! })[Symbol.asyncIterator]();
      batch.stdin!.write('{"draftId":"dr_123"}\n');
      const first = await lines.next();
      const seen = environment(batch.pid!);
      batch.stdin!.end('{"draftId":"dr_nope"}\n');
      const second = await lines.next();
      return { environment: seen, code: await exited, records: [first.value, second.value].map((line) => JSON.parse(line as string)) };
    }

    it('when it holds no descriptor but its standard ones', async () => {
      const run = await batchFromStdin();
      expect(run.environment).toContain(option);
      expect(run.code).toBe(1);
      expect(run.records).toMatchObject([
        { line: 1, status: 200 },
        { line: 2, status: 404 },
      ]);
      // svc mock, started from the binary and running all along, is no batch.
      expect(environment(mock.child.pid!).some((name) => name.startsWith('BUN_JSC_'))).toBe(false);
    });

    it('and not when it was given another, which a restart would close: --rejects /dev/fd/3 keeps its file', async () => {
      const rejects = join(work, 'rejects-through-fd.ndjson');
      const fd = openSync(rejects, 'a');
      try {
        const run = await batchFromStdin(fd);
        expect(run.environment).not.toContain(option);
        expect(run.code).toBe(1);
        expect(run.records).toMatchObject([
          { line: 1, status: 200 },
          { line: 2, status: 404 },
        ]);
      } finally {
        closeSync(fd);
      }
      expect(readFileSync(rejects, 'utf8')).toBe('{"draftId":"dr_nope"}\n');
    });
  });

  it('its svc mock serves its calls: the six operations, svc api and a batch', async () => {
    await fetch(`${mock.origin}/_mock/reset`, { method: 'POST', headers: { authorization: `Bearer ${mock.apiKey}` } });
    const calls: [string[], RegExp][] = [
      [['email', 'drafts', 'get', 'dr_123'], /"draftId": "dr_123"/],
      [['campaigns', 'person', 'add', 'seq_123', '--email', 'ada@example.com'], /"enrollmentId"/],
      [['crm', 'entries', 'create', 'deals', '--data', 'name=Acme'], /"entryId"/],
      [['email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=Ada', '--data', 'company=Acme'], /Welcome, Ada/],
      [['files', 'delete', 'notes/todo.md', '--yes'], /"path": "notes\/todo.md"/],
      [['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly', '--output', 'ndjson'], /"status"/],
      [['api', 'GET', '/email/drafts/dr_456', '--query', 'draftId'], /"dr_456"/],
    ];
    for (const [args, output] of calls) expect(await svc(args, api()), args.join(' ')).toMatchObject({ code: 0, stdout: expect.stringMatching(output) });
    const input = join(work, 'drafts.ndjson');
    writeFileSync(input, '{"draftId":"dr_123"}\n{"draftId":"dr_nope"}\n');
    const batch = await svc(['email', 'drafts', 'get', '--input', input, '--concurrency', '1'], api());
    expect(batch.code).toBe(1);
    expect(
      batch.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).status),
    ).toEqual([200, 404]);
    const received = (await fetch(`${mock.origin}/_mock/requests`, { headers: { authorization: `Bearer ${mock.apiKey}` } }).then((response) =>
      response.json(),
    )) as { method: string; path: string }[];
    expect(received.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/email/drafts/dr_123',
      'POST /v1/campaigns/seq_123/person',
      'POST /v1/crm/objects/deals/entries',
      'POST /v1/email/templates/tpl_welcome/preview',
      'DELETE /v1/files',
      'GET /v1/crm/tasks/series/ser_weekly/occurrences',
      'GET /v1/email/drafts/dr_456',
      'GET /v1/email/drafts/dr_123',
      'GET /v1/email/drafts/dr_nope',
    ]);
  });

  it('learns areas at run time: svc areas add from a file and a URL, list, update, remove; the added operations are its commands, and its mock serves them', async () => {
    const settings = { SVC_CONFIG_DIR: tempFolder('svc-standalone-areas-') };
    const added = await svc(['areas', 'add', descriptionFile(MEETINGS)], settings);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/^svc areas: 6 operations in 1 area \(meetings\) added to profile "default"/);
    // A URL, read through the binary's own HTTP client (plain http only to this machine).
    const text = JSON.stringify(meetingsAs('calls'));
    const server = createServer((_request, response) => response.end(text));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`;
      expect(await svc(['areas', 'add', url], settings)).toMatchObject({ code: 0, stderr: expect.stringMatching(/\(calls\) added/) });
      expect((await svc(['areas', 'update'], settings)).code).toBe(0);
    } finally {
      server.close();
    }
    const list = JSON.parse((await svc(['areas', 'list', '--output', 'json'], settings)).stdout) as { area: string; state: string }[];
    expect(list.map((row) => [row.area, row.state])).toEqual([
      ['calls', 'ready'],
      ['meetings', 'ready'],
    ]);
    expect((await svc(['help', 'meetings', 'schedule'], settings)).stdout).toMatch(/--starts-at <string>\s+when it starts/);
    const areasMock = await startMockProcess([], [binary], { ...noNode, ...settings });
    try {
      const env = { ...settings, SERVICE_BASE_URL: areasMock.url, SERVICE_API_KEY: areasMock.apiKey };
      expect(await svc(['meetings', 'get', 'mt_1'], env)).toMatchObject({ code: 0, stdout: expect.stringMatching(/"id"/) });
      expect(await svc(['calls', 'invitees', 'list', 'mt_1', '--output', 'json'], env)).toMatchObject({ code: 0 });
      const received = (await fetch(`${areasMock.origin}/_mock/requests`, { headers: { authorization: `Bearer ${areasMock.apiKey}` } }).then((r) =>
        r.json(),
      )) as { method: string; path: string }[];
      expect(received.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/meetings/mt_1', 'GET /v1/calls/mt_1/invitees']);
    } finally {
      await areasMock.stop();
    }
    expect((await svc(['areas', 'remove', 'calls'], settings)).code).toBe(0);
    expect((await svc(['calls', 'get', 'mt_1'], settings)).code).toBe(2);
  });
  it("sends with Bun's own HTTP client: an unsolicited 100 Continue is read past, where the npm build's undici refuses it", async () => {
    const server = await startHostileServer();
    try {
      const run = await svc(['email', 'drafts', 'get', 'unsolicited-continue'], {
        SERVICE_BASE_URL: server.url,
        SERVICE_API_KEY: 'svc_agent_hostileTests1234',
      });
      expect(run).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/"draftId": "dr_1"/) });
      expect(server.hits.get('unsolicited-continue')).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('a bytecode order from another build, or a file that is not one, leaves the build working', async () => {
    const order = join(work, 'stale-order.txt');
    writeFileSync(order, 'v2\nF 0123456789abcdef\nK fedcba9876543210\nnot an order\n');
    const other = join(work, 'svc-stale-order');
    await buildStandalone({ output: other, bytecodeOrder: order, log: () => {} });
    expect((await exec(other, ['--version'], { env: noNode })).stdout).toMatch(/^svc \d+\.\d+\.\d+ /);
    expect((await exec(other, ['email', 'drafts', 'get', 'dr_123'], { env: { ...noNode, ...api() } })).stdout).toMatch(/"draftId": "dr_123"/);
  }, 600_000);
});
