import { describe, expect, it } from 'vitest';
import { useMockSession } from './mock-session.js';

const mock = useMockSession();

const addAda = (fault: string) => mock.call('POST', '/v1/campaigns/seq_123/person', { body: { email: 'ada@example.com' }, headers: { 'x-mock-fault': fault } });

describe('x-mock-fault', () => {
  it.each([
    ['503', 503, 'api_error', 'service_unavailable'],
    ['500', 500, 'api_error', 'internal_error'],
    ['429', 429, 'rate_limit_error', 'rate_limited'],
    ['418', 418, 'invalid_request_error', 'invalid_request'],
    ['599', 599, 'api_error', 'internal_error'],
  ])('%s answers that status with the standard error body and writes nothing', async (fault, status, type, code) => {
    const answer = await addAda(fault);
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ error: { message: `Fault injected by the x-mock-fault header: ${status}.`, type, code } });
    expect(answer.headers.get('retry-after')).toBeNull();
    expect((await mock.state()).sequences.seq_123.enrollments).toEqual([]);
  });

  it('429;retry-after=2 adds a Retry-After header', async () => {
    const answer = await addAda('429;retry-after=2');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('2');
  });

  it('applies to that one request only', async () => {
    expect((await addAda('503')).status).toBe(503);
    const next = await mock.call('POST', '/v1/campaigns/seq_123/person', { body: { email: 'ada@example.com' } });
    expect(next.status).toBe(201);
    expect(next.json).toEqual({ enrollmentId: 'enr_1' });
  });

  it('faults before auth: a 503 is a 503 even without a token', async () => {
    const answer = await mock.call('GET', '/v1/email/drafts/dr_123', { token: null, headers: { 'x-mock-fault': '503' } });
    expect(answer.status).toBe(503);
  });

  it('reset drops the connection, so fetch rejects, and writes nothing; the request is still recorded', async () => {
    await expect(addAda('reset')).rejects.toThrow('fetch failed');
    expect(mock.server().requests).toHaveLength(1);
    expect(mock.server().requests[0]?.headers['x-mock-fault']).toBe('reset');
    expect((await mock.state()).sequences.seq_123.enrollments).toEqual([]);
  });

  it('malformed-json answers 200 with a JSON content type and a broken body, writing nothing', async () => {
    const answer = await addAda('malformed-json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.text).toBe('{"ok": tru');
    expect((await mock.state()).sequences.seq_123.enrollments).toEqual([]);
  });

  it('slow=<ms> waits, then answers normally', async () => {
    const started = performance.now();
    const answer = await addAda('slow=150');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(answer.status).toBe(201);
    expect((await mock.state()).sequences.seq_123.enrollments).toHaveLength(1);
  });

  it.each(['boom', '200', '302', 'slow=-1', 'slow=600001'])('refuses the unknown value %s with 400 invalid_fault', async (fault) => {
    const answer = await addAda(fault);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('invalid_fault');
    expect((await mock.state()).sequences.seq_123.enrollments).toEqual([]);
  });
});

describe('queued faults (server.injectFaults and POST /_mock/faults)', () => {
  const addPlain = () => mock.call('POST', '/v1/campaigns/seq_123/person', { body: { email: 'ada@example.com' } });

  it('injectFaults faults exactly the next N API requests, then the API answers again', async () => {
    mock.server().injectFaults('503', 2);
    expect((await addPlain()).status).toBe(503);
    expect((await mock.call('GET', '/_mock/state')).status).toBe(200); // control routes use none up
    expect((await addPlain()).status).toBe(503);
    expect((await addPlain()).status).toBe(201);
    expect((await mock.state()).sequences.seq_123.enrollments).toHaveLength(1);
    expect(mock.server().requests).toHaveLength(3);
  });

  it('POST /_mock/faults queues them over HTTP, in order, and says how many wait', async () => {
    const queued = await mock.call('POST', '/_mock/faults', { body: { fault: '429;retry-after=7', count: 1 } });
    expect(queued).toMatchObject({ status: 200, json: { ok: true, queued: 1 } });
    expect((await mock.call('POST', '/_mock/faults', { body: { fault: 'reset' } })).json).toEqual({ ok: true, queued: 2 });
    const limited = await addPlain();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    await expect(addPlain()).rejects.toThrow('fetch failed');
    expect((await addPlain()).status).toBe(201);
  });

  it('a request with the header uses its own fault and leaves the queue alone', async () => {
    mock.server().injectFaults('500');
    expect((await addAda('418')).status).toBe(418);
    expect((await addPlain()).status).toBe(500);
  });

  it('reset empties the queue', async () => {
    mock.server().injectFaults('503', 5);
    mock.server().reset();
    expect((await addPlain()).status).toBe(201);
  });

  it.each([
    [{ fault: 'boom' }, /Unknown x-mock-fault "boom"/],
    [{ fault: '503', count: 0 }, /count must be a whole number from 1 to 1000, got 0/],
    [{ fault: '503', count: 'two' }, /count must be a whole number/],
    [{ count: 2 }, /needs "fault"/],
  ])('refuses %j with 400 invalid_fault and queues nothing', async (body, message) => {
    const answer = await mock.call('POST', '/_mock/faults', { body });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 'invalid_fault', message: expect.stringMatching(message) });
    expect((await addPlain()).status).toBe(201);
  });

  it('injectFaults throws on a value the header would refuse', () => {
    expect(() => mock.server().injectFaults('slow=forever')).toThrow(/Unknown x-mock-fault/);
  });

  it('POST /_mock/faults needs the bearer token', async () => {
    expect((await mock.call('POST', '/_mock/faults', { body: { fault: '503' }, token: null })).status).toBe(401);
    expect((await addPlain()).status).toBe(201);
  });
});
