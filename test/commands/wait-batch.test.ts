import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { Interruption } from '../../src/interruption.js';
import { type ReceivedRequest, type ScriptedAnswer, scriptedForTest } from '../support/scripted-server.js';
import { runSvc } from '../support/svc.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { tempFolder } from '../support/temp-folder.js';

// `--wait-for` with `--input`: each line waits for its own draft, all lines' polls within one
// pace; one record per line with its outcome, polls and time waited; a summary counting them.
// In-process against a scripted service on 127.0.0.1, on a virtual clock (test/commands/wait.test.ts).

const KEY = 'sk_test_wait_batch_123456';
const draft = (id: string, syncStatus: string): ScriptedAnswer => ({ body: { ok: true, kind: 'email', draftId: id, syncStatus, revision: 1 } });
type Script = (count: number) => ScriptedAnswer;
const ndjson = (ids: string[]) => ids.map((id) => `${JSON.stringify({ draftId: id })}\n`).join('');
const records = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, any>);

async function batchAgainst(scripts: Record<string, Script>, args: string[], input: string[] = ['--input', '-']) {
  const virtual = createVirtualClock();
  const arrivals: { id: string; at: number }[] = [];
  const routes = Object.fromEntries(
    Object.entries(scripts).map(([id, script]) => [
      `/v1/email/drafts/${id}`,
      (_: ReceivedRequest, count: number) => {
        arrivals.push({ id, at: virtual.now() });
        return script(count);
      },
    ]),
  );
  const server = await scriptedForTest(onTestFinished, routes);
  const run = runSvc(['email', 'drafts', 'get', ...input, ...args], {
    env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY },
    input: ndjson(Object.keys(scripts)),
    clock: virtual.clock,
    wrapTransport: (send) => (request) => virtual.track(send(request)),
  });
  const done = await virtual.run(run, 100 * 3_600_000, 20_000);
  return { ...done, arrivals, end: virtual.now(), records: done.stdout ? records(done.stdout) : [] };
}

const synced = "syncStatus == 'synced'";
const syncsAfter =
  (id: string, polls: number, to = 'synced'): Script =>
  (n) =>
    draft(id, n <= polls ? 'pending' : to);

