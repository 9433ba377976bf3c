import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { OperationSpec } from '../../registry/define.js';
import { runPipeline } from '../../src/batch/pipeline.js';
import { sendRequest } from '../../src/client/call.js';
import { createPacer, type Pacer } from '../../src/client/pacer.js';
import type { CallResult } from '../../src/client/result.js';
import { defaultRetryOptions } from '../../src/client/retry.js';
import type { HttpRequest, HttpResponse } from '../../src/client/transport.js';
import { createVirtualClock } from '../support/virtual-clock.js';

/** Takes `count` turns from `workers` callers at once, as a batch's lines in flight do; returns each start's time. */
async function startTimes(pacer: Pacer, now: () => number, count: number, workers = 8): Promise<number[]> {
  const starts: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const turn = pacer.take();
      if (turn) expect(await turn).not.toBe('stopped');
      starts.push(now());
      pacer.answered(200, {}, pacer.epoch);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return starts;
}

/** The most starts any one-second window [t, t + 1000) holds. */
function busiestSecond(starts: number[]): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('the pacer: --rate', () => {
  it('starts 300 requests at --rate 50 in no less than 6 s less one interval, never more than 50 in any second', async () => {
    const { clock, run, now } = createVirtualClock();
    const pacer = createPacer({ ceiling: 50, clock, maxPauseMs: 60_000 });
    const starts = await run(startTimes(pacer, now, 300));
    expect(starts).toHaveLength(300);
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThanOrEqual(6000 - 20);
    expect(busiestSecond(starts)).toBeLessThanOrEqual(50);
    // And not much slower than asked: the 1% kept to spare, no more.
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(6100);
  });

  it('holds a timer that fires late to the rate too: no second ever holds more than the rate', async () => {
    const { clock, run, now } = createVirtualClock();
    // Every wait ends up to 4 ms late, as timers on a loaded machine do.
    let turn = 0;
    const late = { ...clock, sleep: (ms: number, signal?: AbortSignal) => clock.sleep(ms + (turn++ % 5), signal) };
    const pacer = createPacer({ ceiling: 100, clock: late, maxPauseMs: 60_000 });
    const starts = await run(startTimes(pacer, now, 500));
    expect(busiestSecond(starts)).toBeLessThanOrEqual(100);
  });

  it('reads n/m as per minute: 3 starts at 30/m are two seconds apart', async () => {
    const { clock, run, now } = createVirtualClock();
    const pacer = createPacer({ ceiling: 0.5, clock, maxPauseMs: 60_000 });
    const starts = await run(startTimes(pacer, now, 3, 1));
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(2000);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(2000);
  });

  it('costs an unthrottled run without --rate nothing: every turn is taken at once, no promise, no wait', () => {
    const { clock } = createVirtualClock();
    const pacer = createPacer({ clock, maxPauseMs: 60_000 });
    for (let i = 0; i < 1000; i++) {
      expect(pacer.take()).toBeUndefined();
      expect(pacer.answered(200, {}, pacer.epoch)).toBe(false);
    }
    expect(pacer.stats()).toEqual({ answered429: 0, answered503: 0, pauses: 0, rate: undefined, throttled: false });
  });

  it('lets the requests waiting for their turn go unsent when the run is stopped', async () => {
    const { clock, run } = createVirtualClock();
    const stop = new AbortController();
    const pacer = createPacer({ ceiling: 1, clock, maxPauseMs: 60_000, signal: stop.signal });
    expect(pacer.take()).toBeUndefined();
    const waiting = [pacer.take(), pacer.take()];
    const stopped = run(
      (async () => {
        await clock.sleep(100);
        stop.abort();
        return Promise.all(waiting);
      })(),
    );
    expect(await stopped).toEqual(['stopped', 'stopped']);
    expect(await pacer.take()).toBe('stopped');
  });

  it('lets a request whose own signal aborts leave its place at once, unsent, taking no turn from those behind it', async () => {
    const { clock, run, now } = createVirtualClock();
    const pacer = createPacer({ ceiling: 1, clock, maxPauseMs: 60_000 });
    expect(pacer.take()).toBeUndefined();
    const own = new AbortController();
    const leaving = pacer.take(own.signal)!;
    const next = pacer.take()!;
    const left = run(
      (async () => {
        await clock.sleep(100);
        own.abort();
        const gone = await leaving;
        const goneAt = now();
        await next;
        return { gone, goneAt, nextAt: now() };
      })(),
    );
    // The one behind it starts in the first free turn (about 1 s), not in the turn after the one that left (about 2 s).
    expect(await left).toEqual({ gone: 'stopped', goneAt: 100, nextAt: 1005 });
    expect(await pacer.take(AbortSignal.abort())).toBe('stopped');
  });

  it('keeps no timer once the last waiter has left: nothing holds the process open for a turn nobody takes', async () => {
    // A clock whose sleeps end only when aborted: the time never comes, so what is asleep stays asleep.
    let sleeping = 0;
    const stillClock = {
      now: () => 0,
      sleep: (_ms: number, signal?: AbortSignal) =>
        new Promise<void>((_resolve, reject) => {
          sleeping++;
          signal?.addEventListener('abort', () => (sleeping--, reject(signal.reason)), { once: true });
        }),
    };
    const pacer = createPacer({ ceiling: 1 / 60, clock: stillClock, maxPauseMs: 60_000 });
    expect(pacer.take()).toBeUndefined();
    const own = new AbortController();
    const leaving = pacer.take(own.signal)!;
    // The drain sleeps towards the turn a minute away; once its only waiter has left, it no longer does.
    expect(sleeping).toBe(1);
    own.abort();
    expect(await leaving).toBe('stopped');
    expect(sleeping).toBe(0);
  });
});

