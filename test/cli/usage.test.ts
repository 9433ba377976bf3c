import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { run } from '../../src/cli/run.js';
import { createFakeContext, json } from '../support/fake-context.js';

interface Case {
  argv: string[];
  code: number;
  stderr: string | RegExp;
  env?: Record<string, string | undefined>;
}

// Bad input: one clear line on stderr, a documented exit code, and nothing sent.
const cases: Case[] = [
  { argv: ['email', 'drafts', 'get'], code: 2, stderr: "svc: missing required argument 'draftId'\n" },
  { argv: ['email', 'drafts', 'get', 'a', 'b'], code: 2, stderr: /^svc: too many arguments/ },
  { argv: ['email', 'drafts', 'get', 'dr_1', '--bogus'], code: 2, stderr: "svc: unknown option '--bogus'\n" },
  { argv: ['campaigns', 'person', 'add', 's', '--emial', 'a@b.co'], code: 2, stderr: "svc: unknown option '--emial' (Did you mean --email?)\n" },
  { argv: ['--bogus'], code: 2, stderr: "svc: unknown option '--bogus'\n" },
  { argv: ['--debgu'], code: 2, stderr: "svc: unknown option '--debgu' (Did you mean --debug?)\n" },
  { argv: ['emial', 'drafts', 'get', 'x'], code: 2, stderr: "svc: unknown command 'emial' (Did you mean email?)\n" },
  { argv: ['email', 'draft', 'get', 'x'], code: 2, stderr: "svc: unknown command 'draft' (Did you mean drafts?)\n" },
  {
    argv: ['campaigns', 'person', 'add', 'seq_1', '--display-name', 'Ada'],
    code: 2,
    stderr: 'svc: invalid input: --email: a person needs an email or a LinkedIn profile URL (or both)\n',
  },
  { argv: ['campaigns', 'person', 'add', 'seq_1', '--email', 'not-an-email'], code: 2, stderr: /^svc: invalid input: --email: Invalid email address\n$/ },
  { argv: ['crm', 'entries', 'create', 'deals'], code: 2, stderr: 'svc: invalid input: --data: required\n' },
  {
    argv: ['crm', 'entries', 'create', 'deals', '--data', 'novalue'],
    code: 2,
    stderr: 'svc: --data: expected key=value, key:=json or key[]=value, got "novalue"\n',
  },
  { argv: ['crm', 'entries', 'create', 'deals', '--data', 'n:={bad'], code: 2, stderr: 'svc: --data: the value of n:= is not valid JSON: {bad\n' },
  { argv: ['crm', 'entries', 'create', 'deals', '--body', '{"data":'], code: 2, stderr: /^svc: --body: JSON in the argument is not valid: / },
  { argv: ['crm', 'entries', 'create', 'deals', '--body', '[1]'], code: 2, stderr: 'svc: --body: JSON in the argument must be an object\n' },
  {
    argv: ['crm', 'entries', 'create', 'deals', '--body', '@/nonexistent/body.json'],
    code: 2,
    stderr: 'svc: --body: cannot read /nonexistent/body.json: no such file\n',
  },
  {
    argv: ['crm', 'entries', 'create', 'deals', '--body', '{"data":{},"extra":1}'],
    code: 2,
    stderr: /^svc: invalid input: request body: Unrecognized key: "extra"\n$/,
  },
  { argv: ['email', 'drafts', 'get', ''], code: 2, stderr: 'svc: <draftId> cannot be empty\n' },
  { argv: ['email', 'drafts', 'get', '..'], code: 2, stderr: 'svc: <draftId> cannot be ".."\n' },
  { argv: ['email', 'drafts', 'get', '.'], code: 2, stderr: 'svc: <draftId> cannot be "."\n' },
  { argv: ['files', 'delete', ''], code: 2, stderr: /^svc: invalid input: <path>: / },
  {
    argv: ['email', 'drafts', 'get', 'x', '--timeout', 'soon'],
    code: 2,
    stderr: 'svc: --timeout: expected a number of seconds from 0.01 to 86400, got "soon"\n',
  },
  { argv: ['email', 'drafts', 'get', 'x', '--base-url', 'http://127.0.0.1:1/api'], code: 2, stderr: /^svc: the base URL from --base-url must end in \/v1/ },
  { argv: ['email', 'drafts', 'get', 'x', '--base-url', 'not a url'], code: 2, stderr: 'svc: the base URL from --base-url is not a URL: not a url\n' },
  {
    argv: ['email', 'drafts', 'get', 'x'],
    env: { SERVICE_BASE_URL: 'http://api.example.com/v1' },
    code: 2,
    stderr: 'svc: refusing to send a credential over plain http to api.example.com: use https (plain http is allowed to loopback only)\n',
  },
  {
    argv: ['email', 'drafts', 'get', 'x'],
    env: { SERVICE_BASE_URL: undefined },
    code: 2,
    stderr: /^svc: no base URL: pass --base-url https:\/\/…\/v1, set SERVICE_BASE_URL, or run `svc config set base-url https:\/\/…\/v1`\n$/,
  },
  {
    argv: ['email', 'drafts', 'get', 'x'],
    env: { SERVICE_API_KEY: undefined },
    code: 4,
    stderr: 'svc: no credential: set SERVICE_API_KEY, or run `svc auth login`\n',
  },
];

