import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { TransportError } from '../../src/client/transport.js';
import { createFakeContext, json, type Responder } from '../support/fake-context.js';

const draft = { ok: true, kind: 'email', draftId: 'dr_1', syncStatus: 'synced', revision: 3, senders: ['ada@example.com'] };
const apiError = (status: number, code: string) =>
  json(status, { error: { message: `it went wrong (${code})`, type: 'some_error', code, details: { field: 'x' } } });

interface Case {
  name: string;
  argv?: string[];
  respond: Responder;
  code: number;
  stdout: string | RegExp;
  stderr: string | RegExp;
  /** Requests sent: a GET that fails with a retryable status or connection is tried 1 + 3 times. */
  sent?: number;
}

const GET = ['email', 'drafts', 'get', 'dr_1'];

// Response in, stdout and exit code out.
const cases: Case[] = [
  { name: '200 prints pretty JSON, extra fields kept', respond: () => json(200, draft), code: 0, stdout: `${JSON.stringify(draft, null, 2)}\n`, stderr: '' },
  {
    name: 'any 2xx is success',
    argv: ['crm', 'entries', 'create', 'deals', '--data', 'a=b'],
    respond: () => json(201, { entryId: 'ent_1' }),
    code: 0,
    stdout: '{\n  "entryId": "ent_1"\n}\n',
    stderr: '',
  },
  {
    name: '400 is an API error',
    respond: () => apiError(400, 'invalid_request'),
    code: 1,
    stdout: '',
    stderr: 'svc: it went wrong (invalid_request) (some_error/invalid_request, HTTP 400)\n',
  },
  {
    name: '401 is exit 4',
    respond: () => apiError(401, 'unauthorized'),
    code: 4,
    stdout: '',
    stderr: /HTTP 401\); check SERVICE_API_KEY or run `svc auth login`\n$/,
  },
  { name: '404 is exit 5', respond: () => apiError(404, 'not_found'), code: 5, stdout: '', stderr: /^svc: .*HTTP 404\)\n$/ },
  {
    name: '500 is exit 1, after the retries',
    respond: () => apiError(500, 'internal'),
    code: 1,
    stdout: '',
    stderr: /HTTP 500\) \(after 4 attempts\)\n$/,
    sent: 4,
  },
  {
    name: 'status decides even without a body',
    respond: () => ({ status: 404, headers: {}, body: '' }),
    code: 5,
    stdout: '',
    stderr: 'svc: HTTP 404 with no body\n',
  },
  {
    name: "a proxy's HTML page",
    respond: () => ({ status: 502, headers: { 'content-type': 'text/html' }, body: '<html><body>Bad gateway</body></html>' }),
    code: 1,
    stdout: '',
    stderr: 'svc: HTTP 502 with an HTML page (a proxy or gateway error?) (after 4 attempts)\n',
    sent: 4,
  },
  {
    name: 'a 2xx with malformed JSON is exit 3',
    respond: () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok": tru' }),
    code: 3,
    stdout: '',
    stderr: 'svc: the service answered 200 with malformed JSON where JSON was expected\n',
  },
  { name: 'a 2xx with an empty body is exit 3', respond: () => ({ status: 200, headers: {}, body: '' }), code: 3, stdout: '', stderr: /with an empty body/ },
  {
    name: 'connection refused is exit 3, one line, no stack',
    respond: () => {
      throw new TransportError('refused', 'could not connect to 127.0.0.1:4010: connection refused', false);
    },
    code: 3,
    stdout: '',
    stderr: 'svc: could not connect to 127.0.0.1:4010: connection refused (after 4 attempts)\n',
    sent: 4,
  },
  {
    name: 'a schema mismatch is printed with a warning',
    respond: () => json(200, { ...draft, revision: 'three' }),
    code: 0,
    stdout: /"revision": "three"/,
    stderr: /^svc: warning: the response does not match the registry's schema \(revision: /m,
  },
  {
    name: '--strict refuses a schema mismatch: exit 3, nothing on stdout',
    argv: [...GET, '--strict'],
    respond: () => json(200, { ...draft, revision: 'three' }),
    code: 3,
    stdout: '',
    stderr: /^svc: the response does not match the registry's schema \(revision: .*\); --strict refuses it\n$/,
  },
  {
    name: 'a redirect is not followed',
    respond: () => ({ status: 307, headers: { location: 'https://elsewhere.example/v1/x' }, body: '' }),
    code: 1,
    stdout: '',
    stderr: 'svc: HTTP 307 redirect to https://elsewhere.example/v1/x; svc does not follow redirects (is the base URL right?)\n',
  },
  {
    name: '204 is a success with nothing to print',
    argv: ['files', 'delete', 'x', '--yes'],
    respond: () => ({ status: 204, headers: {}, body: '' }),
    code: 0,
    stdout: '',
    stderr: '',
  },
  {
    name: 'a 503 on a POST is not retried',
    argv: ['crm', 'entries', 'create', 'deals', '--data', 'a=b'],
    respond: () => apiError(503, 'unavailable'),
    code: 1,
    stdout: '',
    stderr: /HTTP 503\)\n$/,
    sent: 1,
  },
  {
    name: 'the template preview, a POST the registry declares idempotent, recovers from a 503',
    argv: ['email', 'templates', 'preview', 'tpl_1', '--data', 'firstName=Ada', '--output', 'json'],
    respond: (() => {
      let n = 0;
      return () => (n++ === 0 ? apiError(503, 'unavailable') : json(200, { subject: 'Hi Ada', htmlBody: '<p>Hi</p>', variableNames: ['firstName'] }));
    })(),
    code: 0,
    stdout: /"subject": "Hi Ada"/,
    stderr: '',
    sent: 2,
  },
  {
    name: 'a GET recovers from a 503 on the next attempt',
    respond: (() => {
      let n = 0;
      return () => (n++ === 0 ? apiError(503, 'unavailable') : json(200, draft));
    })(),
    code: 0,
    stdout: /"draftId"/,
    stderr: '',
    sent: 2,
  },
  {
    name: 'null from files delete: null on stdout, a note on stderr, exit 0',
    argv: ['files', 'delete', 'nope/missing.txt', '--yes'],
    respond: () => json(200, null),
    code: 0,
    stdout: 'null\n',
    stderr: 'svc: nothing existed at nope/missing.txt; nothing was deleted\n',
  },
];

