import { afterEach, describe, expect, it } from 'vitest';
import { startThrottledServer } from '../../scripts/bench/throttled-server.mjs';
import { createClient } from '../../src/index.js';
import type { HttpRequest, HttpResponse } from '../../src/client/transport.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const TOKEN = 'sk_test_library_batch_1234';
const draft = (draftId: string): HttpResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ok: true, kind: 'email', draftId, syncStatus: 'synced', revision: 1 }),
});
const idOf = (request: HttpRequest) => decodeURIComponent(request.url.split('/').at(-1)!);
const drafts = (count: number) => Array.from({ length: count }, (_, i) => ({ draftId: `dr_${i + 1}` }));

type Server = Awaited<ReturnType<typeof startThrottledServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('client.batch against a service on 127.0.0.1 that throttles', () => {
  it('gets every line done, in input order, each request seen once by the service unless it was answered 429', async () => {
    const server = await startThrottledServer({ perSecond: 30, burst: 4, retryAfter: 1, latencyMs: 2 });
    servers.push(server);
    const client = createClient({ baseUrl: server.url, token: TOKEN });
    const lines = drafts(45);
    const records = [];
    for await (const record of client.batch('email_drafts_get', lines)) records.push(record);
    expect(records.map((r) => r.line)).toEqual(lines.map((_, i) => i + 1));
    expect(records.map((r) => r.input)).toEqual(lines);
    expect(records.map((r) => (r.result.ok ? r.result.data.draftId : r.result.error))).toEqual(lines.map((l) => l.draftId));
    // Eight lines leave at once into a bucket of four: some were throttled, said so, and sent again.
    const throttled = records.reduce((sum, r) => sum + (r.result.throttled?.answers ?? 0), 0);
    expect(throttled).toBe(server.counts.refused);
    expect(throttled).toBeGreaterThan(0);
    for (const line of lines) expect(server.counts.perLine.get(line.draftId)).toBe(1 + (records.find((r) => r.input === line)!.result.throttled?.answers ?? 0));
  }, 30_000);

  it('keeps to rate: 20 lines at 10/s, the k-th seen by the service no sooner than k tenths of a second after the start', async () => {
    const server = await startThrottledServer({ perSecond: 1000, burst: 1000, latencyMs: 0 });
    servers.push(server);
    const client = createClient({ baseUrl: server.url, token: TOKEN });
    let ok = 0;
    const started = performance.now();
    for await (const record of client.batch('email_drafts_get', drafts(20), { rate: '10/s' })) if (record.result.ok) ok++;
    expect(ok).toBe(20);
    // The k-th request leaves no sooner than k tenths of a second after the batch starts (the pacer's
    // spacing is 101 ms; it forgives a late timer 5 ms, and a timer may fire a millisecond early
    // against the whole milliseconds it reads), and arrives after it leaves. A loaded machine only
    // makes a request later, so the bound holds under load; the spread between arrivals would not,
    // as the first may be the late one.
    const arrivals = [...server.counts.arrivals].sort((a, b) => a - b);
    expect(arrivals).toHaveLength(20);
    const early = arrivals.flatMap((at, k) => (at - started < k * 100 - 15 ? [`request ${k + 1} at ${(at - started).toFixed(1)} ms`] : []));
    expect(early).toEqual([]);
  }, 30_000);
});

