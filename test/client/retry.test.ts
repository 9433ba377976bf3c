import { describe, expect, it } from 'vitest';
import { isIdempotentMethod } from '../../registry/define.js';
import { run } from '../../src/cli/run.js';
import { createClient } from '../../src/core/client.js';
import type { CallResult } from '../../src/client/result.js';
import {
  backoffMs,
  decideRetry,
  defaultRetryOptions,
  mayHaveBeenApplied,
  mayHaveBeenAppliedWords,
  retryAfterMs,
  type RetryOptions,
  THROTTLED_NOT_APPLIED,
  waitsThrough,
} from '../../src/client/retry.js';
import { type Clock, systemClock } from '../../src/clock.js';
import { type HttpRequest, type HttpResponse, TransportError } from '../../src/client/transport.js';
import { createFakeContext, json } from '../support/fake-context.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function testClock(random = 0.5) {
  const waits: number[] = [];
  const clock: Clock = { now: () => NOW, sleep: async (ms) => void waits.push(ms), random: () => random };
  return { clock, waits };
}

const options = (overrides: Partial<RetryOptions> = {}): RetryOptions => ({ ...defaultRetryOptions, clock: testClock().clock, ...overrides });
const api = (status: number, headers: Record<string, string> = {}): CallResult<unknown> => ({
  ok: false,
  status,
  headers,
  error: { kind: 'api', status, message: 'x', body: '' },
});
const transport = (
  failure: 'reset' | 'refused' | 'timeout' | 'too-large' | 'aborted' | 'network' | 'tls' | 'proxy-auth',
  sent: boolean,
): CallResult<unknown> => ({
  ok: false,
  status: 0,
  error: { kind: 'transport', failure, message: `${failure}!`, sent },
});

