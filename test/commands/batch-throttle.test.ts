import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { registry } from '../../registry/index.js';
import { startThrottledServer } from '../../scripts/bench/throttled-server.mjs';
import { run } from '../../src/cli/run.js';
import { createUndiciTransport } from '../../src/client/undici-transport.js';
import { systemClock } from '../../src/clock.js';
import { createFakeContext, json } from '../support/fake-context.js';
import { runSvc } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';
import { startScriptedServer } from '../support/scripted-server.js';

// In-process runs of svc against a real service on 127.0.0.1 that admits a few requests a second
// and answers the rest 429, in real time: small runs (a few seconds each), whose checks hold
// however slow the machine (a slower svc is only throttled less).

type Server = Awaited<ReturnType<typeof startThrottledServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function throttled(options: { perSecond: number; burst: number; retryAfter?: number }): Promise<Server> {
  const server = await startThrottledServer({ ...options, latencyMs: 2 });
  servers.push(server);
  return server;
}

/**
 * svc in this process, its requests sent by undici to `server`, its waits real; `sentAt` holds when
 * each request left svc (the transport is handed it the moment the pacer lets it go), which a
 * server's arrival times, delayed by its event loop on a loaded machine, cannot tell as exactly.
 */
function svcAgainst(server: { url: string }, files: Record<string, string>) {
  const transport = createUndiciTransport();
  const sentAt: number[] = [];
  const fake = createFakeContext({
    env: { SERVICE_BASE_URL: server.url },
    files,
    respond: (request) => {
      sentAt.push(Date.now()); // the pacer's own clock (whole milliseconds): performance.now() could read a spacing 0.02 ms short of it
      return transport(request);
    },
  });
  fake.ctx.clock = systemClock;
  return { ...fake, sentAt };
}

const ndjson = (lines: unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');
const recordsOf = (out: string) =>
  out
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as { line: number; ok: boolean; status: number; throttled?: { answers: number; waitedMs: number }; error?: Record<string, unknown> },
    );

/** The most starts any one-second window [t, t + 1000) holds. */
/**
 * The typical spacing of requests: the median gap between consecutive ones as the transport was
 * handed them. The pacer spaces their releases; each handoff runs a few steps after its release,
 * and on a loaded machine one can run late, which lengthens the gap before it and shortens the one
 * after it (and the whole span) by as much. The median is what the other gaps show, so one late
 * handoff cannot fail a test; requests that are not paced leave gaps of a few milliseconds.
 */
function medianGap(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const gaps = sorted
    .slice(1)
    .map((time, i) => time - sorted[i]!)
    .sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}

/** A paced gap, less what handoffs that run a little late may take from it: far above an unpaced run's few milliseconds. */
const pacedAtLeast = (intervalMs: number) => 0.75 * intervalMs;

