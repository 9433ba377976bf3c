import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLine } from '../../scripts/import-check/command-line.mjs';
import { createRequestValidator } from '../../scripts/import-check/request-validator.mjs';
import { loadAllOperations } from '../../registry/all-areas.js';
import type { OperationSpec, Operations } from '../../registry/define.js';
import { operationFields } from '../../registry/fields.js';
import { rulesOf } from '../../registry/rules.js';
import { workspace } from '../../registry/index.js';
import { areaTable, loadTableOperations } from '../../src/areas/area-table.js';
import { jsonSchemaOf } from '../../src/openapi/json-schema.js';
import { descriptionFile } from '../areas/descriptions.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';
import { freshConfigDir, runSvc } from '../support/svc.js';

// Real descriptions added at run time: GitHub's REST description (1,223 operations), and svc's own
// export (`svc openapi`) under other names and paths, whose added operations must be svc's own again,
// field by field and request by request.

const BASE_URL = 'http://127.0.0.1:9/v1';
const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
/** Every n-th of GitHub's operations is checked: about 50, in every area. */
const SAMPLE = 25;

describe("GitHub's description, added at run time", () => {
  const configDir = freshConfigDir();
  const env = (baseUrl = BASE_URL) => ({ SVC_CONFIG_DIR: configDir, SERVICE_BASE_URL: baseUrl, SERVICE_API_KEY: 'svc_test_key' });
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
    const added = await runSvc(['areas', 'add', GITHUB, '--rename', 'credentials=github-credentials,campaigns=github-campaigns'], { env: env() });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/^svc areas: 1,223 operations in 47 areas \(actions, .*\) added to profile "default"/);
  }, 120_000);
  afterAll(() => server.close());

  it('gives every sampled operation help, and a dry run the description itself accepts', { timeout: 300_000 }, async () => {
    const text = readFileSync(GITHUB, 'utf8');
    const document = JSON.parse(text);
    const validator = createRequestValidator(text);
    const ops = JSON.parse((await runSvc(['ops', '--output', 'json'], { env: env() })).stdout) as { method: string; path: string; command: string }[];
    const words = new Map(
      ops.map((op) => [
        `${op.method} ${op.path.replace(/\{[^}]+\}/g, '{}')}`,
        op.command
          .split(' ')
          .slice(1)
          .filter((word) => !/^[<[]/.test(word)),
      ]),
    );
    const sampled = validator.operations.filter((_, index) => index % SAMPLE === 0);
    expect(sampled.length).toBeGreaterThan(45);
    const failures: string[] = [];
    for (const op of sampled) {
      const opWords = words.get(`${op.method.toUpperCase()} ${op.path.replace(/\{[^}]+\}/g, '{}')}`);
      if (!opWords) {
        failures.push(`${op.id}: no command`);
        continue;
      }
      const help = await runSvc([...opWords, '--help'], { env: env() });
      if (help.code !== 0 || !help.stdout.replace(/\s+/g, ' ').startsWith(`Usage: svc ${opWords.join(' ')} `)) failures.push(`${op.id}: help: ${help.stderr}`);
      const dryRun = await runSvc([...commandLine(document, op, opWords), '--dry-run'], { env: env() });
      const verdict = dryRun.code === 0 ? validator.check(dryRun.stdout, { baseUrl: BASE_URL }) : { operationId: undefined, errors: [dryRun.stderr] };
      if (verdict.operationId !== op.id || verdict.errors.length > 0) failures.push(`${op.id}: dry run: ${verdict.errors.join('; ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('sends what the command line says: method, path, query and body', async () => {
    server.script('/v1/repos/octo/hello', { body: { id: 1, name: 'hello' } });
    server.script('/v1/orgs/octo/repos?type=public&per_page=5', { body: [] });
    server.script('/v1/repos/octo/hello/issues', { status: 201, body: { id: 2, number: 7, title: 'A bug' } });
    const get = await runSvc(['repos', 'get', 'octo', 'hello'], { env: env(server.url) });
    expect(get.code, get.stderr).toBe(0);
    const list = await runSvc(['repos', 'list-for-org', 'octo', '--type', 'public', '--per_page', '5'], { env: env(server.url) });
    expect(list.code, list.stderr).toBe(0);
    const create = await runSvc(['issues', 'create', 'octo', 'hello', '--body', '{"title":"A bug","labels":["bug"]}'], { env: env(server.url) });
    expect(create.code, create.stderr).toBe(0);
    // The title is a string or an integer: text goes as it is, as gh issue create --title takes it.
    const titled = await runSvc(['issues', 'create', 'octo', 'hello', '--title', 'A bug', '--labels', '["bug"]'], { env: env(server.url) });
    expect(titled.code, titled.stderr).toBe(0);
    expect(server.received.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['GET', '/v1/repos/octo/hello', ''],
      ['GET', '/v1/orgs/octo/repos?type=public&per_page=5', ''],
      ['POST', '/v1/repos/octo/hello/issues', '{"title":"A bug","labels":["bug"]}'],
      ['POST', '/v1/repos/octo/hello/issues', '{"title":"A bug","labels":["bug"]}'],
    ]);
  });

  it('completes its commands and lists its areas in help, and a call of svc’s own is as before', async () => {
    const bash = await runSvc(['completion', 'bash'], { env: env() });
    expect(bash.stdout).toContain("'github-credentials') echo");
    expect(bash.stdout).toMatch(/'repos'\) echo '[^']*\bget-content\b/);
    expect((await runSvc(['--help'], { env: env() })).stdout).toMatch(/\n {2}github-campaigns\s/);
    const own = await runSvc(['email', 'drafts', 'get', 'dr_1', '--dry-run'], { env: env() });
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout.split('\n')[0]).toBe(`GET ${BASE_URL}/email/drafts/dr_1`);
  });
});

describe("svc's own export, added at run time under other names", () => {
  const configDir = freshConfigDir();
  const env = { SVC_CONFIG_DIR: configDir, SERVICE_BASE_URL: BASE_URL, SERVICE_API_KEY: 'svc_test_key' };
  const OWN = ['campaigns', 'crm', 'email', 'files'];
  const copyOf = (id: string) => `copy-${id}`;
  let own: Operations;
  let copies: Operations;

  beforeAll(async () => {
    own = Object.fromEntries(Object.entries(await loadAllOperations()).filter(([id]) => Object.hasOwn(workspace, id)));
    const exported = JSON.parse((await runSvc(['openapi'], { env })).stdout) as { paths: Record<string, unknown> };
    // Every path under /copy: svc's own routes stay its own.
    exported.paths = Object.fromEntries(Object.entries(exported.paths).map(([path, item]) => [`/copy${path}`, item]));
    const added = await runSvc(['areas', 'add', descriptionFile(exported), '--rename', OWN.map((area) => `${area}=copy-${area}`).join(',')], { env });
    expect(added.code, added.stderr).toBe(0);
    const table = areaTable(env, 'default', (line) => expect.fail(line));
    copies = Object.fromEntries(Object.entries(await loadTableOperations(table, (line) => expect.fail(line))).filter(([id]) => id.startsWith('copy-')));
  });

  const schemaOf = (op: OperationSpec, field: 'params' | 'query' | 'headers' | 'body' | 'response') =>
    op[field] === undefined ? undefined : jsonSchemaOf(op[field], field === 'response' ? 'output' : 'input');

  it('gives back each of its operations, field by field: inputs, rules, schemas and every declared field', () => {
    expect(Object.keys(copies).sort()).toEqual(Object.keys(own).map(copyOf).sort());
    for (const [id, op] of Object.entries(own)) {
      const copy = copies[copyOf(id)]!;
      const { params: _p, query: _q, headers: _h, body: _b, response: _r, ...plain } = op;
      expect({ ...copy, params: 0, query: 0, headers: 0, body: 0, response: 0 }).toEqual({
        ...plain,
        path: `/copy${op.path}`,
        examples: op.examples.map((example) => example.replace(/^svc /, 'svc copy-')),
        params: 0,
        query: 0,
        headers: 0,
        body: 0,
        response: 0,
      });
      for (const field of ['params', 'query', 'headers', 'body', 'response'] as const)
        expect([id, field, schemaOf(copy, field)]).toEqual([id, field, schemaOf(op, field)]);
      expect(operationFields(copy)).toEqual(operationFields(op));
      expect(rulesOf(copy.body)).toEqual(rulesOf(op.body));
    }
  });

  it.each([
    ['email', 'drafts', 'get', 'dr_123'],
    ['email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=Ada'],
    ['crm', 'entries', 'create', 'deals', '--data', 'name=Acme', '--data', 'amount:=12000'],
    ['crm', 'tasks', 'series', 'occurrences', 'list', 'ts_1'],
    ['campaigns', 'person', 'add', 'seq_123', '--email', 'ada@example.com'],
    ['files', 'delete', 'notes/todo.md', '--yes'],
  ])('svc %s … sends what svc’s own command sends, under /copy', async (area, ...rest) => {
    const ownRun = await runSvc([area, ...rest, '--dry-run'], { env });
    const copyRun = await runSvc([`copy-${area}`, ...rest, '--dry-run'], { env });
    expect(ownRun.code, ownRun.stderr).toBe(0);
    expect(copyRun.code, copyRun.stderr).toBe(0);
    expect(copyRun.stdout).toBe(ownRun.stdout.replace(`${BASE_URL}/`, `${BASE_URL}/copy/`));
  });
});
