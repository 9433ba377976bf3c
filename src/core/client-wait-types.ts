import type { CallResult } from '../client/result.js';

// The library's wait as its users see it (src/core/client-wait.ts runs it): kept apart, so the
// package's type declarations carry no more than the result types.

/** What `client.waitFor` takes: the condition, the failure condition, and its time, in seconds as the client's `timeout`. */
export interface WaitOptions<T> {
  /**
   * What to wait for: a JMESPath expression true of the answer (`"syncStatus == 'synced'"`, true as
   * JMESPath reads it: not false, null, "", [] or {}), `'exists'` (a 2xx), `'deleted'` (a 404), or
   * a function of the answer's data that returns true (at once: a function that returns a promise,
   * or throws, ends the wait, `failed`).
   */
  until: string | ((data: T) => unknown);
  /** Stop at once, outcome `failed`, when this is true of an answer: a JMESPath expression or a function. */
  failWhen?: string | ((data: T) => unknown);
  /** Give up after this many seconds (default 300; 0.01 to 86400). */
  timeout?: number;
  /** The first pause between calls, in seconds (default 1, or the timeout when shorter; 0.1 to 3600); it grows by half each poll, to 30. */
  interval?: number;
  /** Ends the wait at once: the result is the call's `aborted` failure, outcome `failed`. */
  signal?: AbortSignal;
}

/**
 * What `client.waitFor` resolves to: the last call's result, and how the wait went. `met`: the
 * condition held (`ok` is true, but for `deleted`, met by a 404); `failed`: `failWhen` held (`ok`
 * true, the answer that held it), or the call failed in a way waiting cannot change (`ok` false:
 * a 401, a 400, a 404 while waiting for a value, a stop, invalid input or options); `timeout`: time
 * ran out (the last answer, or the passing failure of the last poll). `problem`: the condition
 * could not be evaluated on the last answer.
 */
export type WaitResult<T> = CallResult<T> & { outcome: 'met' | 'failed' | 'timeout'; polls: number; waitedMs: number; problem?: string; message?: string };
