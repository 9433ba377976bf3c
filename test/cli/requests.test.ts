import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createFakeContext, json, sentRequest } from '../support/fake-context.js';

const BASE = 'http://127.0.0.1:4010/v1';

interface Case {
  argv: string[];
  method: string;
  url: string;
  body?: unknown;
}

// Argv in, request out: given these words, this method, URL and body leave the machine.
const cases: Case[] = [
  { argv: ['email', 'drafts', 'get', 'dr_123'], method: 'GET', url: `${BASE}/email/drafts/dr_123` },
  {
    argv: [
      'campaigns',
      'person',
      'add',
      'seq_1',
      '--email',
      'ada@example.com',
      '--display-name',
      'Ada Lovelace',
      '--personalization',
      'company=Acme',
      '--personalization',
      'tier:=2',
      '--no-check-duplicates-across-workspace',
    ],
    method: 'POST',
    url: `${BASE}/campaigns/seq_1/person`,
    body: { email: 'ada@example.com', displayName: 'Ada Lovelace', personalization: { company: 'Acme', tier: 2 }, checkDuplicatesAcrossWorkspace: false },
  },
  {
    argv: [
      'campaigns',
      'person',
      'add',
      'seq_1',
      '--linkedin-profile-url',
      'https://www.linkedin.com/in/ada',
      '--check-duplicates-across-workspace',
      '--entry-id',
      'ent_1',
      '--source-entry-id',
      'ent_0',
      '--source-object-name',
      'people',
    ],
    method: 'POST',
    url: `${BASE}/campaigns/seq_1/person`,
    body: {
      linkedinProfileUrl: 'https://www.linkedin.com/in/ada',
      checkDuplicatesAcrossWorkspace: true,
      entryId: 'ent_1',
      sourceEntryId: 'ent_0',
      sourceObjectName: 'people',
    },
  },
  {
    argv: [
      'crm',
      'entries',
      'create',
      'deals',
      '--data',
      'name=Acme renewal',
      '--data',
      'assignees=usr_1',
      '--data',
      'assignees=usr_2',
      '--data',
      'assignees=usr_3',
    ],
    method: 'POST',
    url: `${BASE}/crm/objects/deals/entries`,
    body: { data: { name: 'Acme renewal', assignees: ['usr_1', 'usr_2', 'usr_3'] } },
  },
  {
    argv: ['crm', 'entries', 'create', 'deals', '--data', 'amount:=12000', '--data', 'owner[]=usr_1', '--data', 'meta:={"a":[1,null]}', '--data', 'note=x=y'],
    method: 'POST',
    url: `${BASE}/crm/objects/deals/entries`,
    body: { data: { amount: 12000, owner: ['usr_1'], meta: { a: [1, null] }, note: 'x=y' } },
  },
  {
    argv: ['email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=Ada'],
    method: 'POST',
    url: `${BASE}/email/templates/tpl_welcome/preview`,
    body: { data: { firstName: 'Ada' } },
  },
  { argv: ['files', 'delete', 'reports/2026/q3 final.csv', '--yes'], method: 'DELETE', url: `${BASE}/files`, body: { path: 'reports/2026/q3 final.csv' } },
  {
    argv: ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser/1?x#y %z é'],
    method: 'GET',
    url: `${BASE}/crm/tasks/series/ser%2F1%3Fx%23y%20%25z%20%C3%A9/occurrences`,
  },
  // --body is the base; flags apply on top of it (map flags merge key by key).
  {
    argv: ['crm', 'entries', 'create', 'deals', '--body', '{"data":{"name":"From body","stage":"won"}}', '--data', 'name=From flag'],
    method: 'POST',
    url: `${BASE}/crm/objects/deals/entries`,
    body: { data: { name: 'From flag', stage: 'won' } },
  },
  // Global options work after the command words too.
  { argv: ['email', 'drafts', 'get', 'dr_9', '--base-url', 'http://127.0.0.1:9999/v1/'], method: 'GET', url: 'http://127.0.0.1:9999/v1/email/drafts/dr_9' },
  { argv: ['--base-url', 'http://localhost:9999/v1', 'email', 'drafts', 'get', 'dr_9'], method: 'GET', url: 'http://localhost:9999/v1/email/drafts/dr_9' },
];

describe('argv in, request out', () => {
  it.each(cases)('svc $argv', async ({ argv, method, url, body }) => {
    const fake = createFakeContext({ respond: () => json(200, {}) });
    await run(argv, fake.ctx);
    expect(fake.requests.map(sentRequest)).toEqual([
      { method, url, body, authorization: 'Bearer sk_test_1234567890', contentType: body === undefined ? undefined : 'application/json' },
    ]);
    expect(fake.requests[0]!.headers['user-agent']).toMatch(/^svc\/\d+\.\d+\.\d+/);
  });

  it('reads --body from standard input with -', async () => {
    const fake = createFakeContext({ respond: () => json(200, { entryId: 'e' }), stdin: '{"data":{"assignees":["usr_1","usr_2"]}}' });
    expect(await run(['crm', 'entries', 'create', 'deals', '--body', '-'], fake.ctx)).toBe(0);
    expect(JSON.parse(fake.requests[0]!.body!)).toEqual({ data: { assignees: ['usr_1', 'usr_2'] } });
  });

  it('takes the whole-request timeout from --timeout', async () => {
    const fake = createFakeContext({ respond: () => json(200, {}) });
    await run(['--timeout', '2.5', 'crm', 'tasks', 'series', 'occurrences', 'list', 's'], fake.ctx);
    expect(fake.requests[0]!.timeoutMs).toBe(2500);
  });
});