describe('response in, stdout and exit code out', () => {
  it.each(cases)('$name', async ({ argv, respond, code, stdout, stderr, sent }) => {
    const fake = createFakeContext({ respond });
    expect(await run(argv ?? GET, fake.ctx)).toBe(code);
    expect(fake.requests).toHaveLength(sent ?? 1);
    if (typeof stdout === 'string') expect(fake.out()).toBe(stdout);
    else expect(fake.out()).toMatch(stdout);
    if (typeof stderr === 'string') expect(fake.err()).toBe(stderr);
    else expect(fake.err()).toMatch(stderr);
    expect(fake.err()).not.toMatch(/\n\s+at /); // never a stack trace
  });

  it('waits what Retry-After asks, else a jittered backoff, between attempts', async () => {
    let n = 0;
    const busy = json(429, { error: { message: 'slow down' } }, { 'retry-after': '3' });
    const fake = createFakeContext({ respond: () => [busy, apiError(502, 'bad_gateway'), json(200, draft)][n++]!, env: { SVC_RETRY_BASE_MS: '100' } });
    expect(await run(GET, fake.ctx)).toBe(0);
    expect(fake.requests).toHaveLength(3);
    expect(fake.waits).toEqual([3000, 100]); // Retry-After: 3; then 0.5 (the fake's random) x 100 ms x 2
  });

  it('shows error details with --debug only', async () => {
    const quiet = createFakeContext({ respond: () => apiError(400, 'bad') });
    await run(GET, quiet.ctx);
    expect(quiet.err()).not.toContain('"field"');
    const loud = createFakeContext({ respond: () => apiError(400, 'bad') });
    await run([...GET, '--debug'], loud.ctx);
    expect(loud.err()).toContain('details: {\n  "field": "x"\n}');
  });

  it('colours JSON on a terminal, not with NO_COLOR, and with FORCE_COLOR when piped', async () => {
    const tty = createFakeContext({ respond: () => json(200, draft), tty: true });
    await run(GET, tty.ctx);
    expect(tty.out()).toContain('\u001b[');
    const noColor = createFakeContext({ respond: () => json(200, draft), tty: true, env: { NO_COLOR: '1' } });
    await run(GET, noColor.ctx);
    expect(noColor.out()).toBe(`${JSON.stringify(draft, null, 2)}\n`);
    const forced = createFakeContext({ respond: () => json(200, draft), env: { FORCE_COLOR: '1' } });
    await run(GET, forced.ctx);
    expect(forced.out()).toContain('\u001b[');
  });
});
