// undici's Agent by path, not its index: the index also builds fetch, WebSocket,
// EventSource, cache stores, mock agents and more, which roughly doubles the code an API call loads
// (see README, Speed). Same classes, same behaviour; undici has no exports map, so the paths are
// part of the installed package (pinned in package-lock.json).
import Agent from 'undici/lib/dispatcher/agent.js';
import type { Dispatcher } from 'undici';
import { decodeBody, decodedAnswer } from './body-decoding.js';
import { isProxyRefusal, proxyAuthFailure } from './connection-errors.js';
import { createConnectionSlots } from './connection-slots.js';
import { startDeadline } from './request-deadline.js';
import { splitUrl } from './url-split.js';
import { ResponseCollector } from './response-collector.js';
import { DEFAULT_MAX_RESPONSE_BYTES, type HttpRequest, type HttpResponse, systemCaCertificates, type Transport, type TransportOptions } from './transport.js';
import { notSentWhileWaiting, toTransportError } from './transport-failures.js';

/** The production transport: undici over a keep-alive pool. */
export function createUndiciTransport(options: TransportOptions = {}): Transport {
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const connections = options.connections ?? 8;
  const dispatcherFor = createDispatchers({ connections, keepAliveTimeout: 10_000 });
  // Requests wait for a connection here, not in undici's queue, so a timeout while waiting is named
  // as such ("no connection … became free"); whether a request was sent is undici's own account.
  const slots = createConnectionSlots(connections);
  return async (req: HttpRequest): Promise<HttpResponse> => {
    const deadline = startDeadline(req);
    const taken = slots.takeNow(deadline) || (await slots.take(deadline as unknown as AbortSignal));
    if (!taken || deadline.aborted) {
      if (taken) slots.give();
      deadline.release();
      throw notSentWhileWaiting(req, deadline.expired);
    }
    // Whether undici wrote the request to a connection: it alone knows; the collector hears it.
    const collector = new ResponseCollector(deadline, maxBytes, req.proxy ? proxyRefusal(req.proxy) : undefined);
    try {
      // One async frame per request, not two: the exchange is written out here.
      const { origin, path } = splitUrl(req.url);
      const options = { origin, path, method: req.method as 'GET', headers: req.headers, body: req.body, headersTimeout: 0, bodyTimeout: 0 };
      const dispatcher = dispatcherFor(req);
      const { status, headers, bytes } = await collector.send(dispatcher instanceof Promise ? await dispatcher : dispatcher, options);
      const decoding = decodeBody(bytes, headers, maxBytes);
      return decodedAnswer(status, headers, decoding instanceof Promise ? await decoding : decoding);
    } catch (error) {
      throw toTransportError(error, { req, maxBytes, expired: deadline.expired, written: collector.written });
    } finally {
      deadline.release();
      slots.give();
    }
  };
}

/** A proxy's 407 (or its refusal of the tunnel) is refused before its body is read. */
const proxyRefusal = (proxy: string) => (status: number, headers: Record<string, string>) =>
  isProxyRefusal(status, headers) ? proxyAuthFailure(proxy) : undefined;

type PoolOptions = { connections: number; keepAliveTimeout: number; connectTimeout?: number | undefined };

/**
 * The dispatcher for a request's route: a plain Agent, or undici's ProxyAgent per proxy URL (CONNECT
 * for https, absolute-form for http). The proxy agent and the system CA store load only when a
 * request asks for them, so a call with no proxy pays nothing for either.
 */
function createDispatchers(pool: PoolOptions): (req: HttpRequest) => Dispatcher | Promise<Dispatcher> {
  const dispatchers = new Map<string, Dispatcher | Promise<Dispatcher>>();
  // The last route's dispatcher, by its parts: a batch asks for the same one on every call, and
  // building the key string and hashing it was a measurable share of its CPU per call.
  let last: { systemCa: boolean; proxy: string | undefined; timeoutMs: number | undefined; dispatcher: Dispatcher } | undefined;
  return (req) => {
    const systemCa = req.systemCa === true;
    if (last && last.systemCa === systemCa && last.proxy === req.proxy && last.timeoutMs === req.timeoutMs) return last.dispatcher;
    const key = `${systemCa}|${req.proxy ?? ''}|${req.timeoutMs ?? ''}`;
    let dispatcher = dispatchers.get(key);
    // undici's connect timeout is the request's: a connection the deadline gave up on (a TLS
    // handshake that never finishes) is closed then too, not after undici's 10 s, which would keep
    // the process alive after its answer.
    if (!dispatcher) {
      const made = createDispatcher({ ...pool, connectTimeout: req.timeoutMs }, req.proxy, systemCa);
      dispatchers.set(key, (dispatcher = made));
      // Once made, the dispatcher itself is handed out: no promise to wait on per request.
      made.then(
        (ready) => dispatchers.set(key, ready),
        () => {},
      );
    } else if (!(dispatcher instanceof Promise)) last = { systemCa, proxy: req.proxy, timeoutMs: req.timeoutMs, dispatcher };
    return dispatcher;
  };
}

async function createDispatcher(pool: PoolOptions, proxy: string | undefined, systemCa: boolean): Promise<Dispatcher> {
  const tls = systemCa ? { ca: await systemCaCertificates() } : undefined;
  if (!proxy) return new Agent({ ...pool, connect: tls });
  const { ProxyAgent, proxyClientFactory } = await import('./proxy-agent.js');
  return new ProxyAgent({ ...pool, uri: proxy, proxyTunnel: false, requestTls: tls, proxyTls: tls, clientFactory: proxyClientFactory(pool.connectTimeout) });
}
