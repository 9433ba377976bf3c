import type { TransportFailure } from './transport.js';

/** Why a call did not succeed. */
export type CallError =
  /** The body failed the registry's schema or a path parameter was unusable: nothing was sent. */
  | { kind: 'invalid'; message: string; issues: Issue[] }
  /** The service answered with a non-2xx status. */
  | { kind: 'api'; status: number; message: string; type?: string; code?: string; details?: unknown; body: string }
  /** A 2xx answer whose body could not be read as JSON. */
  | { kind: 'unreadable'; status: number; message: string }
  /** No complete HTTP answer (refused, reset, timeout, too large, interrupted). */
  | { kind: 'transport'; failure: TransportFailure; message: string; sent: boolean };

/** One validation problem: where (field path) and what. */
export interface Issue {
  path: (string | number)[];
  message: string;
}

/** What `client.call` resolves to; it never throws for API or network faults. */
export type CallResult<T> =
  | {
      ok: true;
      status: number;
      data: T;
      headers: Record<string, string>;
      /**
       * The body exactly as the service sent it, for printing: every key kept (`__proto__` too,
       * which the schema's parse drops), and numbers a double would change (9007199254740993, -0,
       * 1e400) as `JSON.rawJSON` values that JSON.stringify writes back unchanged. Keys are listed in
       * the order sent: an object with integer-like keys after others, which a plain object would
       * list first, is a Proxy listing them as sent (structuredClone refuses it; JSON.parse of
       * JSON.stringify makes a plain copy). Absent without a body.
       */
      json?: unknown;
      /** Set when a 2xx body did not match the registry's response schema; `data` is then the raw body. */
      mismatch?: string;
      /** Read, but not faithfully: invalid UTF-8 shown as U+FFFD. */
      warning?: string;
      /** Requests sent for this call, retries included. */
      attempts?: number;
      throttled?: Throttling;
    }
  | {
      ok: false;
      status: number;
      error: CallError;
      headers?: Record<string, string>;
      attempts?: number;
      throttled?: Throttling;
      /**
       * Present when the request may have taken effect although the call failed: a write (an operation
       * not safe to repeat) whose answer was lost, a success whose body could not be read, or a 500,
       * 502, 504 (any 5xx but 501, 503, 505 and 511). svc did not send it again: check before you do.
       */
      mayHaveApplied?: true;
    };

/**
 * How the service's throttling reached one call of a paced run (a batch line, a page): present only
 * when it did. `answers`: its attempts answered 429, or 503 with Retry-After; `waitedMs`: how long
 * it waited for them (its own Retry-After or backoff, and pauses of the whole run).
 */
export interface Throttling {
  answers: number;
  waitedMs: number;
}