function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('a batch run against a service that throttles', () => {
  /** svc run in this process (test/support/svc.ts) against `server`, its input and rejects files in a folder of the test's. */
  const svcRun = async (server: Server, args: string[], lines: unknown[]) => {
    const folder = tempFolder('svc-throttle-');
    const rejects = join(folder, 'rejects.ndjson');
    const run = await runSvc([...args, '--input', '-', '--rejects', rejects], {
      env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'sk_test_throttled_1234' },
      input: ndjson(lines),
    });
    return { ...run, records: recordsOf(run.stdout), rejected: readFileSync(rejects, 'utf8') };
  };

  it.each([undefined, 1])(
    'gets every GET line done with default flags, none rejected, and says it was throttled (Retry-After: %s)',
    async (retryAfter) => {
      // Eight lines leave at once at the start, into a bucket of four: the service throttles the run however slow the machine.
      const server = await throttled({ perSecond: 30, burst: 4, retryAfter });
      const lines = Array.from({ length: 75 }, (_, i) => ({ draftId: `dr_${i + 1}` }));
      const run = await svcRun(server, ['email', 'drafts', 'get'], lines);
      expect(run.code).toBe(0);
      expect(run.records.map((r) => r.ok)).toEqual(lines.map(() => true));
      expect(run.rejected).toBe('');
      // Every line reached the service; the 429s are few, and each is in the record of its line.
      expect([...server.counts.perLine.keys()].sort()).toEqual(lines.map((l) => l.draftId).sort());
      expect(server.counts.refused).toBeGreaterThan(0);
      expect(server.counts.refused / server.counts.requests).toBeLessThan(0.25);
      expect(run.records.reduce((sum, r) => sum + (r.throttled?.answers ?? 0), 0)).toBe(server.counts.refused);
      expect(run.stderr).toMatch(new RegExp(`^svc: 75 lines: 75 succeeded, 0 failed in .*; throttled: ${server.counts.refused} answers? 429`));
      if (retryAfter !== undefined) expect(run.stderr).toMatch(/\d+ pauses? for Retry-After/);
    },
    30_000,
  );

  it('sends a POST answered 429 only once, and its record says it was not applied and is safe to resend', async () => {
    const server = await throttled({ perSecond: 30, burst: 4, retryAfter: 1 });
    const lines = Array.from({ length: 60 }, (_, i) => ({ data: { name: `entry ${i + 1}` } }));
    const run = await svcRun(server, ['crm', 'entries', 'create', 'deals'], lines);
    const refused = run.records.filter((r) => !r.ok);
    expect(run.code).toBe(refused.length > 0 ? 1 : 0);
    // One request per line, whatever the answer: a write the service may not have refused before applying is never sent twice.
    expect([...server.counts.perLine.values()]).toEqual(lines.map(() => 1));
    expect([...server.counts.applied.values()].every((times) => times === 1)).toBe(true);
    expect(refused.length).toBe(server.counts.refused);
    expect(run.records.filter((r) => r.ok).length).toBeGreaterThanOrEqual(48);
    for (const record of refused) {
      expect(record.status).toBe(429);
      expect(record.error).toMatchObject({ kind: 'api', hint: expect.stringMatching(/^not applied: .*; safe to resend$/) });
      expect(record.error).not.toHaveProperty('mayHaveApplied');
    }
    // The rejects file holds exactly the refused lines, ready to run again.
    expect(run.rejected.split('\n').filter(Boolean)).toEqual(refused.map((r) => JSON.stringify(lines[r.line - 1])));
    if (refused.length > 0) expect(run.stderr).toContain(`${refused.length} of them answered 429: not applied, safe to resend`);
  }, 30_000);

  it('sends a POST answered 429 again where the registry declares that 429 comes before anything is applied, and applies each line once', async () => {
    const op = registry.crm_entries_create as { throttlesBeforeApplying?: boolean };
    op.throttlesBeforeApplying = true;
    try {
      const server = await throttled({ perSecond: 30, burst: 4 });
      const lines = Array.from({ length: 60 }, (_, i) => ({ data: { name: `entry ${i + 1}` } }));
      const run = await svcRun(server, ['crm', 'entries', 'create', 'deals'], lines);
      expect(run.code).toBe(0);
      expect(run.records.every((r) => r.ok)).toBe(true);
      expect([...server.counts.applied.values()]).toEqual(lines.map(() => 1));
      expect(server.counts.applied.size).toBe(60);
      expect(server.counts.refused).toBeGreaterThan(0);
    } finally {
      delete op.throttlesBeforeApplying;
    }
  }, 30_000);
});

