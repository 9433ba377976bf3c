import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LOGGED_BODY_BYTES, REQUEST_LOG_SIZE } from '../../src/mock/request-log.js';
import { undefinedRequests } from '../commands/tables/mock-cases.js';
import { useMockSession } from './mock-session.js';

// The mock as a server on 127.0.0.1: whatever it is sent, it answers in the API's error
// shape, and its request log stays bounded.
const mock = useMockSession();

/** node:http sends any method and the path exactly as given (fetch refuses TRACE and normalises paths). */
function send(
  method: string,
  path: string,
  options: { token?: string | null; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const token = options.token === undefined ? mock.server().apiKey : options.token;
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${mock.server().origin}${path}`, { method, headers: token === null ? {} : { authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('a method or path the API does not define', () => {
  it.each(undefinedRequests)('$method $path: $status in the error shape', async ({ method, path, status, code, allow }) => {
    const answer = await send(method, path);
    expect(answer.status).toBe(status);
    expect(answer.headers.allow).toBe(allow);
    if (method === 'HEAD') return expect(answer.text).toBe(''); // a HEAD answer has no body
    const body = JSON.parse(answer.text) as { error: { message: string; type: string; code: string } };
    expect(body.error).toEqual({ message: expect.any(String), type: status === 404 ? 'not_found_error' : 'invalid_request_error', code });
    expect(body.error.message).not.toMatch(/failed/i);
  });

  it.each(undefinedRequests.filter((r) => r.method !== 'HEAD'))('$method $path without a token: 401 first, as for any route', async ({ method, path }) => {
    const answer = await send(method, path, { token: null });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).error.code).toBe('unauthorized');
  });
});

describe('the request log', () => {
  it(`keeps the ${REQUEST_LOG_SIZE} most recent requests, the oldest dropped first`, async () => {
    for (let i = 0; i < REQUEST_LOG_SIZE + 50; i++) await send('GET', `/v1/email/drafts/dr_${i}`);
    const log = mock.server().requests;
    expect(log).toHaveLength(REQUEST_LOG_SIZE);
    expect(log[0]!.path).toBe('/v1/email/drafts/dr_50');
    expect(log.at(-1)!.path).toBe(`/v1/email/drafts/dr_${REQUEST_LOG_SIZE + 49}`);
  });

  it('keeps no body of a request whose token was refused, and says it was refused', async () => {
    const mebibyte = 'x'.repeat(1024 * 1024 - 10);
    for (let i = 0; i < 20; i++) await send('POST', '/v1/crm/objects/deals/entries', { token: 'svc_wrong', body: mebibyte });
    const log = mock.server().requests;
    expect(log).toHaveLength(20);
    expect(log.every((r) => r.authenticated === false && r.body === '' && r.bodyBytes === mebibyte.length)).toBe(true);
  });

  it(`cuts an accepted body to ${LOGGED_BODY_BYTES / 1024} KiB at a character boundary, giving its full size`, async () => {
    const body = JSON.stringify({ data: { name: 'é'.repeat(200_000) } });
    await send('POST', '/v1/crm/objects/deals/entries', { body });
    await send('POST', '/v1/crm/objects/deals/entries', { body: '{"data":{"name":"Acme"}}' });
    const [big, small] = mock.server().requests;
    expect(big).toMatchObject({ authenticated: true, bodyBytes: Buffer.byteLength(body) });
    expect(Buffer.byteLength(big!.body)).toBeLessThanOrEqual(LOGGED_BODY_BYTES);
    expect(Buffer.byteLength(big!.body)).toBeGreaterThan(LOGGED_BODY_BYTES - 4);
    expect(body.startsWith(big!.body)).toBe(true);
    expect(small).toMatchObject({ authenticated: true, body: '{"data":{"name":"Acme"}}' });
    expect(small!.bodyBytes).toBeUndefined();
  });
});
