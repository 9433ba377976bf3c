import { describe, expect, it, onTestFinished } from 'vitest';
import { type ReceivedRequest, type ScriptedAnswer, scriptedForTest } from '../support/scripted-server.js';
import { runSvc } from '../support/svc.js';
import { createVirtualClock } from '../support/virtual-clock.js';

// `svc api … --wait-for`: a raw GET (or PUT, HTTP's idempotent write) sent again until its condition
// holds, as an operation's read is (test/commands/wait.test.ts has the wait's rules in full). In-process
// against a scripted service on 127.0.0.1, on a virtual clock that moves when every request is answered.

const KEY = 'sk_test_api_wait_1234567890';
type Script = (request: ReceivedRequest, count: number) => ScriptedAnswer;

async function apiAgainst(route: string, script: Script, argv: string[]) {
  const virtual = createVirtualClock();
  const at: number[] = [];
  const server = await scriptedForTest(onTestFinished, {
    [route]: (request, count) => {
      at.push(virtual.now());
      return script(request, count);
    },
  });
  const run = runSvc(['api', ...argv], {
    env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY },
    clock: virtual.clock,
    wrapTransport: (send) => (request) => virtual.track(send(request)),
  });
  const done = await virtual.run(run, 100 * 3_600_000, 20_000);
  return { ...done, at, server };
}

const meeting = (state: string, n: number): ScriptedAnswer => ({ body: { meetingId: 'mt_1', state, version: n } });

describe('svc api --wait-for', () => {
  it('sends the GET again until the condition holds, paced as any wait, then prints the answer as asked', async () => {
    const done = await apiAgainst('/v1/meetings/mt_1?expand=room', (_, n) => meeting(n < 3 ? 'scheduling' : 'ready', n), [
      'GET',
      '/meetings/mt_1?expand=room',
      '--wait-for',
      "state == 'ready'",
      '--query',
      'version',
    ]);
    expect({ code: done.code, stdout: done.stdout, stderr: done.stderr }).toEqual({ code: 0, stdout: '3\n', stderr: '' });
    expect(done.at).toEqual([0, 1000, 2313]);
    expect(done.server.received.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`)).toEqual(
      Array(3).fill(`GET /v1/meetings/mt_1?expand=room Bearer ${KEY}`),
    );
  });

  it('sends a PUT and its body again at each poll: HTTP declares a PUT idempotent', async () => {
    const done = await apiAgainst('/v1/settings/sync', (_, n) => ({ body: { applied: n >= 2 } }), [
      'PUT',
      '/settings/sync',
      '--data',
      'mode=full',
      '--wait-for',
      'applied',
      '--wait-interval',
      '0.5',
    ]);
    expect(done.code).toBe(0);
    expect(done.server.received.map((r) => `${r.method} ${r.body}`)).toEqual(['PUT {"mode":"full"}', 'PUT {"mode":"full"}']);
  });

  it('waits for deleted (a 404) and ends a wait out of time with exit 124, printing the last answer', async () => {
    const gone = await apiAgainst('/v1/files/tmp', (_, n) => (n < 2 ? { body: { path: 'tmp' } } : { status: 404, body: { error: { message: 'gone' } } }), [
      'GET',
      '/files/tmp',
      '--wait-for',
      'deleted',
    ]);
    expect({ code: gone.code, stdout: gone.stdout, polls: gone.at.length }).toEqual({ code: 0, stdout: '', polls: 2 });
    const late = await apiAgainst('/v1/meetings/mt_1', (_, n) => meeting('scheduling', n), [
      'GET',
      '/meetings/mt_1',
      '--wait-for',
      "state == 'ready'",
      '--wait-timeout',
      '3',
    ]);
    expect(late.code).toBe(124);
    expect(JSON.parse(late.stdout)).toMatchObject({ state: 'scheduling' });
    expect(late.stderr).toMatch(/^svc: timed out after 3 s waiting for state == 'ready'/);
  });
});

describe('svc api --wait-for: refused, exit 2, nothing sent', () => {
  it.each([
    [
      ['POST', '/crm/objects/deals/entries', '--data', 'name=x', '--wait-for', 'entryId'],
      /svc api POST cannot wait: it is not safe to repeat .* each poll would send the POST again/,
    ],
    [['PATCH', '/meetings/mt_1', '--data', 'x=1', '--wait-for', 'exists'], /svc api PATCH cannot wait: it is not safe to repeat/],
    [
      ['DELETE', '/files/tmp', '--wait-for', 'deleted'],
      /svc api DELETE cannot wait: each poll would send the DELETE again; wait with a GET of what it removes/,
    ],
    [['GET', '/meetings', '--paginate', '--wait-for', 'length(@) > `2`'], /does not apply with --paginate/],
    [['GET', '/meetings/mt_1', '-i', '--wait-for', 'exists'], /-i shows one answer; it does not apply with --wait-for/],
    [['GET', '/meetings/mt_1', '--wait-for', 'state=ready'], /names a value rather than comparing it/],
    [['GET', '/meetings/mt_1', '--wait-timeout', '5'], /--wait-timeout needs --wait-for <condition>/],
    [['GET', '/meetings/mt_1', '--rate', '2'], /--rate needs --paginate or --wait-for/],
  ])('%j', async (argv, message) => {
    const server = await scriptedForTest(onTestFinished);
    const done = await runSvc(['api', ...argv], { env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY } });
    expect({ code: done.code, stdout: done.stdout }).toEqual({ code: 2, stdout: '' });
    expect(done.stderr).toMatch(message);
    expect(done.stderr.trim().split('\n')).toHaveLength(1);
    expect(server.received).toEqual([]);
  });

  it('help lists the wait options, saying which methods can wait', async () => {
    const help = await runSvc(['api', '--help']);
    expect(help.stdout).toMatch(/Wait options:\n {2}--wait-for <condition> +GET or PUT: call again until/);
  });
});
