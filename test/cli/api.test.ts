import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createFakeContext, json, sentRequest } from '../support/fake-context.js';

const BASE = 'http://127.0.0.1:4010/v1';

// Argv in, request out, for `svc api`.
const cases: { argv: string[]; method: string; url: string; body?: unknown }[] = [
  { argv: ['api', 'GET', '/email/drafts/dr_1'], method: 'GET', url: `${BASE}/email/drafts/dr_1` },
  { argv: ['api', 'get', 'meetings'], method: 'GET', url: `${BASE}/meetings` },
  {
    argv: ['api', 'GET', '/meetings?limit=5', '--query-param', 'tag=a', '--query-param', 'tag=b b', '--query-param', 'n:=2'],
    method: 'GET',
    url: `${BASE}/meetings?limit=5&tag=a&tag=b+b&n=2`,
  },
  { argv: ['api', 'GET', '/files/a b/é{x}'], method: 'GET', url: `${BASE}/files/a%20b/%C3%A9%7Bx%7D` },
  { argv: ['api', 'GET', '/files/reports%2F2026'], method: 'GET', url: `${BASE}/files/reports%2F2026` },
  {
    argv: ['api', 'POST', '/crm/objects/deals/entries', '--data', 'data:={"name":"Acme"}'],
    method: 'POST',
    url: `${BASE}/crm/objects/deals/entries`,
    body: { data: { name: 'Acme' } },
  },
  {
    argv: ['api', 'POST', '/notes', '--body', '{"a":1,"b":2}', '--data', 'b=x', '--data', 'tags[]=t1'],
    method: 'POST',
    url: `${BASE}/notes`,
    body: { a: 1, b: 'x', tags: ['t1'] },
  },
  { argv: ['api', 'PUT', '/settings/x', '--body', '[1,2]'], method: 'PUT', url: `${BASE}/settings/x`, body: [1, 2] },
  { argv: ['api', 'DELETE', '/files', '--body', '{"path":"tmp/x"}'], method: 'DELETE', url: `${BASE}/files`, body: { path: 'tmp/x' } },
  { argv: ['--base-url', 'http://127.0.0.1:9/v1/', 'api', 'PATCH', '/a'], method: 'PATCH', url: 'http://127.0.0.1:9/v1/a' },
];

describe('svc api: argv in, request out', () => {
  it.each(cases)('svc $argv', async ({ argv, method, url, body }) => {
    const fake = createFakeContext({ respond: () => json(200, { ok: true }) });
    expect(await run(argv, fake.ctx)).toBe(0);
    expect(fake.requests.map(sentRequest)).toEqual([
      { method, url, body, authorization: 'Bearer sk_test_1234567890', contentType: body === undefined ? undefined : 'application/json' },
    ]);
  });
});

// The path stays under the base URL; bad input is one line, exit 2, nothing sent.
const refused: [string[], string][] = [
  [['api', 'GET', 'https://evil.example.com/v1/x'], 'svc: <path>: give a path under the base URL, not a URL: https://evil.example.com/v1/x\n'],
  [['api', 'GET', '//evil.example.com/x'], 'svc: <path>: the path cannot hold "//" (it would name another host or an empty segment): //evil.example.com/x\n'],
  [['api', 'GET', '/email//drafts'], 'svc: <path>: the path cannot hold "//" (it would name another host or an empty segment): /email//drafts\n'],
  [['api', 'GET', '/../admin'], 'svc: <path>: the path cannot hold a ".." segment; it is relative to the base URL and stays under it: /../admin\n'],
  [
    ['api', 'GET', 'a/%2E%2e/b'],
    'svc: <path>: the path cannot hold a ".." segment; it is relative to the base URL and stays under it (decoded: /a/../b): a/%2E%2e/b\n',
  ],
  [['api', 'GET', '/a/./b'], 'svc: <path>: the path cannot hold a "." segment; it is relative to the base URL and stays under it: /a/./b\n'],
  [['api', 'GET', '/a\\..\\b'], 'svc: <path>: the path cannot hold a backslash: /a\\..\\b\n'],
  [['api', 'GET', '/a#frag'], 'svc: <path>: the path cannot hold a fragment (#): /a#frag\n'],
  [['api', 'GET', '/a%g1'], 'svc: <path>: a "%" must start a percent-escape such as %2F: /a%g1\n'],
  [['api', 'GET', ''], 'svc: <path>: the path is empty\n'],
  [['api', 'TRACE', '/a'], 'svc: <method>: "TRACE" is not one of GET, POST, PUT, PATCH, DELETE\n'],
  [['api', 'GET', '/a', '--body', '{}'], 'svc: a GET request has no body; give parameters with --query-param\n'],
  [
    ['api', 'POST', '/a', '--body', '{bad'],
    "svc: --body: JSON in the argument is not valid: Expected property name or '}' in JSON at position 1 (line 1 column 2)\n",
  ],
  [['api', 'POST', '/a', '--body', '[1]', '--data', 'x=1'], 'svc: --data needs --body to be a JSON object\n'],
  [['api', 'POST', '/a', '--data', 'novalue'], 'svc: --data: expected key=value, key:=json or key[]=value, got "novalue"\n'],
  [['api', 'GET', '/a', '--query-param', '=x'], 'svc: --query-param: expected key=value, key:=json or key[]=value, got "=x"\n'],
  [['api', 'GET', '/a', '--output', 'csv'], "svc: option '--output <format>' argument 'csv' is invalid. Allowed choices are json, yaml, table, ndjson.\n"],
  [['api', 'GET', '/a', '--query', 'a[?'], 'svc: --query: the expression ends too early (after column 3) in "a[?"\n'],
  [['api', 'GET'], "svc: missing required argument 'path'\n"],
];