describe('the pacer: one shared backoff', () => {
  it('halves the rate it was sending at on a 429, once for the requests already in flight, and names why', async () => {
    const { clock, run, now } = createVirtualClock();
    const said: string[] = [];
    const pacer = createPacer({ ceiling: 80, clock, maxPauseMs: 60_000, onChange: (text) => said.push(text) });
    await run(startTimes(pacer, now, 80));
    const inFlight = pacer.epoch;
    expect(pacer.answered(429, {}, inFlight)).toBe(true);
    expect(pacer.stats().rate).toBeCloseTo(40, 0);
    // Three more answers to requests sent before the decrease: counted, but the rate stays.
    for (let i = 0; i < 3; i++) pacer.answered(429, {}, inFlight);
    expect(pacer.stats()).toMatchObject({ answered429: 4, throttled: true });
    expect(pacer.stats().rate).toBeCloseTo(40, 0);
    expect(said).toEqual(['* throttled (HTTP 429): every request now at most 40/s, growing by 8/s each second of good answers\n']);
    // A 429 to a request sent at the new rate halves it again.
    pacer.answered(429, {}, pacer.epoch);
    expect(pacer.stats().rate).toBeCloseTo(20, 0);
  });

  it('grows the rate back by a fixed step per second of good answers, up to --rate and no further', async () => {
    const { clock, run, now } = createVirtualClock();
    const pacer = createPacer({ ceiling: 100, clock, maxPauseMs: 60_000 });
    await run(startTimes(pacer, now, 100));
    pacer.answered(429, {}, pacer.epoch);
    const low = pacer.stats().rate!;
    const starts = await run(startTimes(pacer, now, 100, 2));
    const later = pacer.stats().rate!;
    // Additive: the gain is the step (a fifth of the lowered rate) times the seconds of good answers.
    const seconds = (Math.max(...starts) - Math.min(...starts)) / 1000;
    expect(later - low).toBeGreaterThan(0);
    expect(later - low).toBeCloseTo(low * 0.2 * seconds, -1);
    await run(startTimes(pacer, now, 2000, 2));
    expect(pacer.stats().rate).toBe(100);
  });

  it('measures a run without --rate before halving it: from what it sent, not from infinity', async () => {
    const { clock, run } = createVirtualClock();
    const pacer = createPacer({ clock, maxPauseMs: 60_000 });
    // 200 starts, 10 ms apart: 100 a second.
    await run(
      (async () => {
        for (let i = 0; i < 200; i++) {
          expect(pacer.take()).toBeUndefined();
          pacer.answered(200, {}, pacer.epoch);
          await clock.sleep(10);
        }
      })(),
    );
    pacer.answered(429, {}, pacer.epoch);
    expect(pacer.stats().rate).toBeGreaterThan(40);
    expect(pacer.stats().rate).toBeLessThan(60);
  });

  it('pauses every new request for a Retry-After, says so once, and tells each held request how long it was held', async () => {
    const { clock, run, now } = createVirtualClock();
    const said: string[] = [];
    const pacer = createPacer({ clock, maxPauseMs: 60_000, onChange: (text) => said.push(text) });
    expect(pacer.take()).toBeUndefined();
    const epoch = pacer.epoch;
    pacer.answered(429, { 'retry-after': '2' }, epoch);
    pacer.answered(429, { 'retry-after': '2' }, epoch);
    const held = await run(Promise.all([pacer.take(), pacer.take()]));
    expect(held[0]).toBe(2000);
    expect(held[1]! as number).toBeGreaterThanOrEqual(2000);
    expect(now()).toBeGreaterThanOrEqual(2000);
    expect(said.filter((text) => text.startsWith('* pausing'))).toEqual(['* pausing every request for 2s: HTTP 429 with Retry-After: 2\n']);
    expect(pacer.stats()).toMatchObject({ answered429: 2, pauses: 1, throttled: true });
  });

  it('pauses for a 503 with Retry-After too, but not for a 503 without one, nor for a Retry-After over the bound', async () => {
    const { clock } = createVirtualClock();
    const pacer = createPacer({ clock, maxPauseMs: 60_000 });
    expect(pacer.answered(503, {}, pacer.epoch)).toBe(false);
    expect(pacer.answered(500, { 'retry-after': '5' }, pacer.epoch)).toBe(false);
    expect(pacer.take()).toBeUndefined();
    expect(pacer.answered(429, { 'retry-after': '3600' }, pacer.epoch)).toBe(true);
    expect(pacer.stats().pauses).toBe(0);
    expect(pacer.answered(503, { 'retry-after': '1' }, pacer.epoch)).toBe(true);
    expect(pacer.stats()).toMatchObject({ answered503: 1, pauses: 1 });
    expect(pacer.take()).toBeInstanceOf(Promise);
  });
});

