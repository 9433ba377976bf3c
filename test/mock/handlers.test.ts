import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { registry } from '../../registry/index.js';
import { builtInFixtures } from '../../src/mock/fixtures.js';
import { createHandlers } from '../../src/mock/handlers.js';
import { createMockStore } from '../../src/mock/state.js';

const store = createMockStore(builtInFixtures);
const handlers = createHandlers(store, { apiKey: 'k1', baseUrl: 'http://svc.test/v1' });

describe('createHandlers', () => {
  it.each(Object.entries(registry))('routes %s: without a token it is a 401, not a 404', async (_id, op) => {
    const path = op.path.replace(/\{[^{}]+\}/g, 'x');
    const response = await getResponse(handlers, new Request(`http://svc.test/v1${path}`, { method: op.method }));
    expect(response?.status).toBe(401);
  });

  it('answers through msw alone, without the node server', async () => {
    const request = new Request('http://svc.test/v1/crm/tasks/series/ser_monthly/occurrences', { headers: { authorization: 'Bearer k1' } });
    const response = await getResponse(handlers, request);
    expect(await response?.json()).toEqual([{ taskId: 'tsk_m1', title: 'Monthly billing check', dueAt: '2026-03-31T17:00:00Z', status: 'open' }]);
  });

  it('answers 404 route_not_found under the base URL and leaves other origins alone', async () => {
    const headers = { authorization: 'Bearer k1' };
    const unknown = await getResponse(handlers, new Request('http://svc.test/v1/billing', { headers }));
    expect(unknown?.status).toBe(404);
    expect((await unknown?.json()).error.code).toBe('route_not_found');
    expect(await getResponse(handlers, new Request('http://other.test/v1/billing', { headers }))).toBeUndefined();
  });
});
