import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransportError } from '../../src/client/transport.js';
import { createUndiciTransport } from '../../src/client/undici-transport.js';

// A server that reads the request and never answers: only the deadline or the caller can end it.
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("undici transport: the deadline and the caller's signal", () => {
  it('a request with no answer within its timeout fails as a timeout', async () => {
    const send = createUndiciTransport();
    const error = await send({ method: 'GET', url, headers: {}, timeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringMatching(/within 0\.1s$/) });
  });

  it('a request whose caller aborts fails as interrupted, not as a timeout', async () => {
    const send = createUndiciTransport();
    const controller = new AbortController();
    server.once('request', () => controller.abort()); // once the request has arrived: it is in flight
    const error = await send({ method: 'GET', url, headers: {}, timeoutMs: 10_000, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'aborted' });
  });

  it('one caller abort ends every request of that caller still in flight, and only those', async () => {
    const send = createUndiciTransport({ connections: 4 });
    const controller = new AbortController();
    const other = new AbortController();
    // The caller's two that must be in flight when it aborts. Those with a short timeout are not
    // waited for: on a loaded machine one may end before it is even sent, and would never arrive.
    const waited = new Set(['/v1/x?first', '/v1/x?third']);
    const bothArrived = new Promise<void>((resolve) => {
      const onRequest = (request: { url?: string }) => {
        waited.delete(request.url ?? '');
        if (waited.size > 0) return;
        server.off('request', onRequest);
        resolve();
      };
      server.on('request', onRequest);
    });
    const call = (name: string, signal: AbortSignal, timeoutMs: number) =>
      send({ method: 'GET', url: `${url}?${name}`, headers: {}, timeoutMs, signal }).catch((e: unknown) => e);
    // The second of this caller's three requests ends first, by its own timeout: it leaves the middle of the caller's list.
    const calls = [call('first', controller.signal, 10_000), call('second', controller.signal, 300), call('third', controller.signal, 10_000)];
    const unrelated = call('other', other.signal, 1_500);
    await bothArrived;
    await calls[1];
    controller.abort();
    expect(await Promise.all(calls)).toMatchObject([{ kind: 'aborted' }, { kind: 'timeout' }, { kind: 'aborted' }]);
    expect(await unrelated).toMatchObject({ kind: 'timeout' });
  });

  it('a signal already aborted sends nothing that waits', async () => {
    const send = createUndiciTransport();
    const started = performance.now();
    const error = await send({ method: 'GET', url, headers: {}, timeoutMs: 10_000, signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'aborted' });
    // Far under the request's 10 s timeout, which is what waiting would cost; load stretches no more than that.
    expect(performance.now() - started).toBeLessThan(8_000);
  });
});
