import { describe, expect, it, onTestFinished } from 'vitest';
import { run } from '../../src/cli/run.js';
import { Interruption } from '../../src/interruption.js';
import { createFakeContext, json } from '../support/fake-context.js';
import { type ReceivedRequest, type ScriptedAnswer, scriptedForTest } from '../support/scripted-server.js';
import { runSvc } from '../support/svc.js';
import { createVirtualClock } from '../support/virtual-clock.js';

// `--wait-for` in-process against a scripted service on 127.0.0.1 whose draft changes after some
// polls or some time, throttles, fails, or never changes. Time is a virtual clock that moves only
// when every request has been answered, so the polls' spacing is exact and no test sleeps.

const KEY = 'sk_test_wait_1234567890';
const draft = (syncStatus: string, extra: Record<string, unknown> = {}): ScriptedAnswer => ({
  body: { ok: true, kind: 'email', draftId: 'dr_1', syncStatus, revision: 1, ...extra },
});
const problem = (status: number, message: string, headers: Record<string, string> = {}): ScriptedAnswer => ({
  status,
  headers,
  body: { error: { message, type: 'api_error', code: String(status) } },
});

type Script = (request: ReceivedRequest, count: number, now: number) => ScriptedAnswer;

/** svc in this process against a service answering `/v1/email/drafts/dr_1` by `script`; `at` holds the virtual time of each poll. */
async function waitAgainst(script: Script, args: string[], env: Record<string, string> = {}) {
  const virtual = createVirtualClock();
  const at: number[] = [];
  const server = await scriptedForTest(onTestFinished, {
    '/v1/email/drafts/dr_1': (request, count) => {
      at.push(virtual.now());
      return script(request, count, virtual.now());
    },
  });
  const run = runSvc(['email', 'drafts', 'get', 'dr_1', ...args], {
    env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY, ...env },
    clock: virtual.clock,
    wrapTransport: (send) => (request) => virtual.track(send(request)),
  });
  const done = await virtual.run(run, 100 * 3_600_000, 20_000);
  return { ...done, at, gaps: at.slice(1).map((time, i) => time - at[i]!), end: virtual.now(), server };
}

const synced = "syncStatus == 'synced'";

