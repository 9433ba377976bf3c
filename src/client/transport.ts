import { isBranded, setBrand } from '../cross-script.js';

/** What leaves the machine: one HTTP request, fully built. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Whole-request deadline, in milliseconds. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The proxy to go through (src/config/proxy-route.ts), credentials included; direct when absent. */
  proxy?: string;
  /** Trust the operating system's certificate store too (Node's bundled CAs and NODE_EXTRA_CA_CERTS always). */
  systemCa?: boolean;
}

/** What came back. `body` is the raw text; decoding is the caller's business. */
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Why the body could not be decoded (an unknown Content-Encoding or charset); `body` is then empty. */
  bodyProblem?: string;
  /** Decoded, but not faithfully (invalid UTF-8 shown as U+FFFD). */
  bodyWarning?: string;
}

/** Sends one request. Network faults reject with a TransportError; any status resolves. */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/**
 * `protocol`: an answer that is not HTTP a client can read (parser errors, a body longer than its
 * Content-Length). `tls`: the server's certificate is not trusted (never retried: it is not
 * transient). `proxy-auth`: the proxy refused the credentials (never retried). `proxy`: the proxy
 * could not be reached, or could not reach the API.
 */
export type TransportFailure = 'timeout' | 'refused' | 'reset' | 'network' | 'too-large' | 'aborted' | 'protocol' | 'tls' | 'proxy-auth' | 'proxy';

const TRANSPORT_ERROR = Symbol.for('svc.TransportError');

/** A request that got no complete HTTP answer. `sent` says whether any byte may have reached the server. */
export class TransportError extends Error {
  /** Any copy's instance (src/cross-script.ts): `svc mcp`'s script reads the command line's transport. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(this, TransportError, TRANSPORT_ERROR, value);
  }

  constructor(
    readonly kind: TransportFailure,
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
    setBrand(this, TRANSPORT_ERROR);
  }
}

/** What both transports (undici's, and node:http's on Bun) take. */
export interface TransportOptions {
  /** Responses larger than this are refused, so memory stays bounded. */
  maxResponseBytes?: number;
  /** Sockets kept open per origin (batch mode raises it). */
  connections?: number;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The runtime's CAs (bundled and NODE_EXTRA_CA_CERTS) and the system store's: ~45 ms to read, hence only for a request that asks. */
export async function systemCaCertificates(): Promise<string[]> {
  const tls = await import('node:tls');
  return [...new Set([...tls.getCACertificates('default'), ...tls.getCACertificates('system')])];
}