describe('client.batch', () => {
  it('runs a throttled batch of 500 GETs in virtual time: every line done, few 429s', async () => {
    const { clock, run } = createVirtualClock();
    let tokens = 20;
    let filledAt = 0;
    let refused = 0;
    const transport = async (request: HttpRequest): Promise<HttpResponse> => {
      await clock.sleep(5);
      tokens = Math.min(20, tokens + ((clock.now() - filledAt) * 100) / 1000);
      filledAt = clock.now();
      if (tokens >= 1) {
        tokens--;
        return draft(idOf(request));
      }
      refused++;
      return { status: 429, headers: { 'content-type': 'application/json' }, body: '{"error":{"message":"slow down","type":"rate","code":"429"}}' };
    };
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', token: TOKEN, transport, retries: { clock } });
    const collect = async () => {
      const results = [];
      for await (const record of client.batch('email_drafts_get', drafts(500))) results.push(record.result);
      return results;
    };
    const results = await run(collect());
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(refused / (500 + refused)).toBeLessThan(0.1);
  });

  it('holds lines back while the records are not read, so memory stays bounded', async () => {
    let sent = 0;
    const transport = async (request: HttpRequest) => {
      sent++;
      return draft(idOf(request));
    };
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', token: TOKEN, transport });
    async function* many() {
      for (let i = 1; i <= 5000; i++) yield { draftId: `dr_${i}` };
    }
    const records = client.batch('email_drafts_get', many(), { concurrency: 4 })[Symbol.asyncIterator]();
    expect((await records.next()).value).toMatchObject({ line: 1 });
    for (let turn = 0; turn < 200; turn++) await new Promise((resolve) => setImmediate(resolve));
    // Room for 64 records waiting, 4 lines in flight and one just taken: nowhere near 5000.
    expect(sent).toBeLessThanOrEqual(64 + 4 + 2);
    let read = 1;
    while (!(await records.next()).done) read++;
    expect(read).toBe(5000);
    expect(sent).toBe(5000);
  });

  it('stops when the reader stops: nothing more is sent after break', async () => {
    let sent = 0;
    const transport = async (request: HttpRequest) => {
      sent++;
      return draft(idOf(request));
    };
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', token: TOKEN, transport });
    for await (const record of client.batch('email_drafts_get', drafts(1000), { concurrency: 2 })) if (record.line === 3) break;
    const after = sent;
    for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(after);
    expect(sent).toBeLessThan(100);
  });

  it('stops taking lines when its signal aborts, and still gives the record of every line started', async () => {
    const stop = new AbortController();
    let sent = 0;
    const transport = async (request: HttpRequest) => {
      if (++sent === 5) stop.abort();
      return draft(idOf(request));
    };
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', token: TOKEN, transport });
    const records = [];
    for await (const record of client.batch('email_drafts_get', drafts(100), { concurrency: 2, signal: stop.signal })) records.push(record);
    expect(records.length).toBeLessThan(100);
    expect(records.map((r) => r.line)).toEqual(records.map((_, i) => i + 1));
    expect(records.filter((r) => r.result.ok)).toHaveLength(sent);
  });

  it('writes each record as its call finishes with ordered: false', async () => {
    const transport = async (request: HttpRequest) => {
      // The first line answers last.
      if (idOf(request) === 'dr_1') await new Promise((resolve) => setTimeout(resolve, 30));
      return draft(idOf(request));
    };
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', token: TOKEN, transport });
    const lines = [];
    for await (const record of client.batch('email_drafts_get', drafts(3), { ordered: false })) lines.push(record.line);
    expect(lines).toEqual([2, 3, 1]);
  });

  it('gives a line it cannot send an invalid result, as call does, and runs the rest', async () => {
    const transport = async (request: HttpRequest) => draft(idOf(request));
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', token: TOKEN, transport });
    const lines = [{ draftId: 'dr_1' }, {} as { draftId: string }, { draftId: 'dr_3' }];
    const results = [];
    for await (const record of client.batch('email_drafts_get', lines)) results.push(record.result);
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(results[1]).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it.each([
    [{ concurrency: 0 }, RangeError, /^batch: concurrency: expected a whole number from 1 to 64/],
    [{ concurrency: '8' }, RangeError, /^batch: concurrency: expected a whole number from 1 to 64, not a string/],
    [{ rate: 'fast' }, RangeError, /^batch: rate: expected requests per second or per minute/],
    [{ ordered: 'yes' }, TypeError, /^batch: ordered must be true or false$/],
    [{ signal: {} }, TypeError, /^batch: signal must be an AbortSignal$/],
  ])('refuses the options %j at once, sending nothing', (options, type, message) => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', token: TOKEN, transport: () => Promise.reject(new Error('nothing may be sent')) });
    expect(() => client.batch('email_drafts_get', drafts(1), options as never)).toThrow(type);
    expect(() => client.batch('email_drafts_get', drafts(1), options as never)).toThrow(message);
    expect(() => client.batch('email_drafts_get', 42 as never)).toThrow(/^batch: the lines must be an iterable or async iterable of inputs$/);
  });
});
