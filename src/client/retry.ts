import { isIdempotent, type OperationSpec, throttlesBeforeApplying } from '../../registry/define.js';
import type { CallError, CallResult } from './result.js';
import { type Clock, systemClock } from '../clock.js';
import type { Pacer } from './pacing.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  retries: number;
  /** Ceiling of the first backoff wait, doubled at each retry (default 500 ms). */
  baseDelayMs: number;
  /** Ceiling of any one backoff wait (default 20 s). */
  maxDelayMs: number;
  /** The longest `Retry-After` honoured; a longer one ends the retries (default 60 s). */
  maxRetryAfterMs: number;
  clock: Clock;
  /** One pace for every request of a run, shared by its calls (src/client/pacer.ts); none for a single call. */
  pacer?: Pacer;
}

export const defaultRetryOptions: RetryOptions = { retries: 3, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 60_000, clock: systemClock };

/** Statuses that say "try again later" rather than "this request is wrong". */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** What the retry decision reads of an operation: its method, whether it is idempotent, whether a 429 comes before anything is applied (registry/define.ts). */
export type RetrySubject = Pick<OperationSpec, 'method' | 'idempotent' | 'throttlesBeforeApplying'>;

/** What a record or an error says of a request answered 429 and not sent again. */
export const THROTTLED_NOT_APPLIED = 'not applied: the service refused it with 429 Too Many Requests, which comes before processing (RFC 6585); safe to resend';

/**
 * Server errors that say the request was not handled: 501 (not supported), 503 (RFC 9110: unable to
 * handle it now), 505 (the HTTP version refused) and 511 (a proxy asking for a network login, before
 * the service). Any other 5xx says nothing of what happened: 500 (the server failed, perhaps midway),
 * 502 and 504 (a gateway lost or timed out on an answer the origin may have sent), 520-599.
 */
const NOT_HANDLED_5XX: ReadonlySet<number> = new Set([501, 503, 505, 511]);

/**
 * Whether a failed request may have taken effect: a write (an operation not safe to repeat) that left
 * and whose answer was lost, came back as a success svc could not read, or got a server error that
 * does not say it was not handled. svc never sends such a request again; the user checks first.
 */
export function mayHaveBeenApplied(op: Pick<OperationSpec, 'method' | 'idempotent'>, error: CallError): boolean {
  if (isIdempotent(op)) return false;
  switch (error.kind) {
    case 'transport':
      return error.sent;
    case 'unreadable':
      return true;
    case 'api':
      return error.status >= 500 && !NOT_HANDLED_5XX.has(error.status);
    case 'invalid':
      return false;
  }
}

/** What a record or an error says of a write that may have been applied. */
export const mayHaveBeenAppliedWords = (method: string): string => `the ${method} may have been applied: check before sending it again`;

/** Failures another attempt cannot change: a certificate, a proxy refusing the credentials, the caller's own stop (a signal, a closed reader). */
const PERMANENT_FAILURES: ReadonlySet<string> = new Set(['tls', 'proxy-auth', 'aborted']);

/** What to do after a failed attempt; `failure` and `why` are words for `--debug`. */
export type RetryDecision = { failure: string; retry: true; waitMs: number; why: string } | { failure: string; retry: false; why: string };

/**
 * Decides whether a failed attempt is tried again. Only failures that may pass are candidates:
 * a retryable status or a lost connection. A request that may have reached the server is repeated
 * only when its method is idempotent, so a write is never duplicated; a request that never left
 * (connection refused) may be repeated whatever its method. Idempotence is the operation's
 * (declared, else by method). Returns undefined for a success or a failure another attempt cannot fix.
 */
export function decideRetry(op: RetrySubject, result: CallResult<unknown>, attempt: number, options: RetryOptions): RetryDecision | undefined {
  const { method } = op;
  if (result.ok) return undefined;
  const { error } = result;
  let failure: string;
  let reachedServer = true;
  if (error.kind === 'transport' && PERMANENT_FAILURES.has(error.failure)) return undefined;
  if (error.kind === 'api' && RETRYABLE_STATUSES.has(error.status)) failure = `HTTP ${error.status}`;
  else if (error.kind === 'transport' && !error.sent) {
    failure = error.failure === 'refused' ? 'connection refused' : error.message;
    reachedServer = false;
  } else if (error.kind === 'transport' && (error.failure === 'reset' || error.failure === 'network'))
    failure = error.failure === 'reset' ? 'connection reset' : error.message;
  else return undefined;

  const idempotent = isIdempotent(op);
  // A 429 where it is declared to come before anything is applied: sent again, whatever the method.
  const unapplied = error.kind === 'api' && error.status === 429 && throttlesBeforeApplying(op);
  if (reachedServer && !idempotent && !unapplied) return { failure, retry: false, why: `${method} is not idempotent and may have reached the server` };
  if (attempt > options.retries) return { failure, retry: false, why: options.retries === 0 ? 'retries are off' : `all ${options.retries} retries used` };
  const asked = retryAfterMs(result.headers?.['retry-after'], options.clock.now());
  if (asked !== undefined && asked > options.maxRetryAfterMs) {
    return { failure, retry: false, why: `the service asked to wait ${seconds(asked)}, over the ${seconds(options.maxRetryAfterMs)} limit` };
  }
  if (asked !== undefined) return { failure, retry: true, waitMs: asked, why: `Retry-After: ${result.headers!['retry-after']}` };
  const waitMs = backoffMs(attempt, options);
  return { failure, retry: true, waitMs, why: reachedServer ? `backoff; ${resendWhy(op, idempotent)}` : 'backoff; nothing was sent' };
}

function resendWhy(op: RetrySubject, idempotent: boolean): string {
  if (!idempotent) return `a 429 to this ${op.method} is declared to come before anything is applied`;
  return op.idempotent === true ? `this ${op.method} is declared idempotent` : `${op.method} is idempotent`;
}

/**
 * Whether a wait (src/core/wait.ts) polls through this failure rather than end with it: what
 * `decideRetry` would send again (a retryable status, a connection lost or never made), and a poll
 * that timed out, since a wait only ever repeats what is safe to repeat. A certificate, a proxy
 * refusing the credentials, an answer svc cannot read and a stop are not passing.
 */
export function waitsThrough(result: CallResult<unknown>): boolean {
  if (result.ok) return false;
  const { error } = result;
  if (error.kind === 'api') return RETRYABLE_STATUSES.has(error.status);
  if (error.kind !== 'transport' || PERMANENT_FAILURES.has(error.failure)) return false;
  return !error.sent || error.failure === 'reset' || error.failure === 'network' || error.failure === 'timeout';
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base * 2^(attempt-1))). */
export function backoffMs(attempt: number, options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'clock'>): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(options.clock.random() * ceiling);
}

/** `Retry-After` as milliseconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (!/[a-z]/i.test(text) || Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

export const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(2))}s`;