describe('bad input is refused before anything is sent', () => {
  it.each(cases)('svc $argv -> exit $code', async ({ argv, code, stderr, env }) => {
    const fake = createFakeContext({ env, respond: () => json(200, {}) });
    expect(await run(argv, fake.ctx)).toBe(code);
    if (typeof stderr === 'string') expect(fake.err()).toBe(stderr);
    else expect(fake.err()).toMatch(stderr);
    expect(fake.err().trimEnd().split('\n')).toHaveLength(1);
    expect(fake.requests).toHaveLength(0);
    expect(fake.out()).toBe('');
  });
});

describe('destructive operations', () => {
  it('ask on a terminal and send nothing when declined', async () => {
    const fake = createFakeContext({ tty: true, answers: ['n'], respond: () => json(200, { path: 'a' }) });
    expect(await run(['files', 'delete', 'reports'], fake.ctx)).toBe(2);
    expect(fake.prompts).toEqual(['Delete a file or directory reports? This cannot be undone. [y/N] ']);
    expect(fake.err()).toBe('svc: cancelled: nothing was sent\n');
    expect(fake.requests).toHaveLength(0);
  });

  it('proceed on a terminal when confirmed', async () => {
    const fake = createFakeContext({ tty: true, answers: ['yes'], respond: () => json(200, { path: 'reports' }) });
    expect(await run(['files', 'delete', 'reports'], fake.ctx)).toBe(0);
    expect(fake.requests).toHaveLength(1);
  });

  it('do not ask with --yes, on a terminal or not', async () => {
    for (const [tty, argv] of [
      [true, ['files', 'delete', 'r', '--yes']],
      [true, ['files', 'delete', 'r', '-y']],
      [false, ['files', 'delete', 'r', '--yes']],
    ] as const) {
      const fake = createFakeContext({ tty, respond: () => json(200, { path: 'r' }) });
      expect(await run([...argv], fake.ctx)).toBe(0);
      expect(fake.prompts).toEqual([]);
      expect(fake.requests).toHaveLength(1);
    }
  });
});

