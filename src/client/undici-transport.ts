// undici's Agent and request() by path, not its index: the index also builds fetch, WebSocket,
// EventSource, cache stores, mock agents and more, which roughly doubles the code an API call loads
// (see README, Speed). Same classes, same behaviour; undici has no exports map, so the paths are
// part of the installed package (pinned in package-lock.json).
import Agent from 'undici/lib/dispatcher/agent.js';
import dispatchRequest from 'undici/lib/api/api-request.js';
import type { Dispatcher } from 'undici';
import { decodeBody } from './body-decoding.js';
import { isProxyRefusal, proxyAuthFailure } from './connection-errors.js';
import { createConnectionSlots } from './connection-slots.js';
import type { HttpRequest, HttpResponse, Transport } from './transport.js';
import { announcedTooLarge, notSentWhileWaiting, tooLarge, toTransportError } from './transport-failures.js';
import { WrittenWatch } from './written-watch.js';

export interface UndiciTransportOptions {
  /** Responses larger than this are refused, so memory stays bounded. */
  maxResponseBytes?: number;
  /** Sockets kept open per origin (batch mode raises it). */
  connections?: number;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The production transport: undici over a keep-alive pool. */
export function createUndiciTransport(options: UndiciTransportOptions = {}): Transport {
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const connections = options.connections ?? 8;
  const dispatcherFor = createDispatchers({ connections, keepAliveTimeout: 10_000 });
  // Requests wait for a connection here, not in undici's queue, so a timeout while waiting is named
  // as such ("no connection … became free"); whether a request was sent is undici's own account.
  const slots = createConnectionSlots(connections);
  return async (req: HttpRequest): Promise<HttpResponse> => {
    const deadline = createDeadline(req);
    const taken = await slots.take(deadline.signal as unknown as AbortSignal);
    if (!taken || deadline.signal.aborted) {
      if (taken) slots.give();
      deadline.release();
      throw notSentWhileWaiting(req, deadline.expired());
    }
    // Whether undici wrote the request to a connection: it alone knows (issue #17).
    const watch = new WrittenWatch();
    try {
      const dispatcher = watch.around(await dispatcherFor(req));
      return await Promise.race([exchange(dispatcher, req, deadline.signal as unknown as AbortSignal, maxBytes), unwrittenAtAbort(deadline.signal, watch)]);
    } catch (error) {
      throw toTransportError(error, { req, maxBytes, expired: deadline.expired(), written: watch.written });
    } finally {
      deadline.release();
      slots.give();
    }
  };
}

/**
 * Rejects when the deadline or the caller ends a request undici has not written yet. undici acts on
 * the abort only once the request reaches a connection: one still connecting (a slow connect, a
 * TLS handshake that never finishes) would wait for that, up to undici's own 10 s connect timeout,
 * and then be dropped unsent. The timeout bounds connecting too; the request is never written later.
 */
function unwrittenAtAbort(signal: DeadlineSignal, watch: WrittenWatch): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => {
      if (!watch.written) reject(signal.reason);
    });
  });
}

