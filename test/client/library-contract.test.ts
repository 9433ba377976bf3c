import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';

// `call` never throws or rejects; misuse resolves to { ok: false, error: { kind: 'invalid' } }
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
    [
      'a cycle in the body',
      (c: any) => {
        const data: Record<string, unknown> = {};
        data.self = data;
        return c.call('crm_entries_create', { objectName: 'deals', body: { data } });
      },
      /cycle/,
    ],
    [
      'undefined in a list',
      (c: any) => c.call('crm_entries_create', { objectName: 'deals', body: { data: { tags: ['a', undefined] } } }),
      /tags\[1\] is undefined/,
    ],
    [
      'a toJSON that throws',
      (c: any) =>
        c.call('crm_entries_create', {
          objectName: 'deals',
          body: {
            data: {
              n: {
                toJSON() {
                  throw new Error('boom');
                },
              },
            },
          },
        }),
      /the input could not be read: boom/,
    ],
    [
      'a getter that throws',
      (c: any) =>
        c.call('crm_entries_create', {
          objectName: 'deals',
          body: {
            data: {
              get n() {
                throw new Error('getter');
              },
            },
          },
        }),
      /the input could not be read: getter/,
    ],
    [
      'a Proxy as the input that throws',
      (c: any) =>
        c.call(
          'email_drafts_get',
          new Proxy(
            {},
            {
              ownKeys() {
                throw new Error('trap');
              },
            },
          ),
        ),
      /the input could not be read: trap/,
    ],
    ['a number as a path parameter', (c: any) => c.call('email_drafts_get', { draftId: 5 }), /^<draftId> must be a string, not a number$/],
  ])('%s resolves to an invalid error, nothing sent', async (_name, call, message) => {
    const { url, received } = await countingServer(0);
    const result = await call(createClient({ baseUrl: url, token: 'svc_test_key', retries: 0 }));
    expect(result).toMatchObject({ ok: false, status: 0, error: { kind: 'invalid', message: expect.stringMatching(message) } });
    expect(received()).toBe(0);
  });

  it.each([
    ['no options', () => createClient(null as any), /^createClient: the options must be an object/],
    [
      'retries that are not a number',
      () => createClient({ baseUrl: 'http://127.0.0.1:1/v1', retries: 'x' as any }),
      /^createClient: retries must be a number or an object/,
    ],
    ['retries out of the range', () => createClient({ baseUrl: 'http://127.0.0.1:1/v1', retries: 11 }), /^createClient: retries: expected .*, got "11"$/],
    ['a negative timeout', () => createClient({ baseUrl: 'http://127.0.0.1:1/v1', timeout: -1 }), /^createClient: timeout: expected/],
  ])('createClient refuses %s at once, with a sentence', (_name, create, message) => {
    expect(create).toThrow(message);
  });

  it.each([['not a url'], ['ftp://127.0.0.1/v1'], ['']])('an invalid baseUrl (%j) resolves to an invalid error', async (baseUrl) => {
    const result = await createClient({ baseUrl, token: 'svc_test_key' }).call('email_drafts_get', { draftId: 'dr_1' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', message: expect.stringMatching(/^baseUrl: /) } });
  });
});

describe('sent means the server may have it: time waiting for a connection is not a sent request', () => {
  it('64 creates over 8 connections, 2.5 s timeout, a 1 s service: succeeded + flagged sent = what the server received', async () => {
    const service = await countingServer(1000);
    const client = createClient({ baseUrl: service.url, token: 'svc_test_key', timeout: 2.5, retries: 0 });
    const results = await Promise.all(
      Array.from({ length: 64 }, () => client.call('crm_entries_create', { objectName: 'deals', body: { data: { name: 'Acme' } } })),
    );
    const succeeded = results.filter((r) => r.ok).length;
    const failures = results.flatMap((r) => (r.ok ? [] : [r.error]));
    const sent = failures.filter((e) => e.kind === 'transport' && e.sent);
    const notSent = failures.filter((e) => e.kind === 'transport' && !e.sent);
    console.log(`64 creates: ${succeeded} succeeded, ${sent.length} flagged sent, ${notSent.length} not sent; the server received ${service.received()}`);
    expect(failures.every((e) => e.kind === 'transport' && e.failure === 'timeout')).toBe(true);
    // Exact both ways: every request the server received is a success or flagged sent, and nothing
    // flagged sent is missing at the server (a write flagged "not sent" may be sent again).
    expect(succeeded + sent.length).toBe(service.received());
    expect(succeeded).toBeGreaterThanOrEqual(8);
    expect(notSent.length).toBeGreaterThanOrEqual(24);
    for (const error of sent) expect(error.message).toMatch(/^no complete answer from 127\.0\.0\.1:\d+ within 2\.5s$/);
    for (const error of notSent) expect(error.message).toMatch(/^no connection to 127\.0\.0\.1:\d+ (became free|was ready) within 2\.5s; nothing was sent$/);
  }, 20_000);
});

describe('a request undici never wrote is not sent', () => {
  it('a TLS handshake that never finishes: the timeout ends it, and says nothing was sent', async () => {
    let bytes = 0;
    const sockets = new Set<Socket>();
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const stalled = createNetServer((socket) => {
      sockets.add(socket);
      socket.on('close', closed);
      socket.on('data', (chunk) => (bytes += chunk.length)); // a ClientHello, never answered
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(stalled.address() as AddressInfo).port}/v1`;
      const client = createClient({ baseUrl: url, token: 'svc_test_key', timeout: 0.5, retries: 0 });
      const started = performance.now();
      const result = await client.call('crm_entries_create', { objectName: 'deals', body: { data: { name: 'Acme' } } });
      // The timeout bounds connecting too: not undici's own 10 s connect timeout. The bound is under
      // that, and far over the 0.5 s asked for, which a loaded machine stretches.
      expect(performance.now() - started).toBeLessThan(8_000);
      expect(result).toMatchObject({
        ok: false,
        error: {
          kind: 'transport',
          failure: 'timeout',
          sent: false,
          message: expect.stringMatching(/^no connection to 127\.0\.0\.1:\d+ was ready within 0\.5s; nothing was sent$/),
        },
      });
      expect(bytes).toBeGreaterThan(0); // the connection was made: only the request was never written
      // ... and given up by then, so nothing keeps the process alive after the answer.
      await connectionClosed;
      expect(performance.now() - started).toBeLessThan(8_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => stalled.close(() => resolve()));
    }
  });
});
