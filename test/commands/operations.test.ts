import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock/server.js';
import { freshConfigDir, runSvc } from '../support/svc.js';
import { useMockForSvc } from '../support/mock-for-svc.js';

// End to end: the real bin/svc against a real HTTP server on 127.0.0.1 built from the registry's
// msw handlers. Assertions read what the server received, not what the client meant to send.

const mock = useMockForSvc();

const received = () => mock.server.requests.map((r) => ({ method: r.method, path: r.path, body: r.body === '' ? undefined : JSON.parse(r.body) }));

describe('the six operations', () => {
  it('email drafts get', async () => {
    const run = await runSvc(['email', 'drafts', 'get', 'dr_123'], { env: mock.env });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, kind: 'email', draftId: 'dr_123', senders: expect.any(Array) });
    expect(received()).toEqual([{ method: 'GET', path: '/v1/email/drafts/dr_123', body: undefined }]);
    expect(mock.server.requests[0]!.headers).toMatchObject({
      authorization: `Bearer ${mock.server.apiKey}`,
      'user-agent': expect.stringMatching(/^svc\/\d/),
      accept: 'application/json',
    });
  });

  it('campaigns person add', async () => {
    const run = await runSvc(
      ['campaigns', 'person', 'add', 'seq_123', '--email', 'ada@example.com', '--personalization', 'company=Acme', '--check-duplicates-across-workspace'],
      { env: mock.env },
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ enrollmentId: expect.any(String) });
    expect(received()).toEqual([
      {
        method: 'POST',
        path: '/v1/campaigns/seq_123/person',
        body: { email: 'ada@example.com', personalization: { company: 'Acme' }, checkDuplicatesAcrossWorkspace: true },
      },
    ]);
  });

  it('crm entries create keeps every assignee', async () => {
    const run = await runSvc(
      [
        'crm',
        'entries',
        'create',
        'deals',
        '--data',
        'name=Acme renewal',
        '--data',
        'assignees=usr_ada',
        '--data',
        'assignees=usr_grace',
        '--data',
        'assignees=usr_linus',
      ],
      { env: mock.env },
    );
    expect(run.code).toBe(0);
    const { entryId } = JSON.parse(run.stdout) as { entryId: string };
    expect(received()[0]!.body).toEqual({ data: { name: 'Acme renewal', assignees: ['usr_ada', 'usr_grace', 'usr_linus'] } });
    expect(JSON.stringify(mock.server.state())).toContain(JSON.stringify(['usr_ada', 'usr_grace', 'usr_linus']));
    expect(JSON.stringify(mock.server.state())).toContain(entryId);
  });

  it('email templates preview', async () => {
    const run = await runSvc(['email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=Ada', '--data', 'company=Acme'], { env: mock.env });
    expect(run.code).toBe(0);
    const preview = JSON.parse(run.stdout) as { subject: string; variableNames: string[] };
    expect(preview.subject).toBe('Welcome, Ada');
    expect(preview.variableNames.sort()).toEqual(['company', 'firstName']);
    expect(received()).toEqual([{ method: 'POST', path: '/v1/email/templates/tpl_welcome/preview', body: { data: { firstName: 'Ada', company: 'Acme' } } }]);
  });

  it('files delete, then null for a path that no longer exists', async () => {
    const first = await runSvc(['files', 'delete', 'notes/todo.md', '--yes'], { env: mock.env });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(first.stdout)).toEqual({ path: 'notes/todo.md' });
    const second = await runSvc(['files', 'delete', 'notes/todo.md', '--yes'], { env: mock.env });
    expect(second).toEqual({ code: 0, stdout: 'null\n', stderr: 'svc: nothing existed at notes/todo.md; nothing was deleted\n' });
    expect(received()).toEqual([
      { method: 'DELETE', path: '/v1/files', body: { path: 'notes/todo.md' } },
      { method: 'DELETE', path: '/v1/files', body: { path: 'notes/todo.md' } },
    ]);
  });

  it('crm tasks series occurrences list', async () => {
    const run = await runSvc(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly'], { env: mock.env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ taskId: expect.any(String) })]));
    expect(received()).toEqual([{ method: 'GET', path: '/v1/crm/tasks/series/ser_weekly/occurrences', body: undefined }]);
  });
});