describe('--wait-for: polls until the condition holds', () => {
  it('polls until the value changes, each pause growing by half from the interval, then prints the answer as asked', async () => {
    const done = await waitAgainst(
      (_, n) => draft(n < 4 ? 'pending' : 'synced', { revision: n }),
      ['--wait-for', synced, '--query', '{s: syncStatus, r: revision}'],
    );
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ s: 'synced', r: 4 });
    // In a pipe, nothing but the result: no status line, no note.
    expect(done.stderr).toBe('');
    // 1 s, then 1.5 s and 2.25 s, each made at most a quarter shorter at random (here by an eighth), never under the interval.
    expect(done.gaps).toEqual([1000, 1313, 1969]);
    expect(done.server.received.every((request) => request.method === 'GET' && request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('takes the interval as seconds or with a unit, and grows to a cap of 30 s', async () => {
    const done = await waitAgainst((_, n) => draft(n < 12 ? 'pending' : 'synced'), ['--wait-for', synced, '--wait-interval', '4s', '--wait-timeout', '10m']);
    expect(done.code).toBe(0);
    expect(done.gaps.slice(0, 3)).toEqual([4000, 5250, 7875]);
    expect(Math.max(...done.gaps)).toBe(26_250); // 30 s less an eighth: the cap, jittered
    expect(done.gaps.every((gap) => gap >= 4000)).toBe(true);
    const fractions = await waitAgainst((_, n) => draft(n < 3 ? 'pending' : 'synced'), ['--wait-for', synced, '--wait-interval', '0.2']);
    expect(fractions.gaps).toEqual([200, 263]);
    const millis = await waitAgainst((_, n) => draft(n < 2 ? 'pending' : 'synced'), ['--wait-for', synced, '--wait-interval', '500ms']);
    expect(millis.gaps).toEqual([500]);
  });

  it('is met at the first poll when the condition already holds: one request', async () => {
    const done = await waitAgainst(() => draft('synced'), ['--wait-for', synced]);
    expect(done.code).toBe(0);
    expect(done.at).toEqual([0]);
    expect(JSON.parse(done.stdout)).toMatchObject({ syncStatus: 'synced' });
  });

  it('reads truth as JMESPath does: a non-empty value is true, 0 too; false, null, "", [] and {} are not', async () => {
    for (const [value, met] of [
      [0, true],
      ['x', true],
      [false, false],
      [null, false],
      ['', false],
      [[], false],
      [{}, false],
    ] as const) {
      const done = await waitAgainst(() => draft('pending', { flag: value }), ['--wait-for', 'flag', '--wait-timeout', '1', '--query', 'flag']);
      expect({ value, code: done.code }).toEqual({ value, code: met ? 0 : 124 });
    }
  });

  it('waits for exists (a 2xx) and for deleted (a 404); a deleted draft prints nothing', async () => {
    const appears = await waitAgainst((_, n) => (n < 3 ? problem(404, 'No such draft') : draft('pending')), ['--wait-for', 'exists', '--query', 'draftId']);
    expect([appears.code, appears.stdout, appears.at.length]).toEqual([0, '"dr_1"\n', 3]);
    const goes = await waitAgainst((_, n) => (n < 3 ? draft('synced') : problem(404, 'No such draft')), ['--wait-for', 'deleted']);
    expect([goes.code, goes.stdout, goes.stderr, goes.at.length]).toEqual([0, '', '', 3]);
  });
});

describe('--wait-for: failure and time are outcomes of their own', () => {
  it('--wait-fail stops at once, exit 9, printing the last answer', async () => {
    const done = await waitAgainst(
      (_, n) => draft(n < 3 ? 'pending' : 'failed'),
      ['--wait-for', synced, '--wait-fail', "syncStatus == 'failed'", '--query', 'syncStatus'],
    );
    expect(done.code).toBe(9);
    expect(done.at).toHaveLength(3);
    expect(done.stdout).toBe('"failed"\n');
    expect(done.stderr).toBe(
      "svc: the wait for syncStatus == 'synced' failed after 3 polls in 2.3 s: --wait-fail syncStatus == 'failed' is true (syncStatus: failed)\n",
    );
  });

  it('a failure wins over success on the same answer', async () => {
    const done = await waitAgainst(() => draft('synced', { error: 'sync lost' }), ['--wait-for', synced, '--wait-fail', 'error']);
    expect(done.code).toBe(9);
  });

  it('times out, exit 124, at the deadline, never polling sooner than the interval after the last poll', async () => {
    const done = await waitAgainst(() => draft('pending'), ['--wait-for', synced, '--wait-timeout', '10', '--query', 'syncStatus']);
    expect(done.code).toBe(124);
    // 0, 1, 2.3, 4.3 and 7.2 s; the next would come at 11.7 s, so the last is at the deadline.
    expect(done.at).toEqual([0, 1000, 2313, 4282, 7235, 10_000]);
    expect(done.end).toBe(10_000);
    expect(done.stdout).toBe('"pending"\n');
    expect(done.stderr).toBe("svc: timed out after 10 s waiting for syncStatus == 'synced' (6 polls, syncStatus: pending at the last answer)\n");
  });

  it('ends at the deadline without a poll when none fits a whole interval after the last', async () => {
    const done = await waitAgainst(() => draft('pending'), ['--wait-for', synced, '--wait-timeout', '2.5', '--wait-interval', '2']);
    expect(done.code).toBe(124);
    expect(done.at).toEqual([0, 2000]);
    expect(done.end).toBe(2500);
  });

  it('defaults to five minutes', async () => {
    const done = await waitAgainst(() => draft('pending'), ['--wait-for', synced]);
    expect(done.code).toBe(124);
    expect(done.end).toBe(300_000);
    expect(done.gaps.every((gap) => gap >= 1000 && gap <= 30_000)).toBe(true);
    expect(done.stderr).toMatch(/^svc: timed out after 5 min waiting for/);
  });

  it('says when a comparison can never hold because it compares a number with text, and how to write it', async () => {
    const done = await waitAgainst(() => draft('pending', { revision: 4 }), ['--wait-for', "revision == '4'", '--wait-timeout', '3', '--debug']);
    expect(done.code).toBe(124);
    expect(done.stderr).toContain('* wait: poll 1 at 0 s: revision: 4; not yet (revision is a number, and the condition compares it with text: write `4`)');
    expect(done.stderr).toMatch(
      /\nsvc: timed out after 3 s waiting for revision == '4' \(3 polls, revision: 4 at the last answer\); revision is a number, and the condition compares it with text: write `4`\n$/,
    );
    // Text that reads as a number is shown as text, so the two are told apart.
    const text = await waitAgainst(() => draft('pending', { revision: '4' }), ['--wait-for', 'revision == `4`', '--wait-timeout', '1']);
    expect(text.stderr).toBe(
      'svc: timed out after 1 s waiting for revision == `4` (2 polls, revision: "4" at the last answer); revision is text, and the condition compares it with a number: write \'4\'\n',
    );
  });

  it('says when the condition could not be evaluated on the answers, and keeps waiting through it', async () => {
    const done = await waitAgainst((_, n) => draft('pending', { items: n < 3 ? null : ['a'] }), ['--wait-for', 'length(items) > `0`', '--query', 'items']);
    expect(done.code).toBe(0);
    expect(done.at).toHaveLength(3);
    const never = await waitAgainst(() => draft('pending', { items: null }), ['--wait-for', 'length(items) > `0`', '--wait-timeout', '3']);
    expect(never.code).toBe(124);
    expect(never.stderr).toMatch(/; the condition could not be evaluated on the last answer: .*length.*\n$/);
  });
});

describe('--wait-for: the service answering otherwise', () => {
  it('waits through 429 with Retry-After, obeying it, and through 503s and dropped answers, within the time', async () => {
    const done = await waitAgainst(
      (_, n) => (n === 2 ? problem(429, 'slow down', { 'retry-after': '7' }) : n === 3 ? problem(503, 'busy') : draft(n < 5 ? 'pending' : 'synced')),
      ['--wait-for', synced, '--debug'],
    );
    expect(done.code).toBe(0);
    expect(done.gaps[0]).toBe(1000);
    expect(done.gaps[1]).toBeGreaterThanOrEqual(7000); // as asked, not the 1.3 s it would have been
    expect(done.gaps.every((gap) => gap >= 1000)).toBe(true);
    expect(done.at).toHaveLength(5);
    expect(done.stderr).toContain('* wait: poll 2 at 1 s: slow down (api_error/429, HTTP 429); not applied: ');
    expect(done.stderr).toMatch(/waiting through it; next poll in 7 s \(Retry-After\)\n/);
    expect(done.stderr).toMatch(/\* wait: poll 3 at 8 s: busy \(api_error\/503, HTTP 503\): waiting through it; next poll in \S+ s\n/);
    expect(done.stderr).toMatch(/\* wait: poll 5 at \S+ s: syncStatus: synced; met\n/);
    // Each poll is one request: nothing is retried faster than the wait polls.
    expect(done.stderr).not.toContain('* attempt');
  });

  it('ends at once when the service asks to wait past the deadline, exit 124, naming the wait asked', async () => {
    const done = await waitAgainst(() => problem(429, 'slow down', { 'retry-after': '120' }), ['--wait-for', synced, '--wait-timeout', '60']);
    expect(done.code).toBe(124);
    expect(done.at).toEqual([0]);
    expect(done.stderr).toMatch(
      /^svc: gave up after 0 s waiting for .*: the service asked to wait 2 min more \(Retry-After\), past --wait-timeout 1 min \(1 poll\); the last poll failed: slow down/,
    );
  });

  it.each([
    [404, 5, 'No email draft "dr_1" exists.'],
    [401, 4, 'Invalid API key'],
    [400, 1, 'bad request'],
  ])('ends at once with its usual code on %i', async (status, code, message) => {
    const done = await waitAgainst((_, n) => (n < 2 ? draft('pending') : problem(status, message)), ['--wait-for', synced]);
    expect(done.code).toBe(code);
    expect(done.at).toHaveLength(2);
    expect(done.stdout).toBe('');
    expect(done.stderr).toMatch(new RegExp(`^svc: ${message.replace(/[.()]/g, '\\$&')}.*\\(poll 2 of the wait for syncStatus == 'synced', after 1 s\\)\\n$`));
  });

  it('paces its polls by --rate: never more often than it allows', async () => {
    const done = await waitAgainst((_, n) => draft(n < 4 ? 'pending' : 'synced'), ['--wait-for', synced, '--rate', '10/m']);
    expect(done.code).toBe(0);
    expect(done.gaps.every((gap) => gap >= 6000)).toBe(true);
  });

  it('keeps its time limit when --rate holds a poll back past it: the held poll is never sent nor counted, and the last answer is printed', async () => {
    const done = await waitAgainst(() => draft('pending'), ['--wait-for', synced, '--rate', '4/m', '--wait-timeout', '3', '--query', 'syncStatus']);
    expect(done.code).toBe(124);
    // The second poll's turn comes at 15 s: it is let go at the deadline, not sent after it.
    expect(done.end).toBe(3000);
    expect(done.at).toEqual([0]);
    expect(done.stdout).toBe('"pending"\n');
    expect(done.stderr).toBe("svc: timed out after 3 s waiting for syncStatus == 'synced' (1 poll, syncStatus: pending at the last answer)\n");
  });

  it('prints the last answer of a wait that timed out even when the polls after it failed', async () => {
    const done = await waitAgainst(
      (_, n) => (n === 1 ? draft('pending') : problem(503, 'busy')),
      ['--wait-for', synced, '--wait-timeout', '3', '--query', 'syncStatus'],
    );
    expect(done.code).toBe(124);
    expect(done.at).toHaveLength(3);
    expect(done.stdout).toBe('"pending"\n');
    expect(done.stderr).toMatch(/^svc: timed out after 3 s .*\(3 polls, syncStatus: pending at the last answer\); the last poll failed: busy /);
  });

  it('--debug traces each poll: its request and answer, and what the wait made of it', async () => {
    const done = await waitAgainst((_, n) => draft(n < 2 ? 'pending' : 'synced'), ['--wait-for', synced, '--debug']);
    expect(done.code).toBe(0);
    expect(done.stderr.match(/^> GET /gm)).toHaveLength(2);
    expect(done.stderr.match(/^\* svc /gm)).toHaveLength(1);
    expect(done.stderr).toContain('* wait: poll 1 at 0 s: syncStatus: pending; not yet; next poll in 1 s\n');
    expect(done.stderr).toContain('* wait: poll 2 at 1 s: syncStatus: synced; met\n');
    expect(done.stderr).not.toContain(KEY);
  });
});

describe('--wait-for: refused, exit 2, nothing sent', () => {
  const cases: [string[], string][] = [
    [
      ['crm', 'entries', 'create', 'deals', '--data', 'name=x', '--wait-for', 'entryId'],
      'svc: --wait-for: svc crm entries create cannot wait: it is not safe to repeat (its safety is unsafe: it changes data, and sending it twice may do it twice), and each poll would send the POST again; wait on a read of what it changed instead\n',
    ],
    [
      ['files', 'delete', 'a.txt', '--yes', '--wait-for', 'deleted'],
      'svc: --wait-for: svc files delete cannot wait: it is not safe to repeat (its safety is destructive: it removes or overwrites data, and is confirmed call by call), and each poll would send the DELETE again; wait on a read of what it changed instead\n',
    ],
    [
      ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_1', '--paginate', '--wait-for', 'length(@) > `2`'],
      'svc: --wait-for waits for one answer to change; it does not apply with --paginate (wait with a read of one item, then list)\n',
    ],
    [['email', 'drafts', 'get', 'dr_1', '--wait-fail', 'x'], 'svc: --wait-fail needs --wait-for <condition>\n'],
    [['email', 'drafts', 'get', 'dr_1', '--wait-timeout', '5'], 'svc: --wait-timeout needs --wait-for <condition>\n'],
    [
      ['email', 'drafts', 'get', 'dr_1', '--wait-for', 'syncStatus=synced'],
      'svc: --wait-for: "syncStatus=synced" names a value rather than comparing it, so it would always be true; JMESPath compares with == and quotes text: syncStatus == \'synced\'\n',
    ],
    [['email', 'drafts', 'get', 'dr_1', '--wait-for', 'a[?'], expect.stringMatching(/^svc: --wait-for: .* in "a\[\?"\n$/) as unknown as string],
    [
      ['email', 'drafts', 'get', 'dr_1', '--wait-for', 'x', '--wait-fail', 'deleted'],
      'svc: --wait-fail: deleted is a --wait-for condition; here, give a JMESPath expression that is true of a failed state\n',
    ],
    [
      ['email', 'drafts', 'get', 'dr_1', '--wait-for', 'x', '--wait-timeout', '5x'],
      'svc: --wait-timeout: expected a duration from 0.01 to 86400 seconds: seconds (2, 0.5) or with a unit (500ms, 90s, 5m, 1h), got "5x"\n',
    ],
    [
      ['email', 'drafts', 'get', 'dr_1', '--wait-for', 'x', '--wait-interval', '0.05'],
      'svc: --wait-interval: expected a duration from 0.1 to 3600 seconds: seconds (2, 0.5) or with a unit (500ms, 90s, 5m, 1h), got "0.05"\n',
    ],
    [
      ['email', 'drafts', 'get', 'dr_1', '--wait-for', 'x', '--wait-timeout', '5', '--wait-interval', '10'],
      'svc: --wait-interval 10 s is longer than --wait-timeout 5 s: the wait would end before its second poll\n',
    ],
    [
      ['email', 'drafts', 'get', 'dr_1', '--wait-for', 'x', '--rate', 'fast'],
      expect.stringMatching(/^svc: --rate: expected requests per second/) as unknown as string,
    ],
  ];
  it.each(cases)('%j', async (argv, message) => {
    const server = await scriptedForTest(onTestFinished);
    const done = await runSvc(argv, { env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY } });
    expect({ code: done.code, stderr: done.stderr, stdout: done.stdout }).toEqual({ code: 2, stderr: message, stdout: '' });
    expect(server.received).toEqual([]);
  });

  it('is not offered where it cannot apply: help shows the wait options only where an operation can wait', async () => {
    const read = await runSvc(['email', 'drafts', 'get', '--help']);
    expect(read.stdout).toContain('Wait options:\n  --wait-for <condition>');
    const create = await runSvc(['crm', 'entries', 'create', '--help']);
    expect(create.stdout).not.toMatch(/Wait options|--wait-(for|fail|timeout|interval) </);
  });

  it('--dry-run prints the request and what the wait would do, and sends nothing', async () => {
    const server = await scriptedForTest(onTestFinished);
    const done = await runSvc(['email', 'drafts', 'get', 'dr_1', '--wait-for', synced, '--wait-timeout', '90s', '--dry-run'], {
      env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY },
    });
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/email\/drafts\/dr_1\n/);
    expect(done.stderr).toBe("svc: note: with --wait-for, it would be sent again until syncStatus == 'synced', for at most 1 min 30 s\n");
    expect(server.received).toEqual([]);
  });
});