describe('--dry-run and --debug', () => {
  it('--dry-run prints the request with the token redacted and sends nothing', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: 'svc_agent_SECRETSECRETSECRET' } });
    expect(await run(['crm', 'entries', 'create', 'deals', '--data', 'assignees=u1', '--data', 'assignees=u2', '--dry-run'], fake.ctx)).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(fake.out()).toContain('POST http://127.0.0.1:4010/v1/crm/objects/deals/entries\n');
    expect(fake.out()).toContain('authorization: Bearer svc_agent_********\n');
    expect(fake.out()).toContain('"assignees": [\n      "u1",\n      "u2"\n    ]');
    expect(fake.out() + fake.err()).not.toContain('SECRETSECRETSECRET');
  });

  it('--dry-run works without a credential and says so', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: undefined } });
    expect(await run(['email', 'drafts', 'get', 'd', '--dry-run'], fake.ctx)).toBe(0);
    expect(fake.out()).not.toContain('authorization');
    expect(fake.err()).toBe('svc: note: no credential is set, so the service would answer 401\n');
  });

  it('--debug traces request and response on stderr, token redacted', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: 'sk_live_SECRETSECRETSECRET' }, respond: () => json(200, { path: 'x' }) });
    expect(await run(['files', 'delete', 'x', '--yes', '--debug'], fake.ctx)).toBe(0);
    expect(fake.err()).toContain('> DELETE http://127.0.0.1:4010/v1/files\n');
    expect(fake.err()).toContain('> {"path":"x"}\n');
    expect(fake.err()).toMatch(/< 200 \(\d+ ms\)\n/);
    expect(fake.err()).toContain('SERVICE_API_KEY environment variable');
    expect(fake.out() + fake.err()).not.toContain('SECRETSECRETSECRET');
  });
});

describe('help and version', () => {
  it('--version prints the CLI and API description versions', async () => {
    const fake = createFakeContext();
    expect(await run(['--version'], fake.ctx)).toBe(0);
    expect(fake.out()).toMatch(/^svc \d+\.\d+\.\d+\S* \(Workspace API 1\.0\.0; npm, Node\.js \d+\.\d+\.\d+\)\n$/);
  });

  it('no command word prints help on stdout and exits 0, global options or not', async () => {
    for (const argv of [[], ['--debug']]) {
      const fake = createFakeContext();
      expect(await run(argv, fake.ctx)).toBe(0);
      expect(fake.out()).toMatch(/^Usage: svc \[options\] \[command\]\n/);
      expect(fake.err()).toBe('');
    }
  });

  it('top-level help lists the areas, builtins and exit codes', async () => {
    const fake = createFakeContext();
    expect(await run(['--help'], fake.ctx)).toBe(0);
    for (const word of ['email', 'crm', 'campaigns', 'files', 'auth', 'config', 'mock', 'Exit codes:', '5  not found']) expect(fake.out()).toContain(word);
  });

  it('area help lists its operations with summaries and examples', async () => {
    const fake = createFakeContext();
    expect(await run(['crm', '--help'], fake.ctx)).toBe(0);
    expect(fake.out()).toContain('svc crm entries create <objectName>\n      Create a CRM entry\n');
    expect(fake.out()).toContain('\nExamples:\n  svc crm entries create deals');
    expect(fake.out()).toContain('svc crm tasks series occurrences list <seriesId>');
  });

  it('operation help shows flags, method and path, and examples', async () => {
    const fake = createFakeContext();
    expect(await run(['campaigns', 'person', 'add', '--help'], fake.ctx)).toBe(0);
    for (const word of [
      '--linkedin-profile-url <string>',
      '--no-check-duplicates-across-workspace',
      '--personalization <key=value>',
      'POST /campaigns/{sequenceId}/person',
      'Examples:\n  svc campaigns person add seq_123',
    ]) {
      expect(fake.out()).toContain(word);
    }
  });
});

describe('refused input is a usage error wherever it comes from', () => {
  it('an InputError no step turned into a usage error still exits 2 with its one line, not "unexpected error"', async () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: undefined } });
    fake.ctx.config = async () => {
      throw new InputError({ field: '--profile', message: 'no such profile' });
    };
    expect(await run(['email', 'drafts', 'get', 'dr_1'], fake.ctx)).toBe(2);
    expect(fake.err()).toBe('svc: --profile: no such profile\n');
    expect(fake.requests).toEqual([]);
  });
});