describe('decideRetry', () => {
  it('follows what an operation declares: a POST declared idempotent is retried, says why', () => {
    expect(decideRetry({ method: 'POST', idempotent: true }, api(503), 1, options())).toMatchObject({
      retry: true,
      why: 'backoff; this POST is declared idempotent',
    });
    expect(decideRetry({ method: 'DELETE', idempotent: false }, api(503), 1, options())).toMatchObject({
      retry: false,
      why: 'DELETE is not idempotent and may have reached the server',
    });
  });

  it.each([429, 500, 502, 503, 504])('retries a GET and a DELETE on %i, never a POST', (status) => {
    expect(decideRetry({ method: 'GET' }, api(status), 1, options())).toMatchObject({ retry: true, failure: `HTTP ${status}` });
    expect(decideRetry({ method: 'DELETE' }, api(status), 1, options())).toMatchObject({ retry: true });
    expect(decideRetry({ method: 'POST' }, api(status), 1, options())).toEqual({
      failure: `HTTP ${status}`,
      retry: false,
      why: 'POST is not idempotent and may have reached the server',
    });
  });

  it('sends a POST answered 429 again only where a 429 is declared to come before anything is applied, and says why', () => {
    const declared = { method: 'POST', throttlesBeforeApplying: true } as const;
    expect(decideRetry(declared, api(429), 1, options())).toEqual({
      failure: 'HTTP 429',
      retry: true,
      waitMs: 250,
      why: 'backoff; a 429 to this POST is declared to come before anything is applied',
    });
    expect(decideRetry(declared, api(429, { 'retry-after': '2' }), 1, options())).toMatchObject({ retry: true, waitMs: 2000, why: 'Retry-After: 2' });
    expect(decideRetry(declared, api(429), 4, options())).toMatchObject({ retry: false, why: 'all 3 retries used' });
    // Only the 429 says nothing was applied: a 503 to the same POST may have done part of it.
    expect(decideRetry(declared, api(503), 1, options())).toMatchObject({ retry: false, why: 'POST is not idempotent and may have reached the server' });
    // Declared false for the operation, or left to the API (which does not declare it): not sent again.
    for (const op of [{ method: 'POST', throttlesBeforeApplying: false }, { method: 'POST' }] as const)
      expect(decideRetry(op, api(429), 1, options())).toMatchObject({ retry: false, why: 'POST is not idempotent and may have reached the server' });
    // An idempotent operation keeps its own reason.
    expect(decideRetry({ method: 'GET', throttlesBeforeApplying: true }, api(429), 1, options())).toMatchObject({ why: 'backoff; GET is idempotent' });
  });

  it('words a 429 that is not sent again as not applied and safe to resend, never as maybe applied', () => {
    expect(THROTTLED_NOT_APPLIED).toMatch(/^not applied: .*RFC 6585.*; safe to resend$/);
    expect(THROTTLED_NOT_APPLIED).not.toMatch(/may have been applied/);
  });

  it.each([400, 401, 403, 404, 409, 422, 501, 505, 599])('leaves %i alone: another attempt cannot fix it', (status) => {
    expect(decideRetry({ method: 'GET' }, api(status), 1, options())).toBeUndefined();
  });

  it('a reset may have reached the server: GET yes, POST no; a refusal sent nothing: both yes', () => {
    expect(decideRetry({ method: 'GET' }, transport('reset', true), 1, options())).toMatchObject({ retry: true, failure: 'connection reset' });
    expect(decideRetry({ method: 'POST' }, transport('reset', true), 1, options())).toMatchObject({ retry: false });
    expect(decideRetry({ method: 'POST' }, transport('refused', false), 1, options())).toMatchObject({
      retry: true,
      failure: 'connection refused',
      why: 'backoff; nothing was sent',
    });
    expect(decideRetry({ method: 'POST' }, transport('network', false), 1, options())).toMatchObject({ retry: true });
  });

  it.each(['tls', 'proxy-auth'] as const)(
    'does not retry %s: a certificate or a proxy refusing the credentials fails the same way every time, though nothing was sent',
    (failure) => {
      expect(decideRetry({ method: 'GET' }, transport(failure, false), 1, options())).toBeUndefined();
      expect(decideRetry({ method: 'POST' }, transport(failure, false), 1, options())).toBeUndefined();
    },
  );

  it("does not retry an interrupted request, sent or not: the stop is the caller's own, and a wait would only delay it", () => {
    expect(decideRetry({ method: 'GET' }, transport('aborted', false), 1, options())).toBeUndefined();
    expect(decideRetry({ method: 'POST' }, transport('aborted', false), 1, options())).toBeUndefined();
  });

  it.each(['timeout', 'too-large', 'aborted'] as const)('does not retry %s', (failure) => {
    expect(decideRetry({ method: 'GET' }, transport(failure, true), 1, options())).toBeUndefined();
  });

  it('stops after the last retry, and says so', () => {
    expect(decideRetry({ method: 'GET' }, api(503), 3, options({ retries: 3 }))).toMatchObject({ retry: true });
    expect(decideRetry({ method: 'GET' }, api(503), 4, options({ retries: 3 }))).toEqual({ failure: 'HTTP 503', retry: false, why: 'all 3 retries used' });
    expect(decideRetry({ method: 'GET' }, api(503), 1, options({ retries: 0 }))).toEqual({ failure: 'HTTP 503', retry: false, why: 'retries are off' });
  });

  it('never retries a success', () => {
    expect(decideRetry({ method: 'GET' }, { ok: true, status: 200, headers: {}, data: {} }, 1, options())).toBeUndefined();
  });

  it('honours Retry-After in seconds and as an HTTP date, up to the cap', () => {
    expect(decideRetry({ method: 'GET' }, api(429, { 'retry-after': '7' }), 1, options())).toEqual({
      failure: 'HTTP 429',
      retry: true,
      waitMs: 7000,
      why: 'Retry-After: 7',
    });
    const date = new Date(NOW + 12_000).toUTCString();
    expect(decideRetry({ method: 'GET' }, api(503, { 'retry-after': date }), 1, options())).toMatchObject({ retry: true, waitMs: 12_000 });
    expect(decideRetry({ method: 'GET' }, api(429, { 'retry-after': '61' }), 1, options({ maxRetryAfterMs: 60_000 }))).toEqual({
      failure: 'HTTP 429',
      retry: false,
      why: 'the service asked to wait 61s, over the 60s limit',
    });
  });
});

