import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUndiciTransport } from '../../src/client/undici-transport.js';
import { run } from '../../src/cli/run.js';
import { createFakeContext } from '../support/fake-context.js';
import { type ScriptedServer, startScriptedServer } from '../support/scripted-server.js';

// A destructive operation with no one to ask (no terminal on standard input or standard error) and
// no --yes is refused as bad usage, in one line naming --yes, before anything leaves the machine: the
// real transport talks to a real server on 127.0.0.1, and the server is asked what it received.

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
  server.script('/v1/files', { body: { path: 'reports/q3.csv' } });
});
afterAll(() => server.close());
beforeEach(() => void server.received.splice(0));

const send = createUndiciTransport({ connections: 1 });

interface Terminal {
  stdin: boolean;
  stderr: boolean;
}

/** svc in-process with the real transport, the given terminals, and the user's files in memory. */
async function svc(argv: string[], terminal: Terminal, options: { stdin?: string; answers?: string[] } = {}) {
  const fake = createFakeContext({
    env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_test_consent_key' },
    files: { 'paths.ndjson': '{"path":"a.txt"}\n{"path":"b.txt"}\n' },
    tty: terminal.stdin && terminal.stderr,
    ...options,
  });
  fake.ctx.send = send;
  fake.ctx.createTransport = () => send;
  fake.ctx.io.stdinIsTTY = terminal.stdin;
  fake.ctx.io.stderrIsTTY = terminal.stderr;
  const code = await run(argv, fake.ctx);
  return { code, out: fake.out(), err: fake.err(), prompts: fake.prompts, rejects: fake.file('rejects.ndjson') };
}

const NOBODY = { stdin: false, stderr: false };
const REFUSAL = /^svc: --yes required when not running interactively: svc files delete cannot be undone, .*nothing was sent\n$/;

describe('a destructive operation with no one to ask', () => {
  it.each([
    ['a single call, standard input from a pipe', ['files', 'delete', 'reports/q3.csv'], NOBODY],
    ['a single call, standard error to a file', ['files', 'delete', 'reports/q3.csv'], { stdin: true, stderr: false }],
    ['a single call, standard input from a file', ['files', 'delete', 'reports/q3.csv'], { stdin: false, stderr: true }],
    ['a batch over a file', ['files', 'delete', '--input', 'paths.ndjson'], NOBODY],
    ['a batch over a file, with a rejects file named', ['files', 'delete', '--input', 'paths.ndjson', '--rejects', 'rejects.ndjson'], NOBODY],
  ] as const)('%s: exit 2, one line naming --yes, nothing received', async (_case, argv, terminal) => {
    const done = await svc([...argv], terminal);
    expect(done).toMatchObject({ code: 2, out: '', prompts: [] });
    expect(done.err).toMatch(REFUSAL);
    expect(done.rejects).toBeUndefined();
    expect(server.received).toEqual([]);
  });

  it('a batch over standard input: exit 2, nothing read as an answer, nothing received', async () => {
    const done = await svc(['files', 'delete', '--input', '-'], NOBODY, { stdin: '{"path":"a.txt"}\n' });
    expect(done.code).toBe(2);
    expect(done.err).toMatch(REFUSAL);
    expect(server.received).toEqual([]);
  });

  it('bad input is still named first: the path is checked before consent', async () => {
    const done = await svc(['files', 'delete', ''], NOBODY);
    expect(done.code).toBe(2);
    expect(done.err).toMatch(/^svc: invalid input: <path>: /);
    expect(server.received).toEqual([]);
  });
});

describe('what still goes through without a terminal', () => {
  it.each([
    ['--yes', ['files', 'delete', 'reports/q3.csv', '--yes']],
    ['-y', ['files', 'delete', '-y', 'reports/q3.csv']],
  ])('%s: the DELETE reaches the server', async (_flag, argv) => {
    const done = await svc(argv, NOBODY);
    expect(done).toMatchObject({ code: 0, err: '', prompts: [] });
    expect(server.received.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'DELETE', url: '/v1/files', body: '{"path":"reports/q3.csv"}' },
    ]);
  });

  it('a batch with --yes: one DELETE a line', async () => {
    const done = await svc(['files', 'delete', '--input', 'paths.ndjson', '--yes'], NOBODY);
    expect(done.code).toBe(0);
    expect(server.received.map(({ body }) => body).sort()).toEqual(['{"path":"a.txt"}', '{"path":"b.txt"}']);
  });

  it('--dry-run, which sends nothing, needs no --yes', async () => {
    const done = await svc(['files', 'delete', 'reports/q3.csv', '--dry-run'], NOBODY);
    expect(done.code).toBe(0);
    expect(done.out).toContain('DELETE');
    expect(server.received).toEqual([]);
  });

  it('an operation that deletes nothing needs no --yes', async () => {
    server.script('/v1/email/drafts/dr_1', { body: { ok: true, kind: 'email', draftId: 'dr_1', syncStatus: 'synced', revision: 1 } });
    const done = await svc(['email', 'drafts', 'get', 'dr_1'], NOBODY);
    expect(done.code).toBe(0);
    expect(server.received.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /v1/email/drafts/dr_1']);
  });
});

describe('on a terminal', () => {
  it('svc asks, and a "no" sends nothing', async () => {
    const done = await svc(['files', 'delete', 'reports/q3.csv'], { stdin: true, stderr: true }, { answers: ['n'] });
    expect(done).toMatchObject({ code: 2, err: 'svc: cancelled: nothing was sent\n' });
    expect(done.prompts).toEqual(['Delete a file or directory reports/q3.csv? This cannot be undone. [y/N] ']);
    expect(server.received).toEqual([]);
  });

  it('a "yes" sends the DELETE', async () => {
    const done = await svc(['files', 'delete', 'reports/q3.csv'], { stdin: true, stderr: true }, { answers: ['yes'] });
    expect(done.code).toBe(0);
    expect(server.received.map(({ method }) => method)).toEqual(['DELETE']);
  });
});
