import { refuseBearer } from './bearer.js';
import type { Incoming, RecordedRequest } from './exchange.js';

/** The most requests the log keeps; older ones are dropped first. */
export const REQUEST_LOG_SIZE = 1000;
/** The most body text kept per request; `bodyBytes` gives the size of a longer one. */
export const LOGGED_BODY_BYTES = 64 * 1024;

/**
 * A ring of the most recent API requests, each body cut to LOGGED_BODY_BYTES: the log's memory is
 * bounded (at most about 64 MiB) however long the mock runs and whatever it is sent.
 * Each entry says whether its bearer token was accepted; a refused request's body is not kept,
 * since anyone who can reach the port could fill the log with it.
 */
export function recordRequest(log: RecordedRequest[], incoming: Incoming, apiKey: string): void {
  const authenticated = refuseBearer(incoming.headers.authorization, apiKey) === undefined;
  const bytes = Buffer.byteLength(incoming.body);
  const entry: RecordedRequest = {
    method: incoming.method,
    path: incoming.path,
    headers: incoming.headers,
    body: authenticated ? cut(incoming.body, bytes) : '',
    authenticated,
  };
  if (incoming.tooLarge) entry.bodyTooLarge = true;
  else if (entry.body !== incoming.body) entry.bodyBytes = bytes;
  log.push(entry);
  if (log.length > REQUEST_LOG_SIZE) log.splice(0, log.length - REQUEST_LOG_SIZE);
}

function cut(body: string, bytes: number): string {
  if (bytes <= LOGGED_BODY_BYTES) return body;
  // Cut at a character boundary: a partial UTF-8 sequence would become U+FFFD.
  return Buffer.from(body)
    .subarray(0, LOGGED_BODY_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}
