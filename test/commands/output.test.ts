import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { builtInFixtures } from '../../src/mock/fixtures.js';
import { runSvc } from '../support/svc.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { tempFolder } from '../support/temp-folder.js';

// Formats, queries and `svc api` on real answers: the real bin/svc against the mock on 127.0.0.1.
const svc = (...args: string[]) => runSvc(args, { env: mock.env });
const LIST = ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly'];
const weekly = builtInFixtures.taskSeries.ser_weekly!.occurrences;

// A key of its own: the default, svc_mock_key, is public and never redacted, and --dry-run is checked to hide the key.
const mock = useMockForSvc({ apiKey: 'svc_e2e_output_secret_0123' });

describe('output formats on real answers', () => {
  it('json (the default when piped) is the answer as sent', async () => {
    const run = await svc(...LIST);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual(weekly);
    expect((await svc(...LIST, '--output', 'json')).stdout).toBe(run.stdout);
  });

  it('yaml reads back as the same value', async () => {
    const list = await svc(...LIST, '--output', 'yaml');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^- taskId: tsk_w1\n {2}title: Weekly pipeline review\n/);
    expect(parseYaml(list.stdout)).toEqual(weekly);
    const draft = await svc('--output', 'yaml', 'email', 'drafts', 'get', 'dr_123');
    expect(parseYaml(draft.stdout)).toEqual(JSON.parse((await svc('email', 'drafts', 'get', 'dr_123')).stdout));
  });

  it('ndjson is one compact JSON text per item', async () => {
    const run = await svc(...LIST, '--output', 'ndjson');
    expect(run.stdout).toBe(weekly.map((item) => `${JSON.stringify(item)}\n`).join(''));
    const one = await svc('email', 'drafts', 'get', 'dr_456', '--output', 'ndjson');
    expect(one.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(one.stdout)).toMatchObject({ draftId: 'dr_456' });
  });

  it('table asked for when piped: columns from the keys, nothing cut', async () => {
    const run = await svc(...LIST, '--output', 'table');
    expect(run.stdout).toBe(
      ['taskId  title                   dueAt                 status', ...weekly.map((t) => `${t.taskId}  ${t.title}  ${t.dueAt}  ${t.status}`), ''].join('\n'),
    );
  });

  it('an unknown format is refused and nothing reaches the server', async () => {
    const run = await svc(...LIST, '--output', 'xml');
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(mock.server.requests).toHaveLength(0);
  });
});

describe('--query on real answers', () => {
  it('filters and projects before formatting', async () => {
    const open = await svc(...LIST, '--query', "[?status=='open'].taskId", '--output', 'ndjson');
    expect(open.stdout).toBe(
      weekly
        .filter((t) => t.status === 'open')
        .map((t) => `"${t.taskId}"\n`)
        .join(''),
    );
    const emails = await svc('email', 'drafts', 'get', 'dr_123', '--query', 'senders[?eligible].email');
    expect(JSON.parse(emails.stdout)).toEqual(['ada@example.com', 'team@example.com']);
    const table = await svc(...LIST, '--query', '[].{id: taskId, status: status}', '--output', 'table');
    expect(table.stdout).toBe(`id      status\n${weekly.map((t) => `${t.taskId}  ${t.status}`).join('\n')}\n`);
  });

  it('a bad expression is a usage error pointing at the fault, and nothing is sent', async () => {
    const run = await svc(...LIST, '--query', "[?status=='open'].{id taskId}");
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'svc: --query: unexpected "taskId" at column 23 in "[?status==\'open\'].{id taskId}"\n' });
    expect(mock.server.requests).toHaveLength(0);
  });
});

describe('template preview', () => {
  it('piped it is JSON; --save-html writes the rendered HTML', async () => {
    const file = join(tempFolder('svc-e2e-html-'), 'welcome.html');
    const run = await svc('email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=Ada', '--data', 'company=Acme & Co', '--save-html', file);
    expect(run.code).toBe(0);
    const preview = JSON.parse(run.stdout) as { htmlBody: string };
    expect(readFileSync(file, 'utf8')).toBe(preview.htmlBody);
    expect(preview.htmlBody).toContain('Welcome to Acme &amp; Co.');
    expect(run.stderr).toBe(`svc: wrote htmlBody (${Buffer.byteLength(preview.htmlBody)} bytes) to ${file}\n`);
  });
});