describe('--wait-for: what only the clock or a stop shows', () => {
  it('ends at once on Ctrl-C, exit 130, however long the pause before the next poll', async () => {
    const server = await scriptedForTest(onTestFinished, { '/v1/email/drafts/dr_1': draft('pending') });
    const stop = new AbortController();
    void server.receivedCount(1).then(() => setTimeout(() => stop.abort(new Interruption('SIGINT')), 50));
    const done = await runSvc(['email', 'drafts', 'get', 'dr_1', '--wait-for', synced, '--wait-interval', '1h', '--wait-timeout', '2h'], {
      env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY },
      signal: stop.signal,
    });
    expect(done.code).toBe(130);
    expect(done.stdout).toBe('');
    expect(done.stderr).toMatch(/^svc: interrupted while waiting for syncStatus == 'synced', after 1 poll in \S+ m?s \(syncStatus: pending\)\n$/);
    expect(server.received).toHaveLength(1);
  });

  it('cuts a poll still unanswered at the deadline, whatever --timeout allows it', async () => {
    const server = await scriptedForTest(onTestFinished, { '/v1/email/drafts/dr_1': { ...draft('pending'), hold: true } });
    const done = await runSvc(['email', 'drafts', 'get', 'dr_1', '--wait-for', synced, '--wait-timeout', '0.3', '--timeout', '600'], {
      env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY },
    });
    expect(done.code).toBe(124);
    expect(done.stderr).toBe("svc: timed out after 0.3 s waiting for syncStatus == 'synced' (1 poll); the last poll had no answer by then\n");
    expect(server.received).toHaveLength(1);
  });

  it('draws one status line on a terminal, and says how the value went once met', async () => {
    const virtual = createVirtualClock();
    let polls = 0;
    const fake = createFakeContext({ tty: true, env: { NO_COLOR: '1' }, respond: () => json(200, draft(++polls < 3 ? 'pending' : 'synced').body) });
    fake.ctx.clock = virtual.clock;
    expect(await virtual.run(run(['email', 'drafts', 'get', 'dr_1', '--wait-for', synced, '--output', 'json'], fake.ctx), 3_600_000, 20_000)).toBe(0);
    const err = fake.err();
    expect(err).toContain('\rsyncStatus: pending · 1 poll · 0 s of 5 min\u001b[K');
    expect(err).toContain('\rsyncStatus: pending · 2 polls · 2 s of 5 min\u001b[K'); // redrawn each second between polls
    expect(err.endsWith('\r\u001b[Ksvc: syncStatus: pending → synced after 2.3 s (3 polls)\n')).toBe(true);
    expect(err).not.toMatch(/\n(?!$)/); // one line drawn over itself, and the last line
    expect(JSON.parse(fake.out())).toMatchObject({ syncStatus: 'synced' });
  });

  it('keeps the status line within a narrow terminal, so each redraw covers the last', async () => {
    const virtual = createVirtualClock();
    let polls = 0;
    const fake = createFakeContext({
      tty: true,
      columns: 24,
      env: { NO_COLOR: '1' },
      respond: () => json(200, draft(++polls < 3 ? 'pending' : 'synced').body),
    });
    fake.ctx.clock = virtual.clock;
    expect(await virtual.run(run(['email', 'drafts', 'get', 'dr_1', '--wait-for', synced, '--output', 'json'], fake.ctx), 3_600_000, 20_000)).toBe(0);
    const drawn = [...fake.err().matchAll(/\r([^\r\n]*)\u001b\[K/g)].map((match) => match[1]!).filter(Boolean);
    expect(drawn).toContain('syncStatus: pending · …');
    expect(drawn.every((line) => [...line].length <= 23)).toBe(true);
  });
});
