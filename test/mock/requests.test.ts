import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useMockSession } from './mock-session.js';

const mock = useMockSession();

describe('bearer tokens', () => {
  it('answers 401 without a token, with a challenge header', async () => {
    const answer = await mock.call('GET', '/v1/email/drafts/dr_123', { token: null });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(answer.json).toEqual({
      error: {
        message: 'No bearer token was sent; send "Authorization: Bearer <SERVICE_API_KEY>".',
        type: 'authentication_error',
        code: 'unauthorized',
      },
    });
  });

  it.each(['svc_wrong_key', 'svc_agent_', 'svc_mock_key2'])('answers 401 for the unknown token %s', async (token) => {
    const answer = await mock.call('GET', '/v1/email/drafts/dr_123', { token });
    expect(answer.status).toBe(401);
    expect(answer.json.error.message).toBe('The bearer token is not accepted by this workspace.');
  });

  it('accepts the API key and any svc_agent_ token', async () => {
    expect((await mock.call('GET', '/v1/email/drafts/dr_123', { token: 'svc_mock_key' })).status).toBe(200);
    expect((await mock.call('GET', '/v1/email/drafts/dr_123', { token: 'svc_agent_abc123' })).status).toBe(200);
  });

  it('checks the token before the body: a bad body without a token is a 401, and nothing is written', async () => {
    const answer = await mock.call('POST', '/v1/campaigns/seq_123/person', { token: null, body: { email: 'ada@example.com' } });
    expect(answer.status).toBe(401);
    expect((await mock.state()).sequences.seq_123.enrollments).toEqual([]);
  });
});

describe('request bodies', () => {
  it('answers 400 invalid_request for malformed JSON', async () => {
    const answer = await mock.call('POST', '/v1/campaigns/seq_123/person', { rawBody: '{"email": ' });
    expect(answer.status).toBe(400);
    expect(answer.json.error.type).toBe('invalid_request_error');
    expect(answer.json.error.code).toBe('invalid_request');
    expect(answer.json.error.message).toMatch(/^The request body is not valid JSON: /);
  });

  it('answers 400 when an operation with a body gets none', async () => {
    const answer = await mock.call('DELETE', '/v1/files');
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toBe('This operation needs a JSON request body.');
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const answer = await mock.call('POST', '/v1/crm/objects/deals/entries', { rawBody: 'x'.repeat(1024 * 1024 + 1) });
    expect(answer.status).toBe(413);
    expect(answer.json.error.code).toBe('payload_too_large');
  });
});

describe('routes', () => {
  it.each([
    ['GET', '/v1/nope', 'No operation answers GET /v1/nope.'],
    ['GET', '/v2/email/drafts/dr_123', 'No operation answers GET /v2/email/drafts/dr_123.'],
    ['GET', '/x/v1/files', 'No operation answers GET /x/v1/files.'],
  ])('answers 404 route_not_found for %s %s', async (method, path, message) => {
    const answer = await mock.call(method, path);
    expect(answer.status).toBe(404);
    expect(answer.json.error).toEqual({ message, type: 'not_found_error', code: 'route_not_found' });
  });

  it('answers 401 before 404 on an unknown route without a token', async () => {
    expect((await mock.call('GET', '/v1/nope', { token: null })).status).toBe(401);
  });

  it('records the raw path, query, lower-case headers and body of every API request, in order', async () => {
    await mock.call('GET', '/v1/email/drafts/dr%2F1?x=a%20b', { headers: { 'X-Trace': 't1' } });
    await mock.call('DELETE', '/v1/files', { body: { path: 'tmp' } });
    const [first, second] = mock.server().requests;
    expect(mock.server().requests).toHaveLength(2);
    expect(first).toMatchObject({ method: 'GET', path: '/v1/email/drafts/dr%2F1?x=a%20b', body: '' });
    expect(first?.headers['x-trace']).toBe('t1');
    expect(first?.headers.authorization).toBe('Bearer svc_mock_key');
    expect(second).toMatchObject({ method: 'DELETE', path: '/v1/files', body: '{"path":"tmp"}' });
  });

  it('keeps a path that a URL parser would normalise, such as dot segments', async () => {
    await sendRawTarget('/v1/email/drafts/../x');
    expect(mock.server().requests.at(-1)?.path).toBe('/v1/email/drafts/../x');
  });

  it('answers 400 for a request target that is not a path', async () => {
    const answer = await sendRawTarget('http://elsewhere/v1/files');
    expect(answer).toEqual({ status: 400, message: 'The request target "http://elsewhere/v1/files" is not a path.' });
  });
});

// fetch would normalise the path; node:http sends the target exactly as given.
function sendRawTarget(path: string): Promise<{ status: number | undefined; message: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(mock.server().origin);
    const req = httpRequest({ hostname, port, path, headers: { authorization: 'Bearer svc_mock_key' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode, message: JSON.parse(text).error?.message }));
    });
    req.on('error', reject);
    req.end();
  });
}
