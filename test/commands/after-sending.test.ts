import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SVC_BIN, TEST_CACHE_HOME, freshConfigDir, runSvc } from '../support/svc.js';
import { useMockForSvc } from '../support/mock-for-svc.js';

// Issue #17: once a request was sent, no later failure may exit 2 ("nothing was sent"), and the
// user still learns the answer to a write. The real bin/svc against the mock on 127.0.0.1.
const mock = useMockForSvc();
const svc = (...args: string[]) => runSvc(args, { env: mock.env });
const CREATE = ['crm', 'entries', 'create', 'deals', '--data', 'name=Acme'];
const posts = () => mock.server.requests.filter((r) => r.method === 'POST');
const temp: string[] = [];
afterEach(() => temp.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** bin/svc with stdout on /dev/full, as `svc … >/dev/full` in a shell. */
function svcIntoFullDevice(args: string[]): Promise<{ code: number; stderr: string }> {
  const full = openSync('/dev/full', 'w');
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, SVC_CONFIG_DIR: freshConfigDir(), XDG_CACHE_HOME: TEST_CACHE_HOME, ...mock.env };
  temp.push(env.SVC_CONFIG_DIR);
  const child = spawn(process.execPath, [SVC_BIN, ...args], { env, stdio: ['ignore', full, 'pipe'], timeout: 15_000 });
  closeSync(full);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, stderr })));
}

describe('a failure after sending never says nothing was sent', () => {
  it.each([
    ['abs(entryId)', /abs\(\) .*|invalid-type|expected/i],
    ['to_number(entryId) + `1`', /.*/],
    ['sort_by(@, &x)', /.*/],
  ])('a --query that fails at run time (%s): the whole answer on stdout, exit 6, one POST', async (query) => {
    const run = await svc(...CREATE, '--query', query);
    expect(run.code).toBe(6);
    expect(JSON.parse(run.stdout)).toEqual({ entryId: expect.stringMatching(/^ent_/) });
    expect(run.stderr).toMatch(
      /^svc: --query could not be applied to the response: .*; the whole response is printed instead \(the POST was sent and answered HTTP 201\)\n$/,
    );
    expect(posts()).toHaveLength(1);
  });

  it('a --query that cannot compile is refused before anything is sent (exit 2)', async () => {
    for (const query of [
      "'unterminated",
      "[?name == 'Acme]",
      '`{"a": 1',
      'abs(',
      'foo[?',
      'nosuch(a)',
      `${'a.'.repeat(17_000)}b`,
      `${'@|'.repeat(5000)}a`,
      `${'('.repeat(300)}a${')'.repeat(300)}`,
    ]) {
      const run = await svc(...CREATE, '--query', query);
      expect(run, query).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr, query).toMatch(/^svc: --query: [^\n]+\n$/);
    }
    expect(mock.server.requests).toHaveLength(0);
  }, 60_000);

  it.each([
    ['an array that doubles', `@${'|[@,@][]'.repeat(40)}`, /the search built more than 10,000,000 values and characters; svc stopped it/],
    ['a result that would print exponentially', `@${'|[@,@]'.repeat(60)}`, /the result would hold over 10,000,000 values/],
  ])('%s: a line, the whole answer, exit 6, within seconds', async (_name, query, message) => {
    const run = await svc(...CREATE, '--query', query);
    expect(run.code).toBe(6);
    expect(JSON.parse(run.stdout)).toEqual({ entryId: expect.stringMatching(/^ent_/) });
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(posts()).toHaveLength(1);
  });

  it('a valid chain of 990 pipes runs in the real process', async () => {
    const run = await svc(...CREATE, '--query', `${'@|'.repeat(990)}entryId`);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatch(/^ent_/);
  });

  it('stdout on a full device: one line naming the output and the reason, exit 6, the POST sent once', async () => {
    const run = await svcIntoFullDevice(CREATE);
    expect(run.code).toBe(6);
    expect(run.stderr).toBe('svc: cannot write to standard output (/dev/full): no space left on device (the POST was sent and answered HTTP 201)\n');
    expect(posts()).toHaveLength(1);
  });

  it.each([[['ops']], [['--help']], [[...CREATE, '--dry-run']], [['email', 'drafts', 'get', 'dr_123', '--output', 'yaml']]])(
    '%j into a full device: exit 6, no stack trace',
    async (args) => {
      const run = await svcIntoFullDevice(args);
      expect(run.code).toBe(6);
      expect(run.stderr).toMatch(/^svc: cannot write to standard output \(\/dev\/full\): no space left on device.*\n$/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
  );

  it('a batch into a full device: it stops taking lines, one summary line naming the output, exit 6, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-batch-'));
    temp.push(dir);
    const input = join(dir, 'deals.ndjson');
    writeFileSync(input, Array.from({ length: 300 }, (_, i) => `{"data":{"name":"n${i + 1}"}}\n`).join(''));
    const run = await svcIntoFullDevice(['crm', 'entries', 'create', 'deals', '--input', input]);
    expect(run.code).toBe(6);
    const summary =
      /^svc: stopped: cannot write to standard output \(\/dev\/full\): no space left on device, before any record was written: (\d+) lines done, \1 succeeded, 0 failed; lines after line \1 were not started\n$/.exec(
        run.stderr,
      );
    expect(summary, run.stderr).not.toBeNull();
    // Every line started was sent and is counted; no line after the failure was started.
    expect(posts()).toHaveLength(Number(summary![1]));
    expect(posts().length).toBeLessThan(300);
  });

  it('--save-html that cannot be written after the preview: the answer is still printed, exit 6', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-save-'));
    temp.push(dir);
    const file = join(dir, `${'x'.repeat(300)}.html`); // longer than a file name may be: the write fails
    const run = await svc('email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=Ada', '--save-html', file);
    expect(run.code).toBe(6);
    expect(JSON.parse(run.stdout)).toMatchObject({ htmlBody: expect.stringContaining('Ada') });
    expect(run.stderr).toMatch(/--save-html: cannot write .*ENAMETOOLONG.*\(the POST was sent and answered HTTP 200\)\n$/);
    expect(existsSync(file.slice(0, 200))).toBe(false);
  });
});
