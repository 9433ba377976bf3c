import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';

// Issue #17: `call` never throws or rejects; misuse resolves to { ok: false, error: { kind: 'invalid' } }
// with nothing sent, and a request still waiting for a connection is never reported as sent.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server on 127.0.0.1 that counts what it receives and answers each request after `delayMs`. */
async function countingServer(delayMs: number): Promise<{ url: string; received: () => number }> {
  let received = 0;
  server = createServer((req, res) => {
    received++;
    req.resume();
    setTimeout(() => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"entryId":"ent_1"}');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, received: () => received };
}

describe('client.call keeps its contract', () => {
  it.each([
    ['an unknown operation id', (c: any) => c.call('no_such_op', {}), /unknown operation id "no_such_op"/],
    ['a prototype key as an id', (c: any) => c.call('toString', {}), /unknown operation id "toString"/],
    ['no input at all', (c: any) => c.call('email_drafts_get'), /the input must be an object/],
    ['null input', (c: any) => c.call('email_drafts_get', null), /the input must be an object/],
    ['a missing path parameter', (c: any) => c.call('email_drafts_get', {}), /draftId/],
    ['a BigInt in the body', (c: any) => c.call('crm_entries_create', { objectName: 'deals', body: { data: { n: 10n } } }), /body\.data\.n is a BigInt/],
    ['NaN in the body', (c: any) => c.call('crm_entries_create', { objectName: 'deals', body: { data: { n: Number.NaN } } }), /body\.data\.n is NaN/],
    ['Infinity in the body', (c: any) => c.call('crm_entries_create', { objectName: 'deals', body: { data: { n: Number.POSITIVE_INFINITY } } }), /is Infinity/],
    ['a cycle in the body', (c: any) => { const data: Record<string, unknown> = {}; data.self = data; return c.call('crm_entries_create', { objectName: 'deals', body: { data } }); }, /cycle/],
    ['undefined in a list', (c: any) => c.call('crm_entries_create', { objectName: 'deals', body: { data: { tags: ['a', undefined] } } }), /tags\[1\] is undefined/],
  ])('%s resolves to an invalid error, nothing sent', async (_name, call, message) => {
    const { url, received } = await countingServer(0);
    const result = await call(createClient({ baseUrl: url, token: 'svc_test_key', retries: 0 }));
    expect(result).toMatchObject({ ok: false, status: 0, error: { kind: 'invalid', message: expect.stringMatching(message) } });
    expect(received()).toBe(0);
  });

  it.each([['not a url'], ['ftp://127.0.0.1/v1'], ['']])('an invalid baseUrl (%j) resolves to an invalid error', async (baseUrl) => {
    const result = await createClient({ baseUrl, token: 'svc_test_key' }).call('email_drafts_get', { draftId: 'dr_1' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', message: expect.stringMatching(/^baseUrl: /) } });
  });
});

describe('time waiting for a connection is not a sent request', () => {
  it('64 creates over 8 connections, 2.5 s timeout, a 1 s service: a call that waited for a connection is not sent', async () => {
    const service = await countingServer(1000);
    const client = createClient({ baseUrl: service.url, token: 'svc_test_key', timeout: 2.5, retries: 0 });
    const results = await Promise.all(Array.from({ length: 64 }, () => client.call('crm_entries_create', { objectName: 'deals', body: { data: { name: 'Acme' } } })));
    const succeeded = results.filter((r) => r.ok).length;
    const failures = results.flatMap((r) => (r.ok ? [] : [r.error]));
    const sent = failures.filter((e) => e.kind === 'transport' && e.sent).length;
    const waited = failures.filter((e) => e.kind === 'transport' && !e.sent);
    expect(succeeded).toBeGreaterThanOrEqual(8);
    // "not sent" is never a lie (a write flagged so could be sent again); "sent" may also cover a
    // request cut off between getting its connection and reaching the server.
    expect(succeeded).toBeLessThanOrEqual(service.received());
    expect(succeeded + sent).toBeGreaterThanOrEqual(service.received());
    console.log(`64 creates: ${succeeded} succeeded, ${sent} flagged sent, ${waited.length} not sent; the server received ${service.received()}`);
    expect(waited.length).toBeLessThanOrEqual(64 - service.received());
    expect(waited.length).toBeGreaterThanOrEqual(24);
    for (const error of waited) expect(error.message).toMatch(/^no connection to 127\.0\.0\.1:\d+ became free within 2\.5s; nothing was sent$/);
  }, 20_000);
});
