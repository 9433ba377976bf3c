import type { RequestTarget } from '../client/exchange.js';
import { defaultRetryOptions, type RetryOptions } from '../client/retry.js';
import type { Target } from '../config/target.js';
import type { Rate } from '../config/rate.js';
import { createPacer, type Pacer } from '../client/pacer.js';
import { USER_AGENT } from '../version.js';
import type { Context } from './context.js';

/** Where and how a command's requests go: the one place base URL, token, User-Agent, timeout and network route meet. */
export function requestTargetOf(target: Target, signal: AbortSignal | undefined): RequestTarget {
  const { route } = target;
  return {
    baseUrl: target.baseUrl,
    token: target.credential?.token,
    userAgent: USER_AGENT,
    timeoutMs: target.timeoutMs,
    signal,
    proxy: route.proxy,
    systemCa: route.systemCa,
  };
}

/** The profile's retry policy (src/client/retry.ts), timed by the context's clock: single calls and batch lines alike. */
export function retryPolicy(ctx: Pick<Context, 'clock'>, target: Pick<Target, 'retries' | 'retryBaseMs'>): RetryOptions {
  return {
    ...defaultRetryOptions,
    retries: target.retries,
    baseDelayMs: target.retryBaseMs ?? defaultRetryOptions.baseDelayMs,
    clock: ctx.clock ?? defaultRetryOptions.clock,
  };
}

/**
 * The pace of a run of many requests (a batch's lines, `--paginate`'s pages): at most `rate`
 * starts a second, and one shared backoff when the service throttles (src/client/pacer.ts), timed
 * by the retry policy's clock. A stop (`signal`) lets go the requests waiting for their turn,
 * unsent; `debug` names each pause and each change of rate on stderr.
 */
export function runPacer(ctx: Pick<Context, 'io'>, retry: RetryOptions, options: { rate: Rate | undefined; signal?: AbortSignal; debug?: boolean }): Pacer {
  return createPacer({
    ceiling: options.rate?.perSecond,
    clock: retry.clock,
    maxPauseMs: retry.maxRetryAfterMs,
    signal: options.signal,
    onChange: options.debug ? (text) => ctx.io.err(text) : undefined,
  });
}