describe('svc api: refused before sending', () => {
  it.each(refused)('svc %j', async (argv, stderr) => {
    const fake = createFakeContext({ respond: () => json(200, {}) });
    expect(await run(argv, fake.ctx)).toBe(2);
    expect(fake.err()).toBe(stderr);
    expect(fake.requests).toHaveLength(0);
    expect(fake.out()).toBe('');
  });
});

describe('svc api: answers', () => {
  it('maps statuses to the same exit codes, with the same one-line errors and the same retries', async () => {
    for (const [status, code, attempts] of [
      [400, 1, 1],
      [401, 4, 1],
      [404, 5, 1],
      [500, 1, 4],
    ] as const) {
      const fake = createFakeContext({ respond: () => json(status, { error: { message: 'no', type: 't', code: 'c' } }) });
      expect(await run(['api', 'GET', '/x'], fake.ctx)).toBe(code);
      const hint = status === 401 ? '; check SERVICE_API_KEY or run `svc auth login`' : '';
      expect(fake.err()).toBe(`svc: no (t/c, HTTP ${status})${hint}${attempts > 1 ? ` (after ${attempts} attempts)` : ''}\n`);
      expect(fake.requests).toHaveLength(attempts);
    }
  });

  it('formats and queries the answer like a generated command', async () => {
    const fake = createFakeContext({
      respond: () =>
        json(200, [
          { id: 'm1', title: 'Standup' },
          { id: 'm2', title: 'Review' },
        ]),
    });
    expect(await run(['api', 'GET', '/meetings', '--query', '[].id', '--output', 'ndjson'], fake.ctx)).toBe(0);
    expect(fake.out()).toBe('"m1"\n"m2"\n');
  });

  it('prints nothing for an empty 204', async () => {
    const fake = createFakeContext({ respond: () => ({ status: 204, headers: {}, body: '' }) });
    expect(await run(['api', 'DELETE', '/x'], fake.ctx)).toBe(0);
    expect(fake.out()).toBe('');
  });

  it('--dry-run prints the request with the token redacted and sends nothing', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: 'svc_agent_SECRETSECRETSECRET' } });
    expect(await run(['api', 'POST', '/notes', '--data', 'text=hi', '--dry-run'], fake.ctx)).toBe(0);
    expect(fake.out()).toBe(
      `POST ${BASE}/notes\naccept: application/json\nauthorization: Bearer svc_agent_********\ncontent-type: application/json\nuser-agent: svc/${fake.out().match(/svc\/(\S+)/)![1]}\n\n{\n  "text": "hi"\n}\n`,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('--debug traces the exchange with the token redacted', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: 'sk_live_SECRETSECRETSECRET' }, respond: () => json(200, { ok: true }) });
    expect(await run(['api', 'GET', '/x', '--debug'], fake.ctx)).toBe(0);
    expect(fake.err()).toContain(`> GET ${BASE}/x\n`);
    expect(fake.err()).toMatch(/< 200 \(\d+ ms\)\n/);
    expect(fake.out() + fake.err()).not.toContain('SECRETSECRETSECRET');
  });

  it('needs a credential like any other call', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: undefined } });
    expect(await run(['api', 'GET', '/x'], fake.ctx)).toBe(4);
    expect(fake.requests).toHaveLength(0);
  });
});
