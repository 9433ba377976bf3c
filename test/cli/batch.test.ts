import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createFakeContext, json } from '../support/fake-context.js';
import { tempFolder } from '../support/temp-folder.js';

const BASE = 'http://127.0.0.1:4010/v1';
const ndjson = (...lines: unknown[]) => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';
const records = (out: string) =>
  out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const sentBodies = (requests: { url: string; body?: string }[]) =>
  requests.map((r) => ({ url: r.url, body: r.body === undefined ? undefined : JSON.parse(r.body) }));
const tempFile = (name: string, text: string) => {
  const path = join(tempFolder('svc-batch-'), name);
  writeFileSync(path, text);
  return path;
};
const enrolled = () => json(201, { enrollmentId: 'enr_1' });

describe('batch input: argv and lines in, requests out', () => {
  it("applies flags and arguments to every line; a line's own fields win, map fields key by key", async () => {
    const fake = createFakeContext({
      respond: enrolled,
      stdin: ndjson({ email: 'a@x.io' }, { sequenceId: 'seq_2', email: 'b@x.io', personalization: { tier: 2 }, checkDuplicatesAcrossWorkspace: false }),
    });
    const argv = [
      'campaigns',
      'person',
      'add',
      'seq_1',
      '--personalization',
      'source=import',
      '--personalization',
      'tier:=1',
      '--check-duplicates-across-workspace',
      '--input',
      '-',
    ];
    expect(await run(argv, fake.ctx)).toBe(0);
    expect(sentBodies(fake.requests)).toEqual([
      {
        url: `${BASE}/campaigns/seq_1/person`,
        body: { email: 'a@x.io', personalization: { source: 'import', tier: 1 }, checkDuplicatesAcrossWorkspace: true },
      },
      {
        url: `${BASE}/campaigns/seq_2/person`,
        body: { email: 'b@x.io', personalization: { source: 'import', tier: 2 }, checkDuplicatesAcrossWorkspace: false },
      },
    ]);
    expect(records(fake.out())).toEqual([
      { line: 1, ok: true, status: 201, result: { enrollmentId: 'enr_1' } },
      { line: 2, ok: true, status: 201, result: { enrollmentId: 'enr_1' } },
    ]);
    expect(fake.err()).toMatch(/^svc: 2 lines: 2 succeeded, 0 failed in .*\n$/);
  });

  it('takes path parameters from the lines, so positional arguments are optional with --input', async () => {
    const fake = createFakeContext({
      respond: (r) => json(200, { ok: true, kind: 'email', draftId: r.url.split('/').at(-1), syncStatus: 'synced', revision: 1 }),
      stdin: ndjson({ draftId: 'dr_1' }, { draftId: 'a/b' }),
    });
    expect(await run(['email', 'drafts', 'get', '--input', '-'], fake.ctx)).toBe(0);
    expect(fake.requests.map((r) => r.url)).toEqual([`${BASE}/email/drafts/dr_1`, `${BASE}/email/drafts/a%2Fb`]);
    const without = createFakeContext();
    expect(await run(['email', 'drafts', 'get'], without.ctx)).toBe(2);
    expect(without.err()).toContain("missing required argument 'draftId'");
  });

  it('gives a line that fails validation a record naming the field, and sends nothing for it', async () => {
    const stdin = ndjson({ sequenceId: 'seq_1', email: 'nope' }, { sequenceId: 'seq_1', emial: 'a@x.io' }, { email: 'a@x.io' }, '[1]', '{"sequenceId": ', {
      sequenceId: 'seq_1',
      email: 'ok@x.io',
    });
    const fake = createFakeContext({ respond: enrolled, stdin });
    expect(await run(['campaigns', 'person', 'add', '--input', '-'], fake.ctx)).toBe(1);
    expect(fake.requests).toHaveLength(1);
    const out = records(fake.out());
    expect(out.map((r) => [r.line, r.ok, r.status])).toEqual([
      [1, false, null],
      [2, false, null],
      [3, false, null],
      [4, false, null],
      [5, false, null],
      [6, true, 201],
    ]);
    expect(out.map((r) => (r.error as { message?: string } | undefined)?.message)).toEqual([
      'email: Invalid email address',
      expect.stringMatching(/^emial: not a field of this operation \(sequenceId, displayName, email/),
      'sequenceId: required',
      'the line must be a JSON object of path parameters and body fields',
      expect.stringMatching(/^the line is not valid JSON/),
      undefined,
    ]);
    expect(out[0]!.error).toEqual({ kind: 'invalid', message: 'email: Invalid email address', issues: [{ field: 'email', message: 'Invalid email address' }] });
    expect(fake.err()).toMatch(/^svc: 6 lines: 1 succeeded, 5 failed in /);
  });

  it('reads CSV columns as assignment keys: key:=json, field.key entries, key[] appends, empty cells left out', async () => {
    const path = tempFile(
      'deals.csv',
      'objectName,data.name,data.amount:=,data.assignees[],data.assignees[]\ndeals,Acme,12000,usr_ada,usr_grace\ndeals,Beta,,usr_ada,\n',
    );
    const fake = createFakeContext({ respond: () => json(201, { entryId: 'ent_1' }) });
    expect(await run(['crm', 'entries', 'create', '--data', 'source=import', '--input', path], fake.ctx)).toBe(0);
    expect(sentBodies(fake.requests)).toEqual([
      { url: `${BASE}/crm/objects/deals/entries`, body: { data: { source: 'import', name: 'Acme', amount: 12000, assignees: ['usr_ada', 'usr_grace'] } } },
      { url: `${BASE}/crm/objects/deals/entries`, body: { data: { source: 'import', name: 'Beta', assignees: ['usr_ada'] } } },
    ]);
    expect(records(fake.out()).map((r) => r.line)).toEqual([2, 3]);
  });

  it('refuses a line over 1 MiB in its own record, and goes on with the next', async () => {
    const huge = JSON.stringify({ sequenceId: 'seq_1', email: 'a@x.io', displayName: 'x'.repeat(1024 * 1024) });
    const rejects = join(tempFolder('svc-batch-'), 'rejects.ndjson');
    const fake = createFakeContext({ respond: enrolled, stdin: ndjson(huge, { sequenceId: 'seq_1', email: 'b@x.io' }) });
    expect(await run(['campaigns', 'person', 'add', '--input', '-', '--rejects', rejects], fake.ctx)).toBe(1);
    expect(records(fake.out())).toEqual([
      {
        line: 1,
        ok: false,
        status: null,
        error: { kind: 'invalid', message: 'the line is longer than 1 MiB, so it was not kept (nor copied to a rejects file)' },
      },
      { line: 2, ok: true, status: 201, result: { enrollmentId: 'enr_1' } },
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(readFileSync(rejects, 'utf8')).toBe('');
  });

  it("--query applies to each line's result", async () => {
    const fake = createFakeContext({
      respond: (r) =>
        json(200, {
          subject: `Welcome, ${(JSON.parse(r.body!) as { data: { firstName: string } }).data.firstName}`,
          htmlBody: '<p>x</p>',
          variableNames: ['firstName'],
        }),
      stdin: ndjson({ data: { firstName: 'Ada' } }, { data: { firstName: 'Grace' } }),
    });
    expect(await run(['email', 'templates', 'preview', 'tpl_welcome', '--input', '-', '--query', 'subject'], fake.ctx)).toBe(0);
    expect(records(fake.out())).toEqual([
      { line: 1, ok: true, status: 200, result: 'Welcome, Ada' },
      { line: 2, ok: true, status: 200, result: 'Welcome, Grace' },
    ]);
  });

  it('--dry-run records each request it would send and sends nothing', async () => {
    const fake = createFakeContext({ stdin: ndjson({ sequenceId: 'seq_1', email: 'a@x.io' }, { email: 'b@x.io' }) });
    expect(await run(['campaigns', 'person', 'add', '--input', '-', '--dry-run'], fake.ctx)).toBe(1);
    expect(records(fake.out())).toEqual([
      { line: 1, ok: true, status: null, request: { method: 'POST', url: `${BASE}/campaigns/seq_1/person`, body: { email: 'a@x.io' } } },
      { line: 2, ok: false, status: null, error: { kind: 'invalid', message: 'sequenceId: required', issues: [{ field: 'sequenceId', message: 'required' }] } },
    ]);
    expect(fake.err()).toContain('1 valid (nothing was sent), 1 failed');
  });
});

describe('batch usage errors: one line, exit 2, nothing sent', () => {
  const cases: [string[], string][] = [
    [['campaigns', 'person', 'add', 'seq_1', '--email', 'a@x.io', '--concurrency', '4'], 'svc: --concurrency needs --input <file | ->\n'],
    [['campaigns', 'person', 'add', 'seq_1', '--email', 'a@x.io', '--rejects', 'r.ndjson'], 'svc: --rejects needs --input <file | ->\n'],
    [['campaigns', 'person', 'add', '--input', '-', '--concurrency', '0'], 'svc: --concurrency: expected a whole number from 1 to 64, got "0"\n'],
    [
      ['campaigns', 'person', 'add', '--input', '-', '--input-format', 'tsv'],
      "svc: option '--input-format <format>' argument 'tsv' is invalid. Allowed choices are csv, ndjson.\n",
    ],
    [
      ['campaigns', 'person', 'add', '--input', '-', '--output', 'table'],
      'svc: --output table does not apply to --input: batch mode writes one JSON record per line (ndjson)\n',
    ],
    [['campaigns', 'person', 'add', '--input', '-', '--query', 'a[?'], expect.stringMatching(/^svc: --query: .*\n$/) as unknown as string],
    [
      ['campaigns', 'person', 'add', '--input', '-', '--body', '-'],
      'svc: standard input can be read only once, but --input - and --body - both read it: give one of them a file\n',
    ],
    [
      ['campaigns', 'person', 'add', '--input', 'leads.txt'],
      'svc: cannot tell the format of leads.txt from its name: use a .csv, .ndjson or .jsonl file, or pass --input-format csv|ndjson\n',
    ],
    [['campaigns', 'person', 'add', '--input', '/nonexistent/leads.csv'], 'svc: cannot read /nonexistent/leads.csv: no such file\n'],
    [
      ['campaigns', 'person', 'add', '--input', '-', '--input-format', 'csv'],
      'svc: standard input has no header row: the first row of a CSV input names its columns\n',
    ],
  ];
  it.each(cases)('%j', async (argv, message) => {
    const fake = createFakeContext({ respond: enrolled });
    expect(await run(argv, fake.ctx)).toBe(2);
    expect(fake.err()).toEqual(message);
    expect(fake.requests).toEqual([]);
  });

  it('refuses a CSV whose header names no field, before anything is sent', async () => {
    const path = tempFile('leads.csv', 'seq_123,ada@example.com\nseq_123,grace@example.com\n');
    const fake = createFakeContext({ respond: enrolled });
    expect(await run(['campaigns', 'person', 'add', '--input', path], fake.ctx)).toBe(2);
    expect(fake.err()).toBe(
      `svc: ${path} line 1: column 1 "seq_123" is not a field of this operation (sequenceId, displayName, email, linkedinProfileUrl, entryId, sourceEntryId, sourceObjectName, personalization, checkDuplicatesAcrossWorkspace)\n`,
    );
    expect(fake.requests).toEqual([]);
  });

  it('refuses a rejects file that is the input itself', async () => {
    const path = tempFile('leads.ndjson', ndjson({ sequenceId: 'seq_1', email: 'a@x.io' }));
    const fake = createFakeContext({ respond: enrolled });
    expect(await run(['campaigns', 'person', 'add', '--input', path, '--rejects', path], fake.ctx)).toBe(2);
    expect(fake.requests).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe(ndjson({ sequenceId: 'seq_1', email: 'a@x.io' }));
  });
});

describe('batch on a terminal and at the edges', () => {
  const deleted = (r: { body?: string }) => json(200, { path: (JSON.parse(r.body!) as { path: string }).path });

  it('a destructive batch asks once on a terminal, naming the line count; no sends on "no"', async () => {
    const path = tempFile('paths.ndjson', ndjson({ path: 'a.txt' }, { path: 'b.txt' }));
    const declined = createFakeContext({ tty: true, answers: ['n'], respond: deleted });
    expect(await run(['files', 'delete', '--input', path], declined.ctx)).toBe(2);
    expect(declined.prompts).toEqual([`Delete a file or directory, once for each of the 2 lines of ${path}? This cannot be undone. [y/N] `]);
    expect(declined.requests).toEqual([]);
    const accepted = createFakeContext({ tty: true, answers: ['y'], respond: deleted });
    expect(await run(['files', 'delete', '--input', path], accepted.ctx)).toBe(0);
    expect(accepted.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('a destructive batch proceeds with --yes, on a terminal or not, without asking', async () => {
    for (const tty of [false, true]) {
      const extra = ['--yes'];
      const fake = createFakeContext({ tty, respond: deleted, stdin: ndjson({ path: 'a.txt' }) });
      expect(await run(['files', 'delete', '--input', '-', ...extra], fake.ctx)).toBe(0);
      expect(fake.prompts).toEqual([]);
      expect(fake.requests).toHaveLength(1);
    }
  });

  it('draws a progress bar on a terminal only, and always ends with a summary line', async () => {
    const stdin = ndjson(...Array.from({ length: 5 }, (_, i) => ({ sequenceId: 'seq_1', email: `p${i}@x.io` })));
    const onTerminal = createFakeContext({ tty: true, respond: enrolled, stdin });
    // The context's clock moves 30 ms each time it is read: the bar redraws and shows a rate, and no test sleeps.
    let time = 0;
    onTerminal.ctx.clock = { ...onTerminal.ctx.clock!, now: () => (time += 30) };
    expect(await run(['campaigns', 'person', 'add', '--input', '-', '--concurrency', '1'], onTerminal.ctx)).toBe(0);
    expect(onTerminal.err()).toMatch(/\r\d done · 0 failed · \d+\/s\u001b\[K/);
    expect(onTerminal.err()).toMatch(/\r\u001b\[Ksvc: 5 lines: 5 succeeded, 0 failed in /);
    const piped = createFakeContext({ respond: enrolled, stdin });
    expect(await run(['campaigns', 'person', 'add', '--input', '-'], piped.ctx)).toBe(0);
    expect(piped.err()).toMatch(/^svc: 5 lines: 5 succeeded, 0 failed in [^\r]*\n$/);
  });

  it('stops at a 401: every later line would fail the same way', async () => {
    const stdin = ndjson(...Array.from({ length: 50 }, (_, i) => ({ sequenceId: 'seq_1', email: `p${i}@x.io` })));
    const fake = createFakeContext({
      respond: () => json(401, { error: { message: 'Invalid API key', type: 'authentication_error', code: 'invalid_api_key' } }),
      stdin,
    });
    expect(await run(['campaigns', 'person', 'add', '--input', '-', '--concurrency', '2'], fake.ctx)).toBe(4);
    const out = records(fake.out());
    expect(out.length).toBe(fake.requests.length);
    expect(out.length).toBeLessThanOrEqual(3);
    expect(fake.err()).toMatch(
      /^svc: stopped: the service refused the credential \(HTTP 401\): \d lines? done, 0 succeeded, \d failed; lines after line \d were not started\n$/,
    );
  });

  it('retries idempotent lines by the single-call policy, and a POST line never', async () => {
    let calls = 0;
    const flaky = createFakeContext({
      respond: () => (++calls % 2 === 1 ? json(503, { error: { message: 'busy', type: 'api_error', code: 'unavailable' } }) : json(200, { path: 'a.txt' })),
      stdin: ndjson({ path: 'a.txt' }, { path: 'b.txt' }),
    });
    expect(await run(['files', 'delete', '--input', '-', '--yes', '--concurrency', '1'], flaky.ctx)).toBe(0);
    expect(flaky.requests).toHaveLength(4);
    expect(records(flaky.out()).map((r) => r.attempts)).toEqual([2, 2]);
    const post = createFakeContext({
      respond: () => json(503, { error: { message: 'busy', type: 'api_error', code: 'unavailable' } }),
      stdin: ndjson({ sequenceId: 'seq_1', email: 'a@x.io' }),
    });
    expect(await run(['campaigns', 'person', 'add', '--input', '-'], post.ctx)).toBe(1);
    expect(post.requests).toHaveLength(1);
    let previews = 0;
    const preview = createFakeContext({
      respond: () =>
        ++previews === 1
          ? json(503, { error: { message: 'busy', type: 'api_error', code: 'unavailable' } })
          : json(200, { subject: 's', htmlBody: '', variableNames: [] }),
      stdin: ndjson({ templateId: 'tpl_1', data: {} }),
    });
    expect(await run(['email', 'templates', 'preview', '--input', '-'], preview.ctx)).toBe(0);
    expect(preview.requests).toHaveLength(2);
  });

  it('Ctrl-C ends a wait for a retry: no new attempt, the line is recorded as interrupted, exit 130', async () => {
    const controller = new AbortController();
    const fake = createFakeContext({
      respond: () => json(503, { error: { message: 'busy', type: 'api_error', code: 'unavailable' } }),
      stdin: ndjson({ draftId: 'dr_1' }, { draftId: 'dr_2' }),
    });
    fake.ctx.signal = controller.signal;
    let waiting!: () => void;
    const inRetryWait = new Promise<void>((resolve) => (waiting = resolve));
    fake.ctx.clock = {
      ...fake.ctx.clock!,
      sleep: (_ms, signal) => new Promise((_resolve, reject) => (signal?.addEventListener('abort', () => reject(new Error('aborted'))), waiting())),
    };
    const running = run(['email', 'drafts', 'get', '--input', '-', '--concurrency', '1'], fake.ctx);
    await inRetryWait; // the batch is waiting to retry line 1: Ctrl-C now
    controller.abort();
    expect(await running).toBe(130);
    expect(fake.requests).toHaveLength(1);
    expect(records(fake.out())).toEqual([{ line: 1, ok: false, status: null, error: { kind: 'transport', message: 'interrupted while waiting to retry' } }]);
    expect(fake.err()).toBe('svc: interrupted: 1 line done, 0 succeeded, 1 failed; lines after line 1 were not started\n');
  });

  it('never prints the credential, even when the service echoes it', async () => {
    const token = 'sk_test_1234567890';
    const fake = createFakeContext({
      respond: () => json(400, { error: { message: `bad key ${token}`, type: 'invalid_request_error', code: 'x', details: { token } } }),
      stdin: ndjson({ sequenceId: 'seq_1', email: 'a@x.io' }),
    });
    expect(await run(['campaigns', 'person', 'add', '--input', '-'], fake.ctx)).toBe(1);
    expect(fake.out()).not.toContain(token);
    expect(fake.out()).toContain('********');
    expect(fake.out()).not.toContain('sk_t');
  });
});