describe('exit codes and what reached the server', () => {
  it('encodes a path parameter as exactly one segment', async () => {
    const run = await runSvc(['crm', 'tasks', 'series', 'occurrences', 'list', 'a/b?c#d %e é'], { env: mock.env });
    expect(run.code).toBe(5);
    expect(mock.server.requests.map((r) => r.path)).toEqual(['/v1/crm/tasks/series/a%2Fb%3Fc%23d%20%25e%20%C3%A9/occurrences']);
  });

  it('1: an API error (a duplicate person)', async () => {
    await runSvc(['campaigns', 'person', 'add', 'seq_123', '--email', 'ada@example.com'], { env: mock.env });
    const run = await runSvc(['campaigns', 'person', 'add', 'seq_123', '--email', 'ADA@example.com'], { env: mock.env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^svc: .*\(conflict_error\/duplicate_person, HTTP 409\)\n$/);
  });

  it('2: bad input sends nothing', async () => {
    const run = await runSvc(['campaigns', 'person', 'add', 'seq_123', '--display-name', 'Nobody'], { env: mock.env });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'svc: invalid input: --email: a person needs an email or a LinkedIn profile URL (or both)\n' });
    expect(mock.server.requests).toHaveLength(0);
  });

  it('3: connection refused, and a timeout', async () => {
    const closed = await startMockServer({ port: 0 });
    await closed.close();
    const refused = await runSvc(['email', 'drafts', 'get', 'dr_123', '--retries', '0'], { env: { ...mock.env, SERVICE_BASE_URL: closed.url } });
    expect(refused).toMatchObject({ code: 3, stdout: '' });
    expect(refused.stderr).toMatch(/^svc: could not connect to 127\.0\.0\.1:\d+: connection refused\n$/);
    const slow = await startMockServer({ port: 0, latencyMs: 3000 });
    const timedOut = await runSvc(['email', 'drafts', 'get', 'dr_123', '--timeout', '0.3'], { env: { ...mock.env, SERVICE_BASE_URL: slow.url } });
    await slow.close();
    expect(timedOut.code).toBe(3);
    expect(timedOut.stderr).toMatch(/^svc: no complete answer from 127\.0\.0\.1:\d+ within 0\.3s\n$/);
  });

  it('4: a wrong key, and no credential at all', async () => {
    const wrong = await runSvc(['email', 'drafts', 'get', 'dr_123'], { env: { ...mock.env, SERVICE_API_KEY: 'wrong_key_123' } });
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toContain('HTTP 401');
    expect(wrong.stderr).not.toContain('wrong_key_123');
    const none = await runSvc(['email', 'drafts', 'get', 'dr_123'], { env: { SERVICE_BASE_URL: mock.server.url } });
    expect(none).toEqual({ code: 4, stdout: '', stderr: 'svc: no credential: set SERVICE_API_KEY, or run `svc auth login`\n' });
    expect(mock.server.requests).toHaveLength(1);
  });

  it('5: not found', async () => {
    const run = await runSvc(['email', 'drafts', 'get', 'dr_missing'], { env: mock.env });
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/HTTP 404\)\n$/);
  });
});

describe('sign-in end to end', () => {
  const TOKEN = 'svc_agent_e2eSecretToken987';

  it('a stored session token is used, SERVICE_API_KEY wins over it, and the token never leaks', async () => {
    const configDir = freshConfigDir();
    const own = { SVC_CONFIG_DIR: configDir, SERVICE_BASE_URL: mock.server.url };
    expect((await runSvc(['auth', 'login'], { env: own, input: `${TOKEN}\n` })).code).toBe(0);
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);

    const withToken = await runSvc(['email', 'drafts', 'get', 'dr_123', '--debug'], { env: own });
    expect(withToken.code).toBe(0);
    const withKey = await runSvc(['email', 'drafts', 'get', 'dr_123'], { env: { ...own, SERVICE_API_KEY: mock.server.apiKey } });
    expect(withKey.code).toBe(0);
    expect(mock.server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${mock.server.apiKey}`]);

    const status = await runSvc(['auth', 'status'], { env: own });
    const dryRun = await runSvc(['files', 'delete', 'x', '--dry-run'], { env: own });
    for (const output of [withToken, status, dryRun]) expect(output.stdout + output.stderr).not.toContain(TOKEN);
    expect(withToken.stderr).toContain('authorization: Bearer svc_agent_********');
    expect((await runSvc(['auth', 'token'], { env: own })).stdout).toBe(`${TOKEN}\n`);
  });
});