// A server that admits `perSecond` requests a second with bursts of `burst` (a token bucket), in the virtual time of the test.
function tokenBucket(clock: { now(): number }, perSecond: number, burst: number) {
  let tokens = burst;
  let at = clock.now();
  return () => {
    const now = clock.now();
    tokens = Math.min(burst, tokens + ((now - at) * perSecond) / 1000);
    at = now;
    if (tokens < 1) return false;
    tokens--;
    return true;
  };
}

const thing = (method: 'GET' | 'POST'): OperationSpec => ({
  method,
  path: '/things',
  summary: `${method} a thing`,
  args: [],
  response: z.unknown(),
  safety: method === 'GET' ? 'safe' : 'unsafe',
  examples: [],
});

/**
 * A batch run as svc runs one, every line through sendRequest with the default retry policy and
 * the pacer, 8 lines in flight, against a token bucket answering in 5 ms, all in virtual time.
 */
async function throttledRun(options: { lines: number; method: 'GET' | 'POST'; retryAfter: boolean; rate?: number }) {
  const { clock, run, now } = createVirtualClock(() => 0.5);
  const admit = tokenBucket(clock, 100, 20);
  let requests = 0;
  let refused = 0;
  const send = async (_request: HttpRequest): Promise<HttpResponse> => {
    await clock.sleep(5);
    requests++;
    if (admit()) return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };
    refused++;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(options.retryAfter ? { 'retry-after': '1' } : {}) };
    return { status: 429, headers, body: '{"error":{"message":"slow down","type":"rate_limit","code":"too_many_requests"}}' };
  };
  const pacer = createPacer({ ceiling: options.rate, clock, maxPauseMs: 60_000 });
  const retry = { ...defaultRetryOptions, clock, pacer };
  const op = thing(options.method);
  const request: HttpRequest = { method: options.method, url: 'http://127.0.0.1/v1/things', headers: {} };
  const results: CallResult<unknown>[] = [];
  async function* lines() {
    for (let i = 0; i < options.lines; i++) yield i;
  }
  await run(
    runPipeline({
      entries: lines(),
      concurrency: 8,
      run: () => sendRequest(op, { ...request }, send, {}, retry),
      emit: (_line, result) => void results.push(result),
    }),
  );
  return { results, requests, refused, seconds: now() / 1000, stats: pacer.stats() };
}

describe('a throttled run, against a server admitting 100 requests a second (burst 20), in virtual time', () => {
  it.each([false, true])(
    'runs 2,000 GETs with every line done, under 10%% answered 429, within twice the 20 s the limit allows (Retry-After: $0)',
    async (retryAfter) => {
      const { results, requests, refused, seconds, stats } = await throttledRun({ lines: 2000, method: 'GET', retryAfter });
      expect(results).toHaveLength(2000);
      expect(results.filter((r) => !r.ok)).toEqual([]);
      expect(refused / requests).toBeLessThan(0.1);
      expect(seconds).toBeGreaterThanOrEqual(19.8);
      expect(seconds).toBeLessThan(40);
      expect(stats).toMatchObject({ answered429: refused, throttled: true });
      // Lines the service throttled say so.
      const throttledLines = results.filter((r) => r.throttled !== undefined);
      expect(throttledLines.length).toBeGreaterThan(0);
      expect(throttledLines.reduce((sum, r) => sum + r.throttled!.answers, 0)).toBe(refused);
    },
  );

  it.each([false, true])('gets nine POSTs in ten or more through, never sending one twice (Retry-After: $0)', async (retryAfter) => {
    const { results, requests } = await throttledRun({ lines: 500, method: 'POST', retryAfter });
    expect(requests).toBe(500);
    expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(450);
  });

  it('stays under --rate when the service would admit more', async () => {
    const { results, refused, seconds } = await throttledRun({ lines: 300, method: 'GET', retryAfter: false, rate: 50 });
    expect(results.every((r) => r.ok)).toBe(true);
    expect(refused).toBe(0);
    expect(seconds).toBeGreaterThanOrEqual(5.98);
  });
});