describe('svc api', () => {
  it('reads an endpoint like the generated command does', async () => {
    const raw = await svc('api', 'GET', '/email/drafts/dr_123');
    expect(raw.code).toBe(0);
    expect(raw.stdout).toBe((await svc('email', 'drafts', 'get', 'dr_123')).stdout);
    expect(mock.server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([
      `GET /v1/email/drafts/dr_123 Bearer ${mock.server.apiKey}`,
      `GET /v1/email/drafts/dr_123 Bearer ${mock.server.apiKey}`,
    ]);
  });

  it('writes with --data, and the write lands', async () => {
    const run = await svc('api', 'POST', 'crm/objects/deals/entries', '--data', 'data:={"name":"Raw deal","assignees":["usr_ada","usr_grace"]}');
    expect(run.code).toBe(0);
    const { entryId } = JSON.parse(run.stdout) as { entryId: string };
    expect(mock.server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/crm/objects/deals/entries' });
    expect(JSON.parse(mock.server.requests[0]!.body)).toEqual({ data: { name: 'Raw deal', assignees: ['usr_ada', 'usr_grace'] } });
    expect(JSON.stringify(mock.server.state())).toContain(entryId);
  });

  it('sends query parameters and DELETE bodies, and formats the answer', async () => {
    const run = await svc('api', 'DELETE', '/files', '--body', '{"path":"notes/todo.md"}', '--query', 'path', '--output', 'yaml');
    expect(run).toMatchObject({ code: 0, stdout: 'notes/todo.md\n' });
    await svc('api', 'GET', '/crm/tasks/series/ser_weekly/occurrences?x=1', '--query-param', 'status=open', '--query-param', 'status=done');
    expect(mock.server.requests.map((r) => r.path)).toEqual(['/v1/files', '/v1/crm/tasks/series/ser_weekly/occurrences?x=1&status=open&status=done']);
  });

  it('an unknown route is exit 5, a wrong key exit 4, as for any command', async () => {
    const missing = await svc('api', 'GET', '/meetings/m_1');
    expect(missing.code).toBe(5);
    expect(missing.stderr).toBe('svc: No operation answers GET /v1/meetings/m_1. (not_found_error/route_not_found, HTTP 404)\n');
    const wrong = await runSvc(['api', 'GET', '/email/drafts/dr_123'], { env: { ...mock.env, SERVICE_API_KEY: 'nope_wrong_key' } });
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).not.toContain('nope_wrong_key');
  });

  it('a path that would leave the base URL sends nothing', async () => {
    for (const path of [`${mock.server.origin}/_mock/state`, '//127.0.0.1/x', '/../_mock/state', '/%2e%2e/_mock/reset']) {
      const run = await svc('api', 'GET', path);
      expect(run.code, path).toBe(2);
      expect(run.stderr).toMatch(/^svc: <path>: .*\n$/);
    }
    expect(mock.server.requests).toHaveLength(0);
  });

  it('--dry-run sends nothing and hides the key', async () => {
    const run = await svc('api', 'DELETE', '/files', '--data', 'path=x', '--dry-run');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`DELETE ${mock.server.url}/files\n`);
    expect(run.stdout).not.toContain(mock.server.apiKey);
    expect(mock.server.requests).toHaveLength(0);
  });
});

describe('discovery commands', () => {
  it('svc ops --output json and svc openapi in both formats', async () => {
    const ops = JSON.parse((await svc('ops', '--output', 'json')).stdout) as { id: string }[];
    expect(ops.map((op) => op.id)).toContain('crm_tasks_series_occurrences_list');
    const json = await svc('openapi');
    const yaml = await svc('openapi', '--format', 'yaml');
    expect(json.code + yaml.code).toBe(0);
    expect(parseYaml(yaml.stdout)).toEqual(JSON.parse(json.stdout));
    expect(JSON.parse(json.stdout).info.version).toBe('1.0.0');
  });
});
