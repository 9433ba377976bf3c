import type { OperationSpec } from '../../registry/define.js';
import { readResponse, type ResultUse } from './exchange.js';
import type { CallResult, Throttling } from './result.js';
import { decideRetry, defaultRetryOptions, mayHaveBeenApplied, type RetryDecision, type RetryOptions } from './retry.js';
import { type HttpRequest, type Transport, TransportError } from './transport.js';

export interface CallHooks {
  /** Sees each request just before it is sent (for --debug); `attempt` counts from 1. */
  onRequest?(request: HttpRequest, attempt: number): void;
  onResponse?(response: { status: number; headers: Record<string, string>; body: string }, ms: number): void;
  /** Sees the decision after each failed attempt that another attempt might fix. */
  onRetryDecision?(decision: RetryDecision & { attempt: number; attempts: number }): void;
  /** The clock `onResponse` is timed by, in ms (the caller's; `performance.now` when absent). */
  now?(): number;
}

/**
 * Sends a built request and reads the answer, retrying what the policy allows (src/client/retry.ts).
 * The result carries how many attempts were made.
 */
export async function sendRequest<T>(
  op: OperationSpec,
  request: HttpRequest,
  send: Transport,
  hooks: CallHooks = {},
  retry: RetryOptions = defaultRetryOptions,
  use: ResultUse = {},
): Promise<CallResult<T>> {
  const { pacer } = retry;
  // Set once the service throttles this call or a pause holds it: most calls never allocate it.
  let throttled: Throttled | undefined;
  for (let attempt = 1; ; attempt++) {
    // The attempt is written out here, not awaited through one more async function per call.
    let result: CallResult<T>;
    const turn = pacer?.take(request.signal);
    const held = turn ? await turn : 0;
    if (held === 'stopped') result = notSent('interrupted while waiting for its turn to be sent');
    else if (request.signal?.aborted) result = notSent('the request was interrupted');
    else {
      if (held > 0) (throttled ??= { answers: 0, waitedMs: 0 }).waitedMs += held;
      const epoch = pacer?.epoch ?? 0;
      hooks.onRequest?.(request, attempt);
      // Timed only for --debug: the performance global loads perf_hooks (~1 ms) on first use.
      const now = hooks.onResponse ? (hooks.now ?? (() => performance.now())) : undefined;
      const started = now ? now() : 0;
      try {
        const response = await send(request);
        if (hooks.onResponse) hooks.onResponse(response, now!() - started);
        if (pacer?.answered(response.status, response.headers, epoch)) (throttled ??= { answers: 0, waitedMs: 0 }).answers++;
        result = readResponse<T>(op, response, use);
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        result = { ok: false, status: 0, error: { kind: 'transport', failure: error.kind, message: error.message, sent: error.sent } };
      }
    }
    const decision = decideRetry(op, result, attempt, retry);
    if (decision) hooks.onRetryDecision?.({ ...decision, attempt, attempts: retry.retries + 1 });
    if (!decision?.retry) {
      result.attempts = attempt; // the result is this call's own: set, not copied
      if (throttled) result.throttled = throttled;
      if (!result.ok && mayHaveBeenApplied(op, result.error)) result.mayHaveApplied = true;
      return result;
    }
    if (throttled && isThrottle(result)) throttled.waitedMs += decision.waitMs;
    try {
      await retry.clock.sleep(decision.waitMs, request.signal);
    } catch {
      return { ...notSent('interrupted while waiting to retry'), attempts: attempt, ...(throttled ? { throttled } : {}) };
    }
  }
}

type Throttled = Throttling;

const notSent = (message: string): CallResult<never> => ({ ok: false, status: 0, error: { kind: 'transport', failure: 'aborted', message, sent: false } });

/** An answer that says the service is throttling: 429, or 503 with Retry-After (as the pacer reads them). */
const isThrottle = (result: CallResult<unknown>): boolean =>
  !result.ok && result.error.kind === 'api' && (result.status === 429 || (result.status === 503 && result.headers?.['retry-after'] !== undefined));