describe('--rate', () => {
  it('starts 30 lines at --rate 20 no faster than 20 in any second, spaced by its interval', async () => {
    const server = await throttled({ perSecond: 1000, burst: 1000 });
    const lines = Array.from({ length: 30 }, (_, i) => ({ draftId: `dr_${i + 1}` }));
    const svc = svcAgainst(server, { 'drafts.ndjson': ndjson(lines) });
    expect(await run(['email', 'drafts', 'get', '--input', 'drafts.ndjson', '--rate', '20/s'], svc.ctx)).toBe(0);
    expect(svc.sentAt).toHaveLength(30);
    expect(busiestSecond(svc.sentAt)).toBeLessThanOrEqual(20);
    expect(medianGap(svc.sentAt)).toBeGreaterThanOrEqual(pacedAtLeast(50));
    expect(server.counts.refused).toBe(0);
  }, 30_000);

  it('takes the profile setting rate when --rate is not given', async () => {
    const server = await throttled({ perSecond: 1000, burst: 1000 });
    const lines = Array.from({ length: 6 }, (_, i) => ({ draftId: `dr_${i + 1}` }));
    const svc = svcAgainst(server, { 'drafts.ndjson': ndjson(lines) });
    await svc.store.updateProfile('default', () => ({ rate: '10/s' }));
    expect(await run(['email', 'drafts', 'get', '--input', 'drafts.ndjson'], svc.ctx)).toBe(0);
    expect(svc.sentAt).toHaveLength(6);
    expect(medianGap(svc.sentAt)).toBeGreaterThanOrEqual(pacedAtLeast(100));
  }, 30_000);

  it('paces the pages of --paginate', async () => {
    const server = await startScriptedServer();
    onTestFinished(() => server.close());
    const route = '/v1/crm/tasks/series/ser_1/occurrences';
    for (let page = 1; page <= 4; page++) {
      const headers: Record<string, string> = page < 4 ? { link: `<${server.origin}${route}?page=${page + 1}>; rel="next"` } : {};
      server.script(page === 1 ? route : `${route}?page=${page}`, { body: [{ taskId: `t${page}` }], headers });
    }
    const svc = svcAgainst(server, {});
    expect(await run(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_1', '--paginate', '--rate', '5/s'], svc.ctx)).toBe(0);
    expect(JSON.parse(svc.out())).toEqual([{ taskId: 't1' }, { taskId: 't2' }, { taskId: 't3' }, { taskId: 't4' }]);
    expect(svc.sentAt).toHaveLength(4);
    expect(medianGap(svc.sentAt)).toBeGreaterThanOrEqual(pacedAtLeast(200));
  }, 30_000);

  it.each([
    [['--rate', '0'], /^svc: --rate: expected requests per second or per minute, as n, n\/s or n\/m .*got "0"\n$/],
    [['--rate', '5/h'], /^svc: --rate: expected requests per second or per minute/],
    [['--rate', '1.5'], /^svc: --rate: expected requests per second or per minute/],
    [['--rate', '100001'], /^svc: --rate: expected .* from 1 to 100000/],
  ])('refuses %j with exit 2, sending nothing', async (flags, message) => {
    const fake = createFakeContext({ files: { 'drafts.ndjson': ndjson([{ draftId: 'dr_1' }]) } });
    expect(await run(['email', 'drafts', 'get', '--input', 'drafts.ndjson', ...flags], fake.ctx)).toBe(2);
    expect(fake.err()).toMatch(message);
    expect(fake.requests).toEqual([]);
  });

  it('needs --input (or --paginate) to mean anything, and says so', async () => {
    const fake = createFakeContext();
    expect(await run(['email', 'drafts', 'get', 'dr_1', '--rate', '5'], fake.ctx)).toBe(2);
    expect(fake.err()).toBe('svc: --rate needs --input <file | ->, --paginate or --wait-for\n');
    const api = createFakeContext();
    expect(await run(['api', 'GET', '/email/drafts/dr_1', '--rate', '5'], api.ctx)).toBe(2);
    expect(api.err()).toBe('svc: --rate needs --paginate or --wait-for: it paces the pages of a list, or the polls of a wait\n');
    expect([...fake.requests, ...api.requests]).toEqual([]);
  });
});

describe('a throttled run says so', () => {
  const draft = (request: { url: string }) => json(200, { ok: true, kind: 'email', draftId: request.url.split('/').at(-1), syncStatus: 'synced', revision: 1 });
  /** The first request is answered 429 with Retry-After: 2, the rest succeed. */
  const throttledOnce = () => {
    let first = true;
    return (request: { url: string }) => {
      if (!first) return draft(request);
      first = false;
      return json(429, { error: { message: 'slow down', type: 'rate_limit_error', code: 'too_many_requests' } }, { 'retry-after': '2' });
    };
  };
  const stdin = ndjson([{ draftId: 'dr_1' }, { draftId: 'dr_2' }, { draftId: 'dr_3' }]);

  it('--debug names the pause and the change of rate, each with its cause; the record of the line that waited says so', async () => {
    // The context's clock waits for nothing: the pause is waited out at once, and the test sleeps not.
    const fake = createFakeContext({ respond: throttledOnce(), stdin });
    expect(await run(['email', 'drafts', 'get', '--input', '-', '--concurrency', '1', '--debug'], fake.ctx)).toBe(0);
    expect(fake.err()).toContain('* pausing every request for 2s: HTTP 429 with Retry-After: 2\n');
    expect(fake.err()).toMatch(/\* throttled \(HTTP 429 with Retry-After: 2\): every request now at most \S+, growing by \S+ each second of good answers\n/);
    const [first, ...rest] = recordsOf(fake.out());
    expect(first).toMatchObject({ line: 1, ok: true, attempts: 2, throttled: { answers: 1 } });
    expect(first!.throttled!.waitedMs).toBeGreaterThanOrEqual(2000);
    expect(rest.map((r) => r.throttled)).toEqual([undefined, undefined]);
    expect(fake.err()).toMatch(/svc: 3 lines: 3 succeeded, 0 failed in .*; throttled: 1 answer 429, 1 pause for Retry-After, ending at \S+\n$/);
  });

  it('shows the 429s and the rate now on the progress bar', async () => {
    const fake = createFakeContext({ tty: true, respond: throttledOnce(), stdin });
    // The clock moves 30 ms each time it is read, so the bar redraws; the pause and the retry wait still take no real time.
    let time = 0;
    fake.ctx.clock = { ...fake.ctx.clock!, now: () => (time += 30) };
    expect(await run(['email', 'drafts', 'get', '--input', '-', '--concurrency', '1'], fake.ctx)).toBe(0);
    expect(fake.err()).toMatch(/\r\d done · 0 failed · \d+\/s · throttled: 1 × 429, now \S+\u001b\[K/);
  });

  it('says in a single call that a 429 was not applied and is safe to resend', async () => {
    const fake = createFakeContext({
      respond: () => json(429, { error: { message: 'slow down', type: 'rate_limit_error', code: 'too_many_requests' } }),
    });
    expect(await run(['crm', 'entries', 'create', 'deals', '--data', 'name=Acme'], fake.ctx)).toBe(1);
    expect(fake.requests).toHaveLength(1);
    expect(fake.err()).toBe(
      'svc: slow down (rate_limit_error/too_many_requests, HTTP 429); not applied: the service refused it with 429 Too Many Requests, which comes before processing (RFC 6585); safe to resend\n',
    );
  });
});
