import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockProcess, startMockProcess } from '../../support/mock-process.js';
import { eachBuild } from '../../support/builds.js';
import { freshConfigDir, runSvcProcess } from '../../support/svc.js';

// `svc mock` started as its own process on a free port, driven by svc of the same build and by
// plain fetch (it is an ordinary HTTP service); the state after each write is read from /_mock/state.
eachBuild((build) => {
  let mock: MockProcess;
  let env: Record<string, string>;
  const auth = () => ({ authorization: `Bearer ${mock.apiKey}` });
  const state = async () => (await (await fetch(`${mock.origin}/_mock/state`, { headers: auth() })).json()) as Record<string, any>;
  const svc = (...args: string[]) => runSvcProcess(args, { build, env });

  beforeAll(async () => {
    mock = await startMockProcess(['--api-key', 'e2e_key_123'], build);
    env = { SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey };
  });
  afterAll(async () => {
    const { code, stderr } = await mock.stop();
    expect(code).toBe(0);
    expect(stderr).toContain('svc mock stopped');
  });
  beforeEach(async () => {
    expect((await fetch(`${mock.origin}/_mock/reset`, { method: 'POST', headers: auth() })).status).toBe(200);
  });

  describe('svc mock behaviour through svc', () => {
    it('drafts: the stored draft, or 404', async () => {
      expect(JSON.parse((await svc('email', 'drafts', 'get', 'dr_456')).stdout)).toMatchObject({ draftId: 'dr_456', kind: 'email' });
      expect((await svc('email', 'drafts', 'get', 'dr_nope')).code).toBe(5);
    });

    it('campaigns: new enrollment ids, duplicates per sequence and across the workspace', async () => {
      const first = await svc('campaigns', 'person', 'add', 'seq_123', '--email', 'lin@example.com');
      const other = await svc('campaigns', 'person', 'add', 'seq_123', '--linkedin-profile-url', 'https://www.linkedin.com/in/lin');
      expect(JSON.parse(first.stdout).enrollmentId).not.toBe(JSON.parse(other.stdout).enrollmentId);
      expect((await svc('campaigns', 'person', 'add', 'seq_123', '--email', 'LIN@example.com')).code).toBe(1);
      expect((await svc('campaigns', 'person', 'add', 'seq_456', '--email', 'lin@example.com')).code).toBe(0);
      const across = await svc(
        'campaigns',
        'person',
        'add',
        'seq_456',
        '--linkedin-profile-url',
        'https://linkedin.com/in/lin/',
        '--check-duplicates-across-workspace',
      );
      expect(across.code).toBe(1);
      expect(across.stderr).toContain('duplicate_person, HTTP 409');
      const emails = JSON.stringify((await state()).sequences);
      expect(emails.match(/lin@example\.com/gi)).toHaveLength(2);
    });

    it('CRM: entries stored with every assignee; unknown objects and non-members refused', async () => {
      const created = await svc(
        'crm',
        'entries',
        'create',
        'deals',
        '--data',
        'name=Big one',
        '--data',
        'assignees=usr_linus',
        '--data',
        'assignees=usr_ada',
        '--data',
        'owner=usr_grace',
      );
      const { entryId } = JSON.parse(created.stdout) as { entryId: string };
      expect(JSON.stringify((await state()).crmObjects.deals.entries)).toContain(
        JSON.stringify({ name: 'Big one', assignees: ['usr_linus', 'usr_ada'], owner: 'usr_grace' }),
      );
      expect(JSON.stringify(await state())).toContain(entryId);
      expect((await svc('crm', 'entries', 'create', 'spaceships', '--data', 'name=x')).code).toBe(5);
      const stranger = await svc('crm', 'entries', 'create', 'deals', '--data', 'assignees=usr_ada', '--data', 'assignees=usr_mallory');
      expect(stranger.code).toBe(1);
      expect(stranger.stderr).toContain('HTTP 400');
    });

    it('templates: placeholders rendered, values HTML-escaped, variable names listed', async () => {
      const run = await svc('email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=<script>alert(1)</script>', '--data', 'company=A&B');
      const preview = JSON.parse(run.stdout) as { subject: string; htmlBody: string; variableNames: string[] };
      expect(preview.htmlBody).not.toContain('<script>');
      expect(preview.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(preview.htmlBody).toContain('A&amp;B');
      expect(preview.variableNames.sort()).toEqual(['company', 'firstName']);
    });

    it('files: deleting a directory removes what is under it; a missing path answers null', async () => {
      expect(JSON.parse((await svc('files', 'delete', 'reports', '--yes')).stdout)).toEqual({ path: 'reports' });
      const files = JSON.stringify((await state()).files);
      expect(files).not.toContain('reports/2026/q3.csv');
      expect(files).toContain('notes/todo.md');
      expect(await svc('files', 'delete', 'reports/2026/q4.csv', '--yes')).toMatchObject({ code: 0, stdout: 'null\n' });
    });

    it('task series: the occurrences, or 404', async () => {
      expect(JSON.parse((await svc('crm', 'tasks', 'series', 'occurrences', 'list', 'ser_monthly')).stdout)).toEqual([
        expect.objectContaining({ taskId: 'tsk_m1' }),
      ]);
      expect((await svc('crm', 'tasks', 'series', 'occurrences', 'list', 'ser_none')).code).toBe(5);
    });
  });

  describe('svc mock as an ordinary HTTP service (plain fetch)', () => {
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${mock.url}${path}`, { ...init, headers: { ...auth(), 'content-type': 'application/json', ...init.headers } });

    it('answers 400 for a person with neither identifier, malformed JSON, and 404 route_not_found, 401 without a token', async () => {
      const none = await call('/campaigns/seq_123/person', { method: 'POST', body: JSON.stringify({ displayName: 'x' }) });
      expect(none.status).toBe(400);
      const malformed = await call('/crm/objects/deals/entries', { method: 'POST', body: '{"data":' });
      expect(malformed.status).toBe(400);
      expect(((await (await call('/nowhere')).json()) as { error: { code: string } }).error.code).toBe('route_not_found');
      expect((await fetch(`${mock.url}/email/drafts/dr_123`)).status).toBe(401);
    });

    it.each([
      ['503', 503],
      ['500', 500],
      ['429', 429],
    ])('fault %s answers %i and a faulted write changes nothing', async (fault, status) => {
      const res = await call('/crm/objects/deals/entries', {
        method: 'POST',
        headers: { 'x-mock-fault': fault },
        body: JSON.stringify({ data: { name: 'ghost' } }),
      });
      expect(res.status).toBe(status);
      expect(JSON.stringify(await state())).not.toContain('ghost');
    });

    it('fault 429;retry-after=2 sets Retry-After; malformed-json breaks the body; reset drops the connection; slow delays', async () => {
      expect((await call('/email/drafts/dr_123', { headers: { 'x-mock-fault': '429;retry-after=2' } })).headers.get('retry-after')).toBe('2');
      const broken = await call('/email/drafts/dr_123', { headers: { 'x-mock-fault': 'malformed-json' } });
      expect(broken.status).toBe(200);
      await expect(broken.json()).rejects.toThrow();
      await expect(call('/email/drafts/dr_123', { headers: { 'x-mock-fault': 'reset' } })).rejects.toThrow();
      const started = Date.now();
      expect((await call('/email/drafts/dr_123', { headers: { 'x-mock-fault': 'slow=300' } })).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    });
  });

  describe('svc mock options', () => {
    it('serves a --fixtures file', async () => {
      const file = join(freshConfigDir(), 'fixtures.json');
      writeFileSync(file, JSON.stringify({ drafts: { dr_own: { ok: true, kind: 'email', draftId: 'dr_own', syncStatus: 'draft', revision: 7 } } }));
      const own = await startMockProcess(['--fixtures', file], build);
      try {
        const run = await runSvcProcess(['email', 'drafts', 'get', 'dr_own'], { build, env: { SERVICE_BASE_URL: own.url, SERVICE_API_KEY: own.apiKey } });
        expect(JSON.parse(run.stdout)).toMatchObject({ draftId: 'dr_own', revision: 7 });
        expect(
          (await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env: { SERVICE_BASE_URL: own.url, SERVICE_API_KEY: own.apiKey } })).code,
        ).toBe(5);
      } finally {
        expect((await own.stop()).code).toBe(0);
      }
    });
  });
});
