import { describe, expect, it } from 'vitest';
import { builtInFixtures } from '../../src/mock/fixtures.js';
import { startMockServer } from '../../src/mock/server.js';
import { useMockSession } from './mock-session.js';

const mock = useMockSession();

describe('mock control routes', () => {
  it('GET /_mock/state shows the state after a write and is not recorded', async () => {
    await mock.call('POST', '/v1/crm/objects/deals/entries', { body: { data: { assignees: ['usr_grace', 'usr_ada'] } } });
    const state = await mock.state();
    expect(state.crmObjects.deals.entries).toEqual([{ entryId: 'ent_1', data: { assignees: ['usr_grace', 'usr_ada'] } }]);
    expect(mock.server().requests.map((r) => r.path)).toEqual(['/v1/crm/objects/deals/entries']);
    expect(mock.server().state()).toEqual(state);
  });

  it('GET /_mock/requests lists the recorded requests with the credential cut short', async () => {
    await mock.call('GET', '/v1/email/drafts/dr_123');
    const answer = await mock.call('GET', '/_mock/requests');
    expect(answer.status).toBe(200);
    expect(answer.json).toHaveLength(1);
    expect(answer.json[0]).toMatchObject({ method: 'GET', path: '/v1/email/drafts/dr_123', body: '' });
    expect(answer.json[0].headers.authorization).toBe('Bearer svc…');
  });

  it('POST /_mock/reset brings back the fixtures and empties the log', async () => {
    await mock.call('DELETE', '/v1/files', { body: { path: 'reports' } });
    const answer = await mock.call('POST', '/_mock/reset');
    expect(answer.json).toEqual({ ok: true });
    expect((await mock.state()).files['reports/2026/q3.csv']).toBe('file');
    expect(mock.server().requests).toEqual([]);
    const again = await mock.call('POST', '/v1/crm/objects/deals/entries', { body: { data: {} } });
    expect(again.json).toEqual({ entryId: 'ent_1' });
  });

  it('follows the bearer rule and answers 404 route_not_found for other /_mock paths', async () => {
    expect((await mock.call('GET', '/_mock/state', { token: null })).status).toBe(401);
    expect((await mock.call('GET', '/_mock/state', { token: 'svc_agent_x' })).status).toBe(200);
    const unknown = await mock.call('DELETE', '/_mock/state');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('route_not_found');
  });

  it('exposes a base URL ending in /v1 on 127.0.0.1 and the default key', () => {
    expect(mock.server().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(mock.server().url).toBe(`${mock.server().origin}/v1`);
    expect(mock.server().apiKey).toBe('svc_mock_key');
  });
});

describe('startMockServer options', () => {
  it('accepts another API key and other fixtures, and never changes the built-in ones', async () => {
    const fixtures = { ...builtInFixtures, drafts: { dr_x: { syncStatus: 'failed', revision: 9 } } };
    const server = await startMockServer({ apiKey: 'k_test', fixtures });
    try {
      const headers = { authorization: 'Bearer k_test' };
      const answer = await fetch(`${server.url}/email/drafts/dr_x`, { headers });
      expect(await answer.json()).toEqual({ ok: true, kind: 'email', draftId: 'dr_x', syncStatus: 'failed', revision: 9 });
      expect((await fetch(`${server.url}/email/drafts/dr_123`, { headers })).status).toBe(404);
      await fetch(`${server.url}/files`, { method: 'DELETE', headers, body: '{"path":"notes"}' });
      expect(builtInFixtures.files).toContain('notes/todo.md');
    } finally {
      await server.close();
    }
  });

  it('adds latencyMs to every API answer', async () => {
    const server = await startMockServer({ latencyMs: 120 });
    try {
      const started = performance.now();
      const answer = await fetch(`${server.url}/email/drafts/dr_123`, { headers: { authorization: 'Bearer svc_mock_key' } });
      expect(answer.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    } finally {
      await server.close();
    }
  });

  it('closes promptly with an idle keep-alive connection and a slow request open', async () => {
    const server = await startMockServer();
    const headers = { authorization: 'Bearer svc_mock_key' };
    await (await fetch(`${server.url}/email/drafts/dr_123`, { headers })).text();
    const slow = fetch(`${server.url}/email/drafts/dr_123`, { headers: { ...headers, 'x-mock-fault': 'slow=60000' } });
    // Until the server has the slow request (a real arrival, not a guess at how long it takes).
    while (server.requests.length < 2) await new Promise((resolve) => setImmediate(resolve));
    const started = performance.now();
    await server.close();
    // Far under the 60 s the slow request would take: a loaded machine stretches the close, not to that.
    expect(performance.now() - started).toBeLessThan(20_000);
    await expect(slow).rejects.toThrow();
    await server.close(); // a second close is harmless
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const port = Number(new URL(mock.server().origin).port);
    await expect(startMockServer({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