describe('--wait-for with --input', () => {
  it('waits for each line on its own: a record per line with its outcome, polls and time waited, and a summary counting them', async () => {
    const done = await batchAgainst({ dr_1: syncsAfter('dr_1', 1), dr_2: syncsAfter('dr_2', 2, 'failed'), dr_3: () => draft('dr_3', 'pending') }, [
      '--wait-for',
      synced,
      '--wait-fail',
      "syncStatus == 'failed'",
      '--wait-timeout',
      '10',
      '--query',
      'syncStatus',
    ]);
    expect(done.records).toEqual([
      { line: 1, ok: true, status: 200, wait: { outcome: 'met', polls: 2, waitedMs: 1000 }, result: 'synced' },
      {
        line: 2,
        ok: false,
        status: 200,
        wait: { outcome: 'failed', polls: 3, waitedMs: 2313 },
        error: {
          kind: 'wait',
          message: "the wait for syncStatus == 'synced' failed after 3 polls in 2.3 s: --wait-fail syncStatus == 'failed' is true (syncStatus: failed)",
        },
        result: 'failed',
      },
      {
        line: 3,
        ok: false,
        status: 200,
        wait: { outcome: 'timeout', polls: 6, waitedMs: 10_000 },
        error: { kind: 'wait', message: "timed out after 10 s waiting for syncStatus == 'synced' (6 polls, syncStatus: pending at the last answer)" },
        result: 'pending',
      },
    ]);
    expect(done.stderr).toMatch(/^svc: 3 lines: 1 met, 1 failed \(--wait-fail\), 1 timed out in [^\n]+\n$/);
    expect(done.code).toBe(9);
  });

  it('exits 0 when every line is met, 124 when the rest timed out, 1 when a line failed otherwise', async () => {
    const met = await batchAgainst({ dr_1: syncsAfter('dr_1', 0), dr_2: syncsAfter('dr_2', 3) }, ['--wait-for', synced]);
    expect([met.code, met.records.map((r) => r.wait.outcome)]).toEqual([0, ['met', 'met']]);
    expect(met.stderr).toMatch(/^svc: 2 lines: 2 met, 0 failed \(--wait-fail\), 0 timed out in /);
    const late = await batchAgainst({ dr_1: syncsAfter('dr_1', 0), dr_2: () => draft('dr_2', 'pending') }, ['--wait-for', synced, '--wait-timeout', '3']);
    expect(late.code).toBe(124);
    const missing = await batchAgainst({ dr_1: () => ({ status: 404, body: { error: { message: 'No such draft' } } }), dr_2: () => draft('dr_2', 'pending') }, [
      '--wait-for',
      synced,
      '--wait-timeout',
      '3',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.records[0]).toMatchObject({ line: 1, ok: false, status: 404, wait: { outcome: 'error', polls: 1 }, error: { kind: 'api' } });
    expect(missing.stderr).toMatch(/^svc: 2 lines: 0 met, 0 failed \(--wait-fail\), 1 timed out, 1 failed otherwise in /);
  });

  it('paces every line’s polls together: never more than --rate allows, across all of them', async () => {
    const ids = ['dr_1', 'dr_2', 'dr_3', 'dr_4'];
    const done = await batchAgainst(Object.fromEntries(ids.map((id) => [id, syncsAfter(id, 3)])), ['--wait-for', synced, '--rate', '2/s']);
    expect(done.code).toBe(0);
    expect(done.arrivals).toHaveLength(16);
    const times = done.arrivals.map((a) => a.at).sort((a, b) => a - b);
    // 2 a second: each start at least 505 ms (the pacer's 1010 ms / 2) after the one before, less the 5 ms it forgives a late timer.
    expect(Math.min(...times.slice(1).map((at, i) => at - times[i]!))).toBeGreaterThanOrEqual(500);
    // And each line's own polls are never closer than the interval.
    for (const id of ids) {
      const own = done.arrivals.filter((a) => a.id === id).map((a) => a.at);
      expect(Math.min(...own.slice(1).map((at, i) => at - own[i]!))).toBeGreaterThanOrEqual(1000);
    }
  });

  it("keeps each line's time limit when the pace holds its polls back: a poll never sent is not counted, and the run ends at the limit", async () => {
    const ids = ['dr_1', 'dr_2', 'dr_3'];
    const done = await batchAgainst(Object.fromEntries(ids.map((id) => [id, () => draft(id, 'pending')])), [
      '--wait-for',
      synced,
      '--rate',
      '2/m',
      '--wait-timeout',
      '2',
      '--query',
      'syncStatus',
    ]);
    expect(done.code).toBe(124);
    // One turn every 30 s: only the first line's first poll could leave within the 2 s each line waits.
    expect(done.arrivals.map((a) => a.id)).toEqual(['dr_1']);
    expect(done.end).toBe(2000);
    expect(done.records[0]).toMatchObject({ line: 1, wait: { outcome: 'timeout', polls: 1, waitedMs: 2000 }, result: 'pending' });
    for (const record of done.records.slice(1)) {
      expect(record).toEqual({
        line: record.line,
        ok: false,
        status: null,
        wait: { outcome: 'timeout', polls: 0, waitedMs: 2000 },
        error: {
          kind: 'wait',
          message:
            "timed out after 2 s waiting for syncStatus == 'synced' (0 polls); no poll could be sent in that time: the pace of the run (--rate, or the service throttling it) held it back",
        },
      });
    }
  });

  it("--dry-run records each line's request, says once what the waits would do, and sends nothing", async () => {
    const server = await scriptedForTest(onTestFinished);
    const done = await runSvc(['email', 'drafts', 'get', '--input', '-', '--wait-for', synced, '--wait-timeout', '90s', '--dry-run'], {
      env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY },
      input: ndjson(['dr_1', 'dr_2']),
    });
    expect(done.code).toBe(0);
    expect(records(done.stdout).map((r) => r.request.url.split('/').at(-1))).toEqual(['dr_1', 'dr_2']);
    expect(done.stderr).toMatch(
      /^svc: note: with --wait-for, each line would be sent again until syncStatus == 'synced', for at most 1 min 30 s\nsvc: 2 lines: /,
    );
    expect(server.received).toEqual([]);
  });

  it('ends every wait at once on Ctrl-C, exit 130, each line recorded as interrupted', async () => {
    const server = await scriptedForTest(onTestFinished, {
      '/v1/email/drafts/dr_1': draft('dr_1', 'pending'),
      '/v1/email/drafts/dr_2': draft('dr_2', 'pending'),
    });
    const stop = new AbortController();
    void server.receivedCount(2).then(() => setTimeout(() => stop.abort(new Interruption('SIGINT')), 50));
    const done = await runSvc(['email', 'drafts', 'get', '--input', '-', '--wait-for', synced, '--wait-interval', '1h', '--wait-timeout', '2h'], {
      env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY },
      input: ndjson(['dr_1', 'dr_2']),
      signal: stop.signal,
    });
    expect(done.code).toBe(130);
    expect(records(done.stdout).map((r) => [r.line, r.ok, r.wait.outcome, r.error.kind])).toEqual([
      [1, false, 'interrupted', 'wait'],
      [2, false, 'interrupted', 'wait'],
    ]);
    expect(done.stderr).toMatch(/^svc: 2 lines: 0 met, 0 failed \(--wait-fail\), 0 timed out, 2 interrupted in /);
    expect(server.received).toHaveLength(2);
  });

  it('keeps a --checkpoint: run again, it sends nothing and gives the same records', async () => {
    const folder = tempFolder('svc-wait-batch-');
    const file = join(folder, 'drafts.ndjson');
    writeFileSync(file, ndjson(['dr_1', 'dr_2']));
    const server = await scriptedForTest(onTestFinished, {
      '/v1/email/drafts/dr_1': (_, n) => draft('dr_1', n < 2 ? 'pending' : 'synced'),
      '/v1/email/drafts/dr_2': draft('dr_2', 'pending'),
    });
    const argv = ['email', 'drafts', 'get', '--input', file, '--checkpoint', join(folder, 'drafts.ckpt'), '--wait-for', synced, '--wait-timeout', '3'];
    const once = async () => {
      const virtual = createVirtualClock();
      const env = { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY };
      const run = runSvc(argv, { env, clock: virtual.clock, wrapTransport: (send) => (request) => virtual.track(send(request)) });
      return virtual.run(run, 3_600_000, 20_000);
    };
    const first = await once();
    expect(first.code).toBe(124);
    const sent = server.received.length;
    const again = await once();
    expect(server.received).toHaveLength(sent);
    expect([again.code, records(again.stdout)]).toEqual([124, records(first.stdout)]);
  });

  it('resumes the waits Ctrl-C ended: a --checkpoint keeps the lines met, and the run after it waits again for the interrupted ones', async () => {
    const folder = tempFolder('svc-wait-batch-');
    const file = join(folder, 'drafts.ndjson');
    writeFileSync(file, ndjson(['dr_1', 'dr_2']));
    let synced2 = false;
    const server = await scriptedForTest(onTestFinished, {
      '/v1/email/drafts/dr_1': draft('dr_1', 'synced'),
      '/v1/email/drafts/dr_2': () => draft('dr_2', synced2 ? 'synced' : 'pending'),
    });
    const argv = [
      'email',
      'drafts',
      'get',
      '--input',
      file,
      '--checkpoint',
      join(folder, 'drafts.ckpt'),
      '--wait-for',
      synced,
      '--wait-interval',
      '1h',
      '--wait-timeout',
      '2h',
    ];
    const env = { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY };
    const stop = new AbortController();
    void server.receivedCount(2).then(() => setTimeout(() => stop.abort(new Interruption('SIGINT')), 50));
    const first = await runSvc(argv, { env, signal: stop.signal });
    expect(first.code).toBe(130);
    expect(records(first.stdout).map((r) => [r.line, r.wait.outcome])).toEqual([
      [1, 'met'],
      [2, 'interrupted'],
    ]);
    synced2 = true;
    const again = await runSvc(argv, { env });
    expect(again.code).toBe(0);
    expect(records(again.stdout).map((r) => [r.line, r.ok, r.wait.outcome])).toEqual([
      [1, true, 'met'],
      [2, true, 'met'],
    ]);
    // dr_1 was met: read back from the checkpoint, not polled again; dr_2 polled once more.
    expect(server.received.map((request) => request.url.split('/').at(-1))).toEqual(['dr_1', 'dr_2', 'dr_2']);
    expect(again.stderr).toMatch(/; checkpoint .*: 1 line from it, 1 sent now, 0 uncertain\n$/);
  });
});