describe('mayHaveBeenApplied: a failed write whose effect is unknown', () => {
  const POST = { method: 'POST' } as const;
  const errorOf = (result: CallResult<unknown>) => (result.ok ? expect.unreachable() : result.error);

  it('a write answered 500, 502, 504 or another 5xx that does not say it was not handled', () => {
    for (const status of [500, 502, 504, 507, 508, 520, 522, 524, 599]) expect(mayHaveBeenApplied(POST, errorOf(api(status))), `HTTP ${status}`).toBe(true);
  });

  it('not a 5xx that says the request was not handled (501, 503, 505, 511), nor a refusal (4xx, 429 among them)', () => {
    for (const status of [501, 503, 505, 511, 400, 401, 404, 409, 422, 429, 499])
      expect(mayHaveBeenApplied(POST, errorOf(api(status))), `HTTP ${status}`).toBe(false);
  });

  it('a write whose answer was lost once sent, or came back as a success that could not be read; not one never sent, nor one refused before sending', () => {
    expect(mayHaveBeenApplied(POST, errorOf(transport('reset', true)))).toBe(true);
    expect(mayHaveBeenApplied(POST, errorOf(transport('aborted', true)))).toBe(true);
    expect(mayHaveBeenApplied(POST, errorOf(transport('refused', false)))).toBe(false);
    expect(mayHaveBeenApplied(POST, errorOf(transport('timeout', false)))).toBe(false);
    expect(mayHaveBeenApplied(POST, { kind: 'unreadable', status: 200, message: 'x' })).toBe(true);
    expect(mayHaveBeenApplied(POST, { kind: 'invalid', message: 'x', issues: [] })).toBe(false);
  });

  it('never an operation safe to repeat: by its method, or as the registry declares it', () => {
    for (const op of [{ method: 'GET' }, { method: 'DELETE' }, { method: 'PUT' }, { method: 'POST', idempotent: true }] as const)
      for (const error of [
        errorOf(api(500)),
        errorOf(api(502)),
        errorOf(api(504)),
        errorOf(transport('reset', true)),
        { kind: 'unreadable', status: 200, message: 'x' } as const,
      ])
        expect(mayHaveBeenApplied(op, error), `${op.method} ${error.kind}`).toBe(false);
    expect(mayHaveBeenApplied({ method: 'DELETE', idempotent: false }, errorOf(api(502)))).toBe(true);
    expect(mayHaveBeenApplied({ method: 'PATCH' }, errorOf(api(502)))).toBe(true);
  });

  it('says so in the words of a lost answer', () => {
    expect(mayHaveBeenAppliedWords('PATCH')).toBe('the PATCH may have been applied: check before sending it again');
  });
});

describe('waitsThrough: what a wait polls through rather than ends with', () => {
  it('passes the retryable statuses and the connections lost, never made or timed out', () => {
    for (const status of [429, 500, 502, 503, 504]) expect(waitsThrough(api(status)), String(status)).toBe(true);
    for (const failure of ['reset', 'network', 'timeout'] as const) expect(waitsThrough(transport(failure, true)), failure).toBe(true);
    for (const failure of ['refused', 'too-large'] as const) expect(waitsThrough(transport(failure, false)), failure).toBe(true);
  });

  it('ends at a status that says the request is wrong, an answer it cannot read, a certificate, the proxy refusing, a stop', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 501]) expect(waitsThrough(api(status)), String(status)).toBe(false);
    for (const failure of ['tls', 'proxy-auth', 'aborted'] as const) expect(waitsThrough(transport(failure, false)), failure).toBe(false);
    expect(waitsThrough(transport('too-large', true))).toBe(false);
    expect(waitsThrough({ ok: false, status: 200, error: { kind: 'unreadable', status: 200, message: 'x' } })).toBe(false);
    expect(waitsThrough({ ok: false, status: 0, error: { kind: 'invalid', message: 'x', issues: [] } })).toBe(false);
    expect(waitsThrough({ ok: true, status: 200, data: {}, headers: {} })).toBe(false);
  });
});

describe('backoffMs: exponential, full jitter, capped', () => {
  it('is uniform in [0, base * 2^(attempt-1)) and never over the cap', () => {
    const at = (random: number, attempt: number) => backoffMs(attempt, { baseDelayMs: 100, maxDelayMs: 1000, clock: testClock(random).clock });
    expect([1, 2, 3, 4, 5].map((attempt) => at(0.999, attempt))).toEqual([99, 199, 399, 799, 999]);
    expect([1, 2, 3].map((attempt) => at(0, attempt))).toEqual([0, 0, 0]);
    expect(at(0.5, 3)).toBe(200);
  });
});

