import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock/server.js';
import { runSvc } from '../support/svc.js';
import { type ScriptedServer, startScriptedServer } from '../support/scripted-server.js';

// svc, run in-process, against servers on 127.0.0.1 that script each page and record what arrived.

const TOKEN = 'svc_agent_pagingsecret';
type Finished = (fn: () => Promise<void>) => void;

/** A scripted server for one test, closed when that test ends (tests run concurrently). */
async function scripted(onTestFinished: Finished): Promise<ScriptedServer> {
  const server = await startScriptedServer();
  onTestFinished(() => server.close());
  return server;
}

// Generous: a loaded CI runner can take seconds per run. (How soon a paged run exits after its
// output is test/e2e/exit-after-output.test.ts's.)
const SLOW = { timeoutMs: 40_000 };
const TIMEOUT = { timeout: 45_000 };

const env = (server: { url: string }) => ({ SERVICE_BASE_URL: server.url, SERVICE_API_KEY: TOKEN, SVC_RETRY_BASE_MS: '1' });
const list = ['api', 'GET', '/items', '--paginate'];
const stderrLines = (text: string) => text.trimEnd().split('\n').filter(Boolean);

describe.concurrent('--paginate follows Link rel="next"', TIMEOUT, () => {
  it('reads every page, resolving relative links, and prints one array', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    // Several links in one header and over two headers, a quoted comma, a rel list, relative targets.
    server.script('/v1/items', { body: [{ id: 1 }, { id: 2 }], headers: { link: ['</v1/items?page=9>; rel="last"', '<?page=2>; title="a, b"; rel="next"'] } });
    server.script('/v1/items?page=2', { body: [{ id: 3 }], headers: { link: '<https://elsewhere.example/x>; rel=prev, <items?page=3>; rel="last next"' } });
    server.script('/v1/items?page=3', { body: [{ id: 4 }] });
    const run = await runSvc(list, { env: env(server) });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    expect(server.received.map((r) => r.url)).toEqual(['/v1/items', '/v1/items?page=2', '/v1/items?page=3']);
    for (const request of server.received) expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.for([
    { output: 'ndjson', query: undefined, stdout: '{"id":1}\n{"id":2}\n{"id":3}\n' },
    { output: 'json', query: 'length(@)', stdout: '3\n' },
    { output: 'ndjson', query: '[?id > `1`]', stdout: '{"id":2}\n{"id":3}\n' },
  ])('--output $output, --query $query: one item a line, the query on the merged list', async ({ output, query, stdout }, { onTestFinished }) => {
    const server = await scripted(onTestFinished);
    server.script('/v1/items', { body: [{ id: 1 }], headers: { link: '<items?page=2>; rel="next"' } });
    server.script('/v1/items?page=2', { body: [{ id: 2 }, { id: 3 }] });
    const run = await runSvc([...list, '--output', output, ...(query ? ['--query', query] : [])], { env: env(server) });
    expect(run).toMatchObject({ code: 0, stdout, stderr: '' });
  });

  it('never follows a next link to another origin: the token stays home', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    const other = await scripted(onTestFinished);
    server.script('/v1/items', { body: [{ id: 1 }], headers: { link: `<${other.url}/items?page=2>; rel="next"` } });
    other.script('/v1/items?page=2', { body: [{ id: 2 }] });
    const run = await runSvc(list, { env: env(server) });
    expect(run.code).toBe(7);
    expect(JSON.parse(run.stdout)).toEqual([{ id: 1 }]);
    expect(stderrLines(run.stderr)).toEqual([
      expect.stringMatching(/^svc: page 2 was not read: page 1's next link leads to another origin \(http:\/\/127\.0\.0\.1:\d+\)/),
    ]);
    expect(other.received).toEqual([]);
    expect(server.received).toHaveLength(1);
  });

  it('a downgrade to http on the same host is another origin too', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    server.script('/v1/items', { body: [{ id: 1 }], headers: { link: `<${server.origin.replace('http:', 'https:')}/v1/items?page=2>; rel="next"` } });
    const run = await runSvc(list, { env: env(server) });
    expect(run.code).toBe(7);
    expect(server.received).toHaveLength(1);
  });

  it('stops on a loop: a next link to a page already read', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    server.script('/v1/items', { body: [{ id: 1 }], headers: { link: '<items?page=2>; rel="next"' } });
    server.script('/v1/items?page=2', { body: [{ id: 2 }], headers: { link: '</v1/items>; rel="next"' } });
    const run = await runSvc([...list, '--output', 'ndjson'], { env: env(server) });
    expect(run.code).toBe(7);
    expect(run.stdout).toBe('{"id":1}\n{"id":2}\n');
    expect(stderrLines(run.stderr)).toEqual(["svc: page 3 was not read: page 2's next link leads back to page 1 (a loop); the 2 pages read are printed"]);
    expect(server.received).toHaveLength(2);
  });

  it('a failing page: the pages before it are printed, exit 7, one line names the page', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    server.script('/v1/items', { body: [{ id: 1 }], headers: { link: '<items?page=2>; rel="next"' } });
    server.script('/v1/items?page=2', { body: [{ id: 2 }], headers: { link: '<items?page=3>; rel="next"' } });
    server.script('/v1/items?page=3', { status: 503, body: { error: { message: 'try later', type: 'api_error', code: 'service_unavailable' } } });
    const run = await runSvc([...list, '--retries', '1'], { env: env(server) });
    expect(run.code).toBe(7);
    expect(JSON.parse(run.stdout)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(stderrLines(run.stderr)).toEqual([
      'svc: page 3 failed: try later (api_error/service_unavailable, HTTP 503) (after 2 attempts); the 2 pages before it are printed',
    ]);
    // Retried as a single call is: page 3 twice.
    expect(server.received.map((r) => r.url)).toEqual(['/v1/items', '/v1/items?page=2', '/v1/items?page=3', '/v1/items?page=3']);
  });

  it('the first page failing is a plain failure with its own exit code', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    const run = await runSvc(list, { env: env(server) });
    expect(run).toMatchObject({ code: 5, stdout: '' });
    expect(stderrLines(run.stderr)).toHaveLength(1);
  });

  it('--max-pages stops the reading, with a note', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    server.script('/v1/items', { body: [{ id: 1 }, { id: 2 }], headers: { link: '<items?page=2>; rel="next"' } });
    server.script('/v1/items?page=2', { body: [{ id: 3 }, { id: 4 }], headers: { link: '<items?page=3>; rel="next"' } });
    server.script('/v1/items?page=3', { body: [{ id: 5 }] });
    const pages = await runSvc([...list, '--max-pages', '2', '--output', 'ndjson'], { env: env(server) });
    expect(pages).toMatchObject({
      code: 0,
      stdout: '{"id":1}\n{"id":2}\n{"id":3}\n{"id":4}\n',
      stderr: 'svc: note: stopped at --max-pages 2 with more to read\n',
    });
    expect(server.received).toHaveLength(2);
  });

  it.for([
    { max: '3', items: [1, 2, 3], stderr: 'svc: note: stopped at --max-items 3 with more to read\n', requests: 2 },
    // Exactly as many items as there are: nothing more to say.
    { max: '5', items: [1, 2, 3, 4, 5], stderr: '', requests: 3 },
  ])('--max-items $max', async ({ max, items, stderr, requests }, { onTestFinished }) => {
    const server = await scripted(onTestFinished);
    server.script('/v1/items', { body: [{ id: 1 }, { id: 2 }], headers: { link: '<items?page=2>; rel="next"' } });
    server.script('/v1/items?page=2', { body: [{ id: 3 }, { id: 4 }], headers: { link: '<items?page=3>; rel="next"' } });
    server.script('/v1/items?page=3', { body: [{ id: 5 }] });
    const run = await runSvc([...list, '--max-items', max], { env: env(server) });
    expect(run).toMatchObject({ code: 0, stderr });
    expect(JSON.parse(run.stdout)).toEqual(items.map((id) => ({ id })));
    expect(server.received).toHaveLength(requests);
  });

  it('refuses bounds without --paginate, a bad bound, and --paginate on a write, sending nothing', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    for (const args of [
      ['api', 'GET', '/items', '--max-pages', '2'],
      [...list, '--max-items', '0'],
      [...list, '--max-pages', 'many'],
      ['api', 'POST', '/items', '--paginate', '--data', 'a=1'],
    ]) {
      const run = await runSvc(args, { env: env(server) });
      expect(run.code, args.join(' ')).toBe(2);
      expect(stderrLines(run.stderr), args.join(' ')).toHaveLength(1);
    }
    expect(server.received).toEqual([]);
  });
});

describe('svc mock serves paged lists', TIMEOUT, () => {
  it('a generated list command reads every page the mock serves', async ({ onTestFinished }) => {
    const mock = await startMockServer({ port: 0, pageSize: 2 });
    onTestFinished(() => mock.close());
    const mockEnv = { SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey };
    const one = await runSvc(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly', '--query', '[].taskId', '--output', 'json'], {
      env: mockEnv,
    });
    expect(JSON.parse(one.stdout)).toEqual(['tsk_w1', 'tsk_w2']);
    const all = await runSvc(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly', '--paginate', '--query', '[].taskId'], {
      env: mockEnv,
    });
    expect(all).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(all.stdout)).toEqual(['tsk_w1', 'tsk_w2', 'tsk_w3']);
    expect(mock.requests.map((r) => r.path)).toEqual([
      '/v1/crm/tasks/series/ser_weekly/occurrences',
      '/v1/crm/tasks/series/ser_weekly/occurrences',
      '/v1/crm/tasks/series/ser_weekly/occurrences?page=2',
    ]);
  });
});