/** Sends the request through `dispatcher` and reads the whole answer, refused past `maxBytes`. */
async function exchange(dispatcher: Dispatcher, req: HttpRequest, signal: AbortSignal, maxBytes: number): Promise<HttpResponse> {
  const { origin, path } = splitUrl(req.url);
  const res = await dispatchRequest.call(dispatcher, {
    origin,
    path,
    method: req.method as 'GET',
    headers: req.headers,
    body: req.body,
    signal,
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  const declared = Number(res.headers['content-length']);
  if (declared > maxBytes) {
    res.body.destroy(); // refused before a byte of it is read
    throw announcedTooLarge(maxBytes, declared);
  }
  const headers = flattenHeaders(res.headers);
  if (req.proxy && isProxyRefusal(res.statusCode, headers)) {
    res.body.destroy();
    throw proxyAuthFailure(req.proxy);
  }
  // A declared length within the limit is held to by undici: read the body whole, undici's fast path.
  const bytes = res.headers['content-length'] !== undefined ? Buffer.from(await res.body.arrayBuffer()) : await readCapped(res.body, maxBytes);
  const decoded = await decodeBody(bytes, headers, maxBytes);
  const response: HttpResponse = { status: res.statusCode, headers, body: decoded.text };
  if (decoded.problem) response.bodyProblem = decoded.problem;
  if (decoded.warning) response.bodyWarning = decoded.warning;
  return response;
}

type PoolOptions = { connections: number; keepAliveTimeout: number; connectTimeout?: number | undefined };

/**
 * The dispatcher for a request's route: a plain Agent, or undici's ProxyAgent per proxy URL (CONNECT
 * for https, absolute-form for http). The proxy agent and the system CA store load only when a
 * request asks for them, so a call with no proxy pays nothing for either (issue #16).
 */
function createDispatchers(pool: PoolOptions): (req: HttpRequest) => Promise<Dispatcher> {
  const dispatchers = new Map<string, Promise<Dispatcher>>();
  return (req) => {
    const key = `${req.systemCa === true}|${req.proxy ?? ''}|${req.timeoutMs ?? ''}`;
    let dispatcher = dispatchers.get(key);
    // undici's connect timeout is the request's: a connection the deadline gave up on (a TLS
    // handshake that never finishes) is closed then too, not after undici's 10 s, which would keep
    // the process alive after its answer.
    if (!dispatcher) {
      dispatcher = createDispatcher({ ...pool, connectTimeout: req.timeoutMs }, req.proxy, req.systemCa === true);
      dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  };
}

async function createDispatcher(pool: PoolOptions, proxy: string | undefined, systemCa: boolean): Promise<Dispatcher> {
  const tls = systemCa ? { ca: await systemCaCertificates() } : undefined;
  if (!proxy) return new Agent({ ...pool, connect: tls });
  const { ProxyAgent } = await import('./proxy-agent.js');
  return new ProxyAgent({ ...pool, uri: proxy, proxyTunnel: false, requestTls: tls, proxyTls: tls });
}

/** Node's CAs (bundled and NODE_EXTRA_CA_CERTS) and the system store's: ~45 ms to read, hence opt-in. */
async function systemCaCertificates(): Promise<string[]> {
  const tls = await import('node:tls');
  return [...new Set([...tls.getCACertificates('default'), ...tls.getCACertificates('system')])];
}

/**
 * One signal for the request's timeout and the caller's signal. A timer cleared when the request
 * ends, not AbortSignal.timeout: in a batch of thousands of calls, each of those would stay alive
 * (with its request) for the whole timeout, and memory would grow with the batch (issue #6). The
 * signal is a minimal EventTarget (undici takes any), not an AbortController: made per call, the
 * controller was a measurable share of a batch's CPU per call (issue #13).
 */
function createDeadline(req: HttpRequest): { signal: DeadlineSignal; expired: () => boolean; release(): void } {
  const signal = new DeadlineSignal();
  let expired = false;
  const timer = req.timeoutMs
    ? setTimeout(() => {
        expired = true;
        signal.abort();
      }, req.timeoutMs)
    : undefined;
  const forward = () => signal.abort();
  if (req.signal?.aborted) signal.abort();
  else req.signal?.addEventListener('abort', forward, { once: true });
  return {
    signal,
    expired: () => expired,
    release() {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', forward);
    },
  };
}

/** What undici reads of a signal: `aborted`, `reason`, and the 'abort' listeners. */
class DeadlineSignal {
  aborted = false;
  reason: Error | undefined;
  private listeners: (() => void)[] = [];
  addEventListener(_type: 'abort', listener: () => void): void {
    this.listeners.push(listener);
  }
  removeEventListener(_type: 'abort', listener: () => void): void {
    const index = this.listeners.indexOf(listener);
    if (index !== -1) this.listeners.splice(index, 1);
  }
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
    for (const listener of this.listeners.splice(0)) listener();
  }
}

const origins = new Map<string, string>();
/** Characters the URL parser keeps as they are in a path and query. */
const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;

/**
 * The origin and path of a URL. The URL parser runs once per base URL, not per call (it was a
 * measurable share of a batch's CPU per call); a URL it would rewrite (a fragment, a backslash,
 * white space, dot segments) is always parsed.
 */
function splitUrl(url: string): { origin: string; path: string } {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const prefix = slash === -1 ? url : url.slice(0, slash);
  const rest = slash === -1 ? '/' : url.slice(slash);
  let origin = /[?#\\]/.test(prefix) ? undefined : origins.get(prefix);
  if (origin === undefined && origins.size < 16 && !/[?#\\]/.test(prefix)) origins.set(prefix, (origin = new URL(prefix).origin));
  if (origin === undefined || !PLAIN_PATH.test(rest) || DOT_SEGMENT.test(rest)) {
    const parsed = new URL(url);
    return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
  }
  return { origin, path: rest };
}

/** The body's bytes, refused past `maxBytes`. Events, not `for await`: the async iterator costs more per call. */
function readCapped(body: NodeJS.ReadableStream & { destroy(): void }, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        body.destroy();
        reject(tooLarge(maxBytes, ''));
      } else chunks.push(chunk);
    });
    body.on('error', reject);
    body.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
  });
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