describe('retryAfterMs', () => {
  it.each([
    ['0', 0],
    ['3', 3000],
    [' 120 ', 120_000],
    [new Date(NOW + 5000).toUTCString(), 5000],
    [new Date(NOW - 5000).toUTCString(), 0],
    ['soon', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j -> %j ms', (value, expected) => {
    expect(retryAfterMs(value, NOW)).toBe(expected);
  });
});

describe('createClient gets the same policy', () => {
  const draft = { ok: true, kind: 'email', draftId: 'dr_1', syncStatus: 'synced', revision: 1 };
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  function scripted(...answers: (HttpResponse | TransportError)[]) {
    const sent: HttpRequest[] = [];
    const transport = async (request: HttpRequest) => {
      sent.push(request);
      const next = answers.shift() ?? reply(200, draft);
      if (next instanceof TransportError) throw next;
      return next;
    };
    return { sent, transport };
  }

  it('retries a GET with the injected clock, honouring Retry-After, and counts the attempts', async () => {
    const { clock, waits } = testClock(0.25);
    const { sent, transport } = scripted(reply(429, {}, { 'retry-after': '2' }), new TransportError('reset', 'reset', true));
    const client = createClient({ baseUrl: 'https://api.example.com/v1', token: 't', transport, retries: { retries: 3, baseDelayMs: 400, clock } });
    const result = await client.call('email_drafts_get', { draftId: 'dr_1' });
    expect(result).toMatchObject({ ok: true, attempts: 3, data: draft });
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([2000, 200]); // Retry-After, then 0.25 * 400 * 2^1
  });

  it('sends a POST once on a 503, and again only if it was refused before leaving', async () => {
    const { clock } = testClock();
    const once = scripted(reply(503, { error: { message: 'busy' } }));
    const client = createClient({ baseUrl: 'https://api.example.com/v1', transport: once.transport, retries: { clock } });
    const result = await client.call('crm_entries_create', { objectName: 'deals', body: { data: { a: 'b' } } });
    expect(result).toMatchObject({ ok: false, status: 503, attempts: 1 });
    expect(once.sent).toHaveLength(1);
    const refused = scripted(new TransportError('refused', 'refused', false), reply(201, { entryId: 'e1' }));
    const again = createClient({ baseUrl: 'https://api.example.com/v1', transport: refused.transport, retries: { clock } });
    expect(await again.call('crm_entries_create', { objectName: 'deals', body: { data: { a: 'b' } } })).toMatchObject({ ok: true, attempts: 2 });
    expect(refused.sent).toHaveLength(2);
  });

  it('retries: 0 sends once', async () => {
    const { sent, transport } = scripted(reply(503, {}));
    const client = createClient({ baseUrl: 'https://api.example.com/v1', transport, retries: 0 });
    expect(await client.call('email_drafts_get', { draftId: 'dr_1' })).toMatchObject({ ok: false, status: 503, attempts: 1 });
    expect(sent).toHaveLength(1);
  });

  it('an abort during a wait ends the call as aborted, with nothing more sent', async () => {
    const controller = new AbortController();
    let waiting: () => void = () => {};
    const waitBegun = new Promise<void>((resolve) => (waiting = resolve));
    // The wait never ends by itself: only the abort can end it, once it has begun (no real time passes).
    const sleep: Clock['sleep'] = (_ms, signal) =>
      new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new Error('aborted')));
        waiting();
      });
    const clock: Clock = { now: () => NOW, random: () => 0.5, sleep };
    const { sent, transport } = scripted(reply(503, {}));
    const client = createClient({ baseUrl: 'https://api.example.com/v1', transport, retries: { clock } });
    const pending = client.call('email_drafts_get', { draftId: 'dr_1' }, { signal: controller.signal });
    await waitBegun;
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'transport', failure: 'aborted' } });
    expect(sent).toHaveLength(1);
  });
});

describe('the idempotent methods (RFC 9110 §9.2.2) are retried after reaching the server', () => {
  it('GET, HEAD, OPTIONS, PUT and DELETE are idempotent; POST, PATCH and the rest are not', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'].filter(isIdempotentMethod)).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
    expect(['POST', 'PATCH', 'CONNECT', 'TRACE', 'get', ''].filter(isIdempotentMethod)).toEqual([]);
  });

  it.each(['GET', 'PUT', 'DELETE'] as const)('%s on a 503: retried, with a backoff that says why', (method) => {
    expect(decideRetry({ method }, api(503), 1, options())).toEqual({ failure: 'HTTP 503', retry: true, waitMs: 250, why: `backoff; ${method} is idempotent` });
  });

  it.each(['POST', 'PATCH'] as const)('%s on a 503: not retried', (method) => {
    expect(decideRetry({ method }, api(503), 1, options())).toMatchObject({ retry: false, why: `${method} is not idempotent and may have reached the server` });
  });

  it('svc api PUT on a 503 is sent again until it succeeds; svc api PATCH is sent once', async () => {
    let calls = 0;
    const put = createFakeContext({ respond: () => (++calls < 3 ? json(503, { error: { message: 'busy' } }) : json(200, { saved: true })) });
    expect(await run(['api', 'PUT', '/settings/x', '--body', '{"a":1}'], put.ctx)).toBe(0);
    expect(put.requests.map((r) => [r.method, r.body])).toEqual([
      ['PUT', '{"a":1}'],
      ['PUT', '{"a":1}'],
      ['PUT', '{"a":1}'],
    ]);
    expect(JSON.parse(put.out())).toEqual({ saved: true });
    const patch = createFakeContext({ respond: () => json(503, { error: { message: 'busy' } }) });
    expect(await run(['api', 'PATCH', '/settings/x', '--body', '{"a":1}'], patch.ctx)).toBe(1);
    expect(patch.requests).toHaveLength(1);
  });
});

