// What a failed request (through undici, or node:http on Bun) is called, and whether any of it may have reached the server.
import { DecodedTooLarge } from './body-decoding.js';
import { certificateFailure, proxyFailure, theProxy } from './connection-errors.js';
import { type HttpRequest, TransportError } from './transport.js';

/** Error codes meaning the request never reached the server, so even a write may be tried again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

const within = (req: HttpRequest): string => `within ${req.timeoutMs! / 1000}s`;

/** The deadline or the caller's signal ended the wait for a free connection: nothing left the machine. */
export function notSentWhileWaiting(req: HttpRequest, expired: boolean): TransportError {
  const host = URL.canParse(req.url) ? new URL(req.url).host : req.url;
  if (!expired) return new TransportError('aborted', 'the request was interrupted before it was sent', false);
  return new TransportError('timeout', `no connection to ${host} became free ${within(req)}; nothing was sent`, false);
}

const mebibytes = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MiB`;

export const tooLarge = (maxBytes: number, detail: string): TransportError =>
  new TransportError('too-large', `the response is larger than the ${mebibytes(maxBytes)} limit${detail}; nothing of it was used`, true);

export const announcedTooLarge = (maxBytes: number, declared: number): TransportError => tooLarge(maxBytes, ` (it announced ${mebibytes(declared)})`);

/** What the request got instead of an answer, and whether it may have reached the server. */
export interface FailedRequest {
  req: HttpRequest;
  maxBytes: number;
  /** The request's deadline passed. */
  expired: boolean;
  /** The request was written to a connection (response-collector.ts, node-http-exchange.ts): only then may the server have it. */
  written: boolean;
}

/** An error from the HTTP client (or the body's decoding) as a TransportError; `sent` is the transport's account. */
export function toTransportError(error: unknown, failed: FailedRequest): TransportError {
  if (error instanceof TransportError) return error;
  if (error instanceof DecodedTooLarge) return tooLarge(failed.maxBytes, ` once decompressed (${error.message})`);
  const { req, written } = failed;
  const err = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  const apiHost = new URL(req.url).host;
  // Every failure of a request through a proxy names the proxy too.
  const host = req.proxy ? `${apiHost} through ${theProxy(req.proxy)}` : apiHost;
  if (failed.expired) {
    if (!written) return new TransportError('timeout', `no connection to ${host} was ready ${within(req)}; nothing was sent`, false);
    return new TransportError('timeout', `no complete answer from ${host} ${within(req)}`, true);
  }
  if (req.signal?.aborted)
    return new TransportError('aborted', written ? 'the request was interrupted' : 'the request was interrupted before it was sent', written);
  const special = certificateFailure(err, apiHost) ?? (req.proxy ? proxyFailure(err, req.proxy, apiHost) : undefined);
  if (special) return special;
  if (code === 'ECONNREFUSED') return new TransportError('refused', `could not connect to ${host}: connection refused`, false);
  if (NOT_SENT_CODES.has(code)) return new TransportError('network', `could not reach ${host} (${code})`, false);
  return answerFailure(err, code, host, written) ?? new TransportError('network', `request to ${host} failed: ${err.message ?? String(error)}`, written);
}

/**
 * llhttp's reason (`Invalid header token`), as each build's HTTP client wraps it: undici says
 * `Response does not match the HTTP/1.1 protocol (…)`, Bun's node:http `Parse Error: …`.
 */
function parserReason(message: string | undefined): string | undefined {
  const wrapped = /^Response does not match the HTTP\/1\.1 protocol \((.*)\)$/s.exec(message ?? '')?.[1];
  return wrapped ?? message?.replace(/^Parse Error: /, '');
}

/** An answer svc cannot read, or a connection closed before the answer was complete. */
function answerFailure(err: { name?: string; message?: string }, code: string, host: string, written: boolean): TransportError | undefined {
  if (code === 'UND_ERR_HEADERS_OVERFLOW' || code === 'HPE_HEADER_OVERFLOW')
    return new TransportError('too-large', `the response headers from ${host} are larger than the limit`, true);
  // Answers that are not HTTP a client can read: named as such, not as a network fault.
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH')
    return new TransportError('protocol', `the answer from ${host} is not valid HTTP: its body does not match its Content-Length`, true);
  // undici's 'bad response' is an interim 100 Continue: undici refuses it, though RFC 9110 §15.2
  // says a client must read past it (other 1xx answers, 102 and 103, it reads past). A known limit
  // of undici, named as such; test/client/interim-responses.test.ts keeps the reproduction.
  if (code === 'UND_ERR_SOCKET' && err.message === 'bad response') {
    return new TransportError(
      'protocol',
      `the answer from ${host} began with an interim "100 Continue", which svc's HTTP client (undici) cannot read past; the server has the request`,
      written,
    );
  }
  // 'bad upgrade' is an unrequested 101 Switching Protocols.
  if (err.name === 'HTTPParserError' || code.startsWith('HPE_') || (code === 'UND_ERR_SOCKET' && err.message === 'bad upgrade')) {
    return new TransportError('protocol', `the answer from ${host} is not HTTP/1.1 svc can read (${parserReason(err.message) ?? code})`, written);
  }
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') {
    if (!written) return new TransportError('reset', `the connection to ${host} was closed before the request was written; nothing was sent`, false);
    return new TransportError('reset', `the connection to ${host} was closed before the answer was complete`, true);
  }
  return undefined;
}
