import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSvc } from '../support/svc.js';
import { useMockForSvc } from '../support/mock-for-svc.js';

// Once a request was sent, no later failure may exit 2 ("nothing was sent"), and the
// user still learns the answer to a write. The real bin/svc against the mock on 127.0.0.1.
const mock = useMockForSvc();
const svc = (...args: string[]) => runSvc(args, { env: mock.env });
const CREATE = ['crm', 'entries', 'create', 'deals', '--data', 'name=Acme'];
const posts = () => mock.server.requests.filter((r) => r.method === 'POST');
const temp: string[] = [];
afterEach(() => temp.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

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