describe('Retry-After at the cap', () => {
  const at = (value: string, cap?: number) =>
    decideRetry({ method: 'GET' }, api(503, { 'retry-after': value }), 1, options(cap === undefined ? {} : { maxRetryAfterMs: cap }));

  it('exactly 60 s is honoured by default; 61 s ends the retries', () => {
    expect(at('60')).toEqual({ failure: 'HTTP 503', retry: true, waitMs: 60_000, why: 'Retry-After: 60' });
    expect(at('61')).toEqual({ failure: 'HTTP 503', retry: false, why: 'the service asked to wait 61s, over the 60s limit' });
  });

  it('an HTTP date exactly at the cap is honoured; a second later is not', () => {
    expect(at(new Date(NOW + 60_000).toUTCString())).toMatchObject({ retry: true, waitMs: 60_000 });
    expect(at(new Date(NOW + 61_000).toUTCString())).toMatchObject({ retry: false });
  });

  it('says the wait and the limit in seconds, fractions kept', () => {
    expect(at('3', 2500)).toMatchObject({ retry: false, why: 'the service asked to wait 3s, over the 2.5s limit' });
    expect(at('2', 1250)).toMatchObject({ retry: false, why: 'the service asked to wait 2s, over the 1.25s limit' });
  });

  it('a Retry-After on a request that cannot be retried changes nothing', () => {
    expect(decideRetry({ method: 'POST' }, api(503, { 'retry-after': '1' }), 1, options())).toMatchObject({
      retry: false,
      why: 'POST is not idempotent and may have reached the server',
    });
    expect(decideRetry({ method: 'GET' }, api(503, { 'retry-after': '1' }), 2, options({ retries: 1 }))).toEqual({
      failure: 'HTTP 503',
      retry: false,
      why: 'all 1 retries used',
    });
  });
});

describe('transport failures say what happened', () => {
  it('a network failure after sending: the message, retried only for an idempotent method', () => {
    expect(decideRetry({ method: 'GET' }, transport('network', true), 1, options())).toEqual({
      failure: 'network!',
      retry: true,
      waitMs: 250,
      why: 'backoff; GET is idempotent',
    });
    expect(decideRetry({ method: 'POST' }, transport('network', true), 1, options())).toEqual({
      failure: 'network!',
      retry: false,
      why: 'POST is not idempotent and may have reached the server',
    });
  });

  it('a failure before sending: any method, the message unless it was refused', () => {
    expect(decideRetry({ method: 'PATCH' }, transport('network', false), 1, options())).toEqual({
      failure: 'network!',
      retry: true,
      waitMs: 250,
      why: 'backoff; nothing was sent',
    });
    expect(decideRetry({ method: 'PATCH' }, transport('timeout', false), 1, options())).toEqual({
      failure: 'timeout!',
      retry: true,
      waitMs: 250,
      why: 'backoff; nothing was sent',
    });
    expect(decideRetry({ method: 'PATCH' }, transport('refused', false), 4, options())).toEqual({
      failure: 'connection refused',
      retry: false,
      why: 'all 3 retries used',
    });
  });
});

describe('the default policy', () => {
  it('3 retries, 500 ms doubling backoff capped at 20 s, Retry-After up to 60 s', () => {
    const clock = testClock(0.999).clock;
    const policy = { ...defaultRetryOptions, clock };
    expect([1, 2, 3, 4, 7, 8].map((attempt) => backoffMs(attempt, policy))).toEqual([499, 999, 1998, 3996, 19980, 19980]);
    expect(decideRetry({ method: 'GET' }, api(503), 3, policy)).toMatchObject({ retry: true });
    expect(decideRetry({ method: 'GET' }, api(503), 4, policy)).toMatchObject({ retry: false, why: 'all 3 retries used' });
    expect(decideRetry({ method: 'GET' }, api(503, { 'retry-after': '60' }), 1, policy)).toMatchObject({ retry: true, waitMs: 60_000 });
  });

  it('the system clock tells the time, draws jitter in [0, 1), and sleeps until aborted', async () => {
    expect(Math.abs(systemClock.now() - Date.now())).toBeLessThan(1000);
    const draws = Array.from({ length: 20 }, () => systemClock.random());
    expect(draws.every((r) => r >= 0 && r < 1) && new Set(draws).size > 1).toBe(true);
    const started = performance.now();
    await systemClock.sleep(20);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort();
    await expect(sleeping).rejects.toThrow();
  });
});
